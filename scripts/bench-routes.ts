/**
 * The request path of `npm run bench` (issue 8): signed-in reads at 50 connections and typical
 * mutations at 10, on the demo organization and on a large tenant (scripts/bench-tenant.ts), each
 * as req/s, its ratio to the Fastify hello-world baseline measured in the same run, p50, p99 and
 * errors, with the goal it is held to.
 */
import autocannon from 'autocannon';
import { withClient } from './bench-pg.ts';
import { type DiskSync, probeDiskSync, timeWalFlushes, type WalFlushes, walFlushes } from './bench-disk.ts';
import { buildLargeTenant, LARGE_PROJECT_MEMBERSHIPS, LARGE_TENANT, projectsToEdit } from './bench-tenant.ts';
import { type Figure, freshGoal, type Goal, type Measured, MUTATION_GOAL, READ_GOAL, type References, SESSION_GOAL } from './bench-goals.ts';

export const READ_CONNECTIONS = 50;
export const MUTATION_CONNECTIONS = 10;

export interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** A body per request (a fresh name for creations). */
  body?: () => unknown;
  /** A path and body per request (each request its own project in turn). */
  each?: () => { path: string; body: unknown };
  goal: Goal;
  connections: number;
  /** Sent with every request besides the caller's cookie and CSRF header. */
  headers?: Record<string, string>;
}

export interface Caller {
  baseUrl: string;
  cookie: string;
  csrf: string;
}

/** Signs in as the demo OWNER (the seed's) at `baseUrl`: the cookie and CSRF header every bench call sends. */
export async function signInDemoOwner(baseUrl: string): Promise<Caller> {
  const login = await fetch(`${baseUrl}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.example.com', password: 'Console#2026' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  if (!login.ok || !cookie.includes('sid=')) throw new Error(`bench sign-in at ${baseUrl} failed: ${login.status}`);
  return { baseUrl, cookie, csrf: /(?:^|; )csrfToken=([^;]+)/.exec(cookie)?.[1] ?? '' };
}

export async function load(
  name: string,
  url: string,
  options: {
    connections: number;
    durationS: number;
    warmUpS: number;
    method?: 'GET' | 'POST' | 'PUT';
    headers?: Record<string, string>;
    body?: () => unknown;
    each?: () => { path: string; body: unknown };
    /** Run between the warm-up and the measured seconds. */
    beforeMeasure?: () => Promise<void>;
    /**
     * The measured seconds in slices of SLICE_S, `between` run after each but the last (the
     * references, referencesAround): a read's figure is its slices' together — req/s over their
     * seconds, p50 and p99 of every answer in them (autocannon's histograms merged).
     */
    slices?: { between: () => Promise<void> };
  },
): Promise<Figure> {
  const { body, each } = options;
  const request: autocannon.Request = {
    method: options.method ?? 'GET',
    ...(body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(body()) }) } : {}),
    ...(each
      ? {
          setupRequest: (req: autocannon.Request) => {
            const next = each();
            return { ...req, path: next.path, body: JSON.stringify(next.body) };
          },
        }
      : {}),
  };
  const settings = {
    url,
    connections: options.connections,
    headers: { ...options.headers, ...(body || each ? { 'content-type': 'application/json' } : {}) },
    requests: [request],
  };
  const run = (duration: number) => autocannon({ ...settings, duration });
  // A short warm-up so the JIT, the caches and the connection pool are in their working state.
  if (options.warmUpS > 0) await run(options.warmUpS);
  await options.beforeMeasure?.();
  if (options.slices) return sliced(name, settings, Math.max(1, Math.round(options.durationS / SLICE_S)), options.slices.between);
  const result = await run(options.durationS);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's `errors` include its timeouts.
    errors: result.errors + result.non2xx,
    connections: options.connections,
    requests: result.requests.total,
  };
}

/** Seconds of each slice of a read (load's `slices`). */
export const SLICE_S = 2;

/** A measurement in slices of SLICE_S with `between` after each but the last (see load's `slices`). */
async function sliced(name: string, settings: autocannon.Options, count: number, between: () => Promise<void>): Promise<Figure> {
  const slices: autocannon.Result[] = [];
  for (let index = 0; index < count; index++) {
    // Each slice's histograms as they are (not summed up): merged below, so p99 is of every answer.
    slices.push(await autocannon({ ...settings, duration: SLICE_S, skipAggregateResult: true } as autocannon.Options));
    if (index < count - 1) await between();
  }
  const raw = slices as unknown as { totalCompletedRequests: number; duration: number }[];
  // autocannon's own merge of results run with skipAggregateResult (its types do not declare it).
  const { aggregateResult } = autocannon as unknown as { aggregateResult(results: unknown[], options: { url: unknown; connections: unknown }): autocannon.Result };
  const merged = aggregateResult(slices, { url: settings.url, connections: settings.connections });
  const seconds = raw.reduce((sum, slice) => sum + slice.duration, 0);
  const answered = raw.reduce((sum, slice) => sum + slice.totalCompletedRequests, 0);
  return {
    name,
    requestsPerSecond: seconds > 0 ? answered / seconds : 0,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    errors: merged.errors + merged.non2xx,
    connections: settings.connections ?? 0,
    requests: answered,
  };
}

async function getJson<T>(caller: Caller, path: string): Promise<T> {
  const response = await fetch(`${caller.baseUrl}${path}`, { headers: { cookie: caller.cookie } });
  const json = (await response.json()) as T & { header: { isSuccessful: boolean } };
  if (!json.header.isSuccessful) throw new Error(`bench GET ${path}: ${JSON.stringify(json.header)}`);
  return json;
}

async function send<T>(caller: Caller, method: 'POST' | 'PUT', path: string, body: unknown): Promise<T> {
  const response = await fetch(`${caller.baseUrl}${path}`, {
    method,
    headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { header: { isSuccessful: boolean } };
  if (!json.header.isSuccessful) throw new Error(`bench ${method} ${path}: ${JSON.stringify(json.header)}`);
  return json;
}

/** Twenty permission ids of spec §6, as the web's permission hook asks for a page's buttons. */
const AUTHORIZE_IDS = [
  'Project.Setting.Get', 'Project.Setting.Update', 'Project.Setting.Delete', 'Project.Owner.Update',
  'Project.Member.List', 'Project.Member.Get', 'Project.Member.Create', 'Project.Member.Update',
  'Project.Member.Delete', 'Project.Member.Iam.Create', 'Project.Member.Iam.Update', 'Project.Member.BatchRegister',
  'Project.RoleGroup.List', 'Project.RoleGroup.Get', 'Project.RoleGroup.Create', 'Project.RoleGroup.Update',
  'Project.RoleGroup.Delete', 'Organization.Setting.Get', 'Organization.Member.List', 'Organization.Project.Create',
];

/**
 * The reads of a tenant. `fresh`: asked with Cache-Control: no-cache, each held to the floor of its
 * size (scripts/bench-goals.ts freshGoal): a page of 50 to the floor of 50 rows, one project to the
 * floor of one, the large tenant's project members (five and the owner) to the floor of six, its
 * common role groups to the floor of as many.
 */
function casesOf(label: string, ids: { orgId: string; projectId: string; memberId: string }, fresh = false): Case[] {
  const read = (name: string, path: string, rows: number, method: 'GET' | 'POST' = 'GET', body?: () => unknown): Case => ({
    name: `${label}: ${method} ${name}`,
    method,
    path,
    ...(body ? { body } : {}),
    ...(fresh ? { headers: { 'cache-control': 'no-cache' } } : {}),
    goal: fresh ? freshGoal(rows) : READ_GOAL,
    connections: READ_CONNECTIONS,
  });
  return [
    read('/api/cab/v6/projects?limit=50 (my projects)', '/api/cab/v6/projects?page=1&limit=50', 50),
    read('/api/cab/v5/projects?orgId&limit=50', `/api/cab/v5/projects?orgId=${ids.orgId}&page=1&limit=50`, 50),
    read('/api/cab/v5/projects/:projectId', `/api/cab/v5/projects/${ids.projectId}`, 1),
    read('/api/cab/v5/organizations/:orgId/members?limit=50', `/api/cab/v5/organizations/${ids.orgId}/members?page=1&limit=50`, 50),
    read('/api/cab/v5/organizations/:orgId/members/:memberId', `/api/cab/v5/organizations/${ids.orgId}/members/${ids.memberId}`, 1),
    read('/api/cab/v5/projects/:projectId/members?limit=50', `/api/cab/v5/projects/${ids.projectId}/members?page=1&limit=50`, LARGE_PROJECT_MEMBERSHIPS),
    read('/api/cab/v6/organizations/:orgId/role-groups?limit=50', `/api/cab/v6/organizations/${ids.orgId}/role-groups?page=1&limit=50`, LARGE_TENANT.commonRoleGroups),
    read('/api/cab/v6/organizations/:orgId/activities?limit=50', `/api/cab/v6/organizations/${ids.orgId}/activities?page=1&limit=50`, 50),
    read('/api/console/v1/projects/:projectId/authorize (20 ids)', `/api/console/v1/projects/${ids.projectId}/authorize`, 1, 'POST', () => ({
      permissionIds: AUTHORIZE_IDS,
    })),
  ];
}

/**
 * A typical mutation as people make them: ten at once, each on a row of its own. The project
 * update takes the organization's edited projects in turn (EDITED_PROJECTS of them, ten times the
 * connections), so the requests in flight write different rows — not ten writers queued on one
 * row's lock, which is what the case measured before.
 */
export function mutationCases(label: string, ids: { orgId: string; editedProjectIds: readonly string[] }, run: string): Case[] {
  let description = 0;
  let group = 0;
  return [
    {
      name: `${label}: PUT /api/cab/v5/projects/:projectId (description; each request its own project in turn, of ${ids.editedProjectIds.length})`,
      method: 'PUT',
      path: `/api/cab/v5/projects/${ids.editedProjectIds[0]}`,
      each: () => {
        const index = description++ % ids.editedProjectIds.length;
        return {
          path: `/api/cab/v5/projects/${ids.editedProjectIds[index]}`,
          body: { projectName: `Bench edit ${run} ${index}`, description: `Description ${description}` },
        };
      },
      goal: MUTATION_GOAL,
      connections: MUTATION_CONNECTIONS,
    },
    {
      name: `${label}: POST /api/cab/v6/organizations/:orgId/role-groups (add)`,
      method: 'POST',
      path: `/api/cab/v6/organizations/${ids.orgId}/role-groups`,
      body: () => ({
        roleGroupName: `Bench group ${run}-${++group}`,
        description: 'Added by npm run bench',
        roles: [{ roleId: 'PROJECT_ROLE:DASHBOARD_VIEWER', denialSetting: 'ALLOW', conditions: [] }],
      }),
      goal: MUTATION_GOAL,
      connections: MUTATION_CONNECTIONS,
    },
  ];
}

/** The tables the mutation cases write. */
const WRITTEN_TABLES = ['projects', 'role_groups', 'role_group_roles', 'activity_events'];

/**
 * ANALYZE of the tables the mutations write: their statistics at the size the warm-up left, and
 * every cached plan on them made again (an ANALYZE invalidates them), as autovacuum keeps them in a
 * database that is not grown from a few rows within seconds.
 */
export async function analyzeWritten(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (client) => client.query(`analyze ${WRITTEN_TABLES.join(', ')}`));
}

export interface RouteResults {
  figures: Measured[];
  tenant: string;
  /** The disk's write + fdatasync, probed just before each label's mutations. */
  disk: { label: string; sync: DiskSync }[];
}

/** Seconds the disk is probed before each label's mutations. */
const DISK_PROBE_S = 5;

/**
 * Measures every case on the demo organization, builds the large tenant, measures the reads
 * again there, then the mutations (last, as they add rows the lists would otherwise count); each
 * case between its references (scripts/bench-goals.ts referencesAround).
 */
export async function benchRoutes(
  caller: Caller,
  options: { databaseUrl: string; durationS: number; warmUpS: number; pgDataDir: string },
  references: References,
): Promise<RouteResults> {
  const { session } = await getJson<{ session: { uuid: string } }>(caller, '/api/console/v1/session');
  const orgs = await getJson<{ orgs: { orgId: string; orgName: string }[] }>(caller, '/api/cab/v7/organizations');
  const demoOrg = orgs.orgs.find((org) => org.orgName === 'Demo Organization') ?? orgs.orgs[0]!;
  const demoProjects = await getJson<{ projects: { projectId: string; projectName: string }[] }>(
    caller,
    `/api/cab/v5/projects?orgId=${demoOrg.orgId}&page=1&limit=50`,
  );
  const demoMembers = await getJson<{ members: { memberUuid: string }[] }>(
    caller,
    `/api/cab/v5/organizations/${demoOrg.orgId}/members?page=1&limit=50`,
  );
  const demo = {
    orgId: demoOrg.orgId,
    projectId: demoProjects.projects.find((project) => project.projectName === 'Web Service')?.projectId ?? demoProjects.projects[0]!.projectId,
    memberId: demoMembers.members.find((member) => member.memberUuid !== session.uuid)?.memberUuid ?? session.uuid,
  };

  const created = await send<{ org: { orgId: string } }>(caller, 'POST', '/api/cab/v5/organizations', { org: { orgName: 'Bench Large Tenant' } });
  const large = await buildLargeTenant(options.databaseUrl, created.org.orgId, session.uuid);

  const headers = { cookie: caller.cookie, 'x-csrf-token': caller.csrf };
  const figures: RouteResults['figures'] = [];
  const measure = async (each: Case) => {
    let walBefore: WalFlushes | undefined;
    const read = each.goal !== MUTATION_GOAL;
    const { result: figure, around } = await references.around(each.goal.floor?.rows, (between) => load(each.name, `${caller.baseUrl}${each.path}`, {
      // A read in slices with its references in between (its goal is a share of theirs); a mutation whole.
      ...(read ? { slices: { between } } : {}),
      connections: each.connections,
      durationS: options.durationS,
      warmUpS: options.warmUpS,
      method: each.method,
      headers: { ...headers, ...each.headers },
      ...(each.body ? { body: each.body } : {}),
      ...(each.each ? { each: each.each } : {}),
      ...(each.goal !== MUTATION_GOAL
        ? {}
        : {
            beforeMeasure: async () => {
              // The tables the case writes analysed at their working size (docs/benchmarks-request-path.md,
              // "The demo role-group add against the large tenant's"): the warm-up grew them from the few
              // rows the large tenant's build analysed, and each connection's prepared statements kept the
              // plans they chose then (a sequential scan of role_groups per add, read longer with every
              // add) until autovacuum's ANALYZE — which fell between the demo's add and the large's.
              await analyzeWritten(options.databaseUrl);
              walBefore = await walFlushes(options.databaseUrl);
            },
          }),
    }));
    if (walBefore) {
      // Backends report their I/O figures about once a second: wait for the last second's.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const after = await walFlushes(options.databaseUrl);
      figure.wal = {
        fsyncs: after.fsyncs - walBefore.fsyncs,
        fsyncMs: after.fsyncMs - walBefore.fsyncMs,
        bytes: after.bytes - walBefore.bytes,
        fullPages: after.fullPages - walBefore.fullPages,
        checkpoints: after.checkpoints - walBefore.checkpoints,
      };
    }
    figures.push({ ...figure, goal: each.goal, around });
  };
  const disk: RouteResults['disk'] = [];
  await timeWalFlushes(options.databaseUrl);

  await measure({ name: 'GET /api/console/v1/session (signed in)', method: 'GET', path: '/api/console/v1/session', goal: SESSION_GOAL, connections: READ_CONNECTIONS });
  for (const each of casesOf('demo', demo)) await measure(each);
  for (const each of casesOf('large', large)) await measure(each);
  // The same reads asking for a fresh answer (Cache-Control: no-cache, as a hard reload sends): the
  // handler and its SQL on every request, so the large tenant's plans are measured, not only the cache.
  for (const each of casesOf('large, fresh', large, true)) if (each.method === 'GET') await measure(each);
  const demoEdited = await projectsToEdit(options.databaseUrl, demo.orgId, session.uuid, 'Bench edit demo');
  const largeEdited = await projectsToEdit(options.databaseUrl, large.orgId, session.uuid, 'Large project');
  disk.push({ label: 'demo', sync: await probeDiskSync(options.pgDataDir, DISK_PROBE_S) });
  for (const each of mutationCases('demo', { orgId: demo.orgId, editedProjectIds: demoEdited }, 'demo')) await measure(each);
  disk.push({ label: 'large', sync: await probeDiskSync(options.pgDataDir, DISK_PROBE_S) });
  for (const each of mutationCases('large', { orgId: large.orgId, editedProjectIds: largeEdited }, 'large')) await measure(each);
  return {
    disk,
    figures,
    tenant: `${LARGE_TENANT.projects.toLocaleString('en-US')} projects, ${LARGE_TENANT.members.toLocaleString('en-US')} members (five to a project), ${LARGE_TENANT.activities.toLocaleString('en-US')} activity rows, ${LARGE_TENANT.commonRoleGroups} common role groups`,
  };
}

/**
 * What the mutations' answers wait on, measured in the same minutes (scripts/bench-disk.ts): the
 * disk's own write + fdatasync just before each label's mutations, and PostgreSQL's WAL flushes
 * during each mutation case. Not goals: the floor a durable commit's latency stands on.
 */
export function commitWaits(routes: RouteResults): string[] {
  const mutations = routes.figures.filter((figure) => figure.wal);
  return [
    'What a mutation waits on (not goals): the disk of the cluster, one 8 KB write + fdatasync in a loop for 5 s just before each label\'s mutations; and PostgreSQL\'s WAL in each mutation case\'s measured seconds: its flushes (pg_stat_io, track_wal_io_timing), the bytes written and the full-page images among them (pg_stat_wal: a page\'s first change after a checkpoint began writes the whole page), and the checkpoints begun (pg_stat_checkpointer). Each backend reports about once a second, so the last second may be missing.',
    '',
    '| measured | count | p50 ms | p99 ms | max ms | WAL flushes a request | mean flush ms | WAL bytes a request | full-page images a request | checkpoints begun |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...routes.disk.map(({ label, sync }) => `| disk before the ${label} mutations | ${sync.count.toLocaleString('en-US')} | ${sync.p50} | ${sync.p99} | ${sync.max} | | | | | |`),
    ...mutations.map((figure) => {
      const wal = figure.wal!;
      const perRequest = figure.requests > 0 ? (wal.fsyncs / figure.requests).toFixed(2) : '–';
      const meanFlush = wal.fsyncs > 0 ? (wal.fsyncMs / wal.fsyncs).toFixed(2) : '–';
      const per = (value: number, digits: number) => (figure.requests > 0 ? (value / figure.requests).toFixed(digits) : '–');
      return `| ${figure.name} | ${figure.requests.toLocaleString('en-US')} requests | ${figure.p50} | ${figure.p99} | | ${perRequest} | ${meanFlush} | ${per(wal.bytes, 0)} | ${per(wal.fullPages, 2)} | ${wal.checkpoints} |`;
    }),
  ];
}
