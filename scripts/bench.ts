/**
 * `npm run bench`: measures on this machine, in one run, a Fastify hello-world server (the
 * baseline) and the console's request path (signed-in reads and mutations on the demo
 * organization and on a large tenant: scripts/bench-routes.ts), the 1,000-row import and the
 * permission engine, and writes docs/benchmarks.md with each figure's ratio to the baseline.
 * Machines here are noisy: compare ratios, not absolute numbers.
 * `BENCH_ONLY=routes` measures the request path alone (a quicker loop while working on it) and replaces
 * its section of docs/benchmarks.md;
 * `BENCH_ONLY=ingest` usage and metric ingestion alone (scripts/bench-ingest.ts, docs/benchmarks-ingest.md).
 * `BENCH_ONLY=alarms` metric alarm evaluation alone (scripts/bench-alarms.ts, docs/benchmarks-alarms.md).
 * `BENCH_ONLY=lighthouse` measures the first paint of the main pages alone (scripts/bench-lighthouse.ts,
 * against the built web: run `npm run build` first) and updates its section of docs/benchmarks.md;
 * with `LIGHTHOUSE_BASELINE_DIST=<an older apps/web/dist>` it measures that build too, served by a
 * second server on the same database, for a before/after taken in one run.
 * `BENCH_APP_PORT`, `BENCH_PG_PORT`, `BENCH_BASELINE_PORT`, `BENCH_HELLO_PORT`: the ports to use
 * (default: any free ones), for a machine shared by engineers who each keep to their own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildFilledTemplate } from '../apps/api/src/modules/imports/spreadsheet.ts';
import { benchLighthouse, lighthouseSection } from './bench-lighthouse.ts';
import { benchPolicy } from './bench-policy.ts';
import { benchIngest } from './bench-ingest.ts';
import { ALARM_BENCH_PART, benchAlarms } from './bench-alarms.ts';
import { randomBytes } from 'node:crypto';
import { withClient } from './bench-pg.ts';
import { aroundText, FLOOR_MAX_ROWS, goalText, meets, referencesAround, rpsText, summaryOf } from './bench-goals.ts';
import { benchRoutes, commitWaits, load, READ_CONNECTIONS, signInDemoOwner, SLICE_S } from './bench-routes.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of each reference measurement around a case (after a one-second warm-up). */
const REFERENCE_S = Number(process.env.BENCH_REFERENCE_DURATION ?? 3);
/**
 * A reference's measurement: REFERENCE_S after a second's warm-up around a case; one second, warm
 * already, between a read's slices (scripts/bench-goals.ts referencesAround).
 */
const referenceOptions = (slice = false) => ({ connections: READ_CONNECTIONS, durationS: slice ? 1 : REFERENCE_S, warmUpS: slice ? 0 : 1 });

/** Rows of the import measurement (spec §9 caps a file at 1,000) and its goal per step. */
const IMPORT_ROWS = 1000;
const IMPORT_GOAL_MS = 1000;
const IMPORT_RUNS = 3;
const WARM_UP_S = Number(process.env.BENCH_WARM_UP ?? 3);
const ONLY_ROUTES = process.env.BENCH_ONLY === 'routes';
/** `BENCH_ONLY=ingest`: usage and metric ingestion alone (scripts/bench-ingest.ts; BENCH_INGEST_DURATION seconds, default 60). */
const ONLY_INGEST = process.env.BENCH_ONLY === 'ingest';
/** `BENCH_ONLY=alarms`: metric alarm evaluation alone (scripts/bench-alarms.ts, docs/benchmarks-alarms.md). */
const ONLY_ALARMS = process.env.BENCH_ONLY === 'alarms';
const INGEST_DURATION_S = Number(process.env.BENCH_INGEST_DURATION ?? process.env.BENCH_DURATION ?? 60);
/** Production requires SECRETS_KEY: a throw-away one per run (the bench seals its Appkey's secret with it). */
const SECRETS_KEY = randomBytes(32);

/**
 * FLOOR_MAX_ROWS rows with the fields and sizes of the console's project page (≈ 600 bytes a row of
 * JSON), kept in a table of their own for the floors: no index, no join, no session, no check.
 */
const FLOOR_PAGE_ROWS_SQL = `select md5(g::text || 'org')::uuid::text as "projectOrgId", md5(g::text)::uuid::text as "projectId",
  left(md5(g::text), 8) as "shortenProjectId", 'Large project ' || g as "projectName", md5(g::text || 'owner')::uuid::text as "projectOwnerId",
  array['ADMIN'] as "projectMemberRoleCodes", 'STABLE' as "projectStatusCode", 'Project ' || g || ' of the large tenant' as "projectDescription",
  md5(g::text) as "projectIaasTenantId", now() - g * interval '1 minute' as "regDateTime", now() as "modDateTime",
  'owner' || g || '@large.example.com' as "ownerEmail", 'Owner ' || g as "ownerName", true as "canDelete", 'Bench Large Tenant' as "orgName"
  from generate_series(1, ${FLOOR_MAX_ROWS}) g`;
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
/** The first-paint section, written by every run that measures it and included in docs/benchmarks.md. */
const FIRST_PAINT_PART = 'docs/benchmarks-first-paint.md';
/** The second server of a before/after first-paint measurement (LIGHTHOUSE_BASELINE_DIST). */
let baselineWeb: ChildProcess | undefined;
const root = path.resolve(import.meta.dirname, '..');

/**
 * A port of this run: `BENCH_<NAME>_PORT` when set (an engineer on a shared machine keeps to the
 * ports given to them), else one the system has free.
 */
async function portOf(name: 'APP' | 'PG' | 'BASELINE' | 'HELLO' | 'FLOOR'): Promise<number> {
  const given = Number(process.env[`BENCH_${name}_PORT`]);
  return Number.isInteger(given) && given > 0 ? given : freePort();
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

// The first-paint figures are of the web as it is in this checkout: build it first (a fresh clone has
// no apps/web/dist, and an old build would measure code that is gone).
if (ONLY_LIGHTHOUSE || !(ONLY_ROUTES || ONLY_INGEST || ONLY_ALARMS)) {
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build:web exited with ${build.status}`);
}

/**
 * A bare Fastify server in a child process (the baselines): `setup` is module code run before
 * `app.listen` with `app` made; `env` its environment's additions.
 */
function bareFastify(port: number, setup: string, env: Record<string, string> = {}): ChildProcess {
  // Import declarations in `setup` are hoisted like any module's.
  const code = `import Fastify from 'fastify';\nconst app = Fastify();\n${setup}\nawait app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: path.join(root, 'apps/api'), stdio: 'inherit', env: { ...process.env, ...env } });
}

const helloPort = await portOf('HELLO');
const hello = bareFastify(helloPort, `app.get('/', async () => ({ hello: 'world' }));`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'console-bench-'));
await import('node:fs/promises').then((fs) => fs.chmod(dataDir, 0o755));
const appPort = await portOf('APP');
const pgPort = await portOf('PG');
const api = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    SECRETS_KEY: SECRETS_KEY.toString('base64'),
    // The import measurement registers 1,000 rows in one batch; the default batch cap is 100 (spec §5).
    IMPORT_ORG_MEMBER_BATCH_LIMIT: String(IMPORT_ROWS),
  },
});

interface ImportFigure {
  validateMs: number;
  requestMs: number;
  commitMs: number;
  untilCompleteMs: number;
  successCount: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A 1,000-row organization member file (800 cloud members invited, 200 IAM accounts), each run
 * with fresh emails and IDs: POST …/import/validate (the dry run, timed as one HTTP call), POST
 * …/import (timed as one HTTP call), and the commit job's own transaction (startedDateTime to
 * completedDateTime of the import), polled every 20 ms until COMPLETE.
 */
async function measureImport(baseUrl: string, cookie: string, csrf: string, run: number): Promise<ImportFigure> {
  const orgs = (await (await fetch(`${baseUrl}/api/cab/v7/organizations`, { headers: { cookie } })).json()) as { orgs: { orgId: string }[] };
  const orgId = orgs.orgs[0]!.orgId;
  const rows = Array.from({ length: IMPORT_ROWS }, (_, index): Record<string, string> =>
    index % 5 === 4
      ? { orgMemberTypeCode: 'IAM', userCode: `bench${run}.iam${index}`, name: `Bench.Iam.${index}`, email: `bench${run}.iam${index}@bench.example.com` }
      : { orgMemberTypeCode: 'TOAST_CLOUD', email: `bench${run}.user${index}@bench.example.com`, roleList: 'MEMBER' },
  );
  const file = await buildFilledTemplate('ORG_MEMBER', 'en', rows);
  const post = (subPath: string) =>
    fetch(`${baseUrl}/api/cab/v6/organizations/${orgId}/members/${subPath}?fileName=bench.xlsx`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/octet-stream', lang: 'en_US' },
      body: file,
    });
  let started = performance.now();
  const validated = (await (await post('import/validate')).json()) as { result?: { successCount: number }; header: unknown };
  const validateMs = performance.now() - started;
  if (validated.result?.successCount !== IMPORT_ROWS) throw new Error(`bench validate: ${JSON.stringify(validated.header)}`);
  started = performance.now();
  const accepted = (await (await post('import')).json()) as { asyncJobId?: string; header: unknown };
  const requestMs = performance.now() - started;
  if (!accepted.asyncJobId) throw new Error(`bench import: ${JSON.stringify(accepted.header)}`);
  for (;;) {
    const state = (await (await fetch(`${baseUrl}/api/cab/v6/organizations/${orgId}/members/import/${accepted.asyncJobId}`, { headers: { cookie } })).json()) as {
      state: string;
      startedDateTime: string | null;
      completedDateTime: string | null;
      result: { successCount: number } | null;
    };
    if (state.state === 'FAIL') throw new Error('bench import: the commit failed');
    if (state.state === 'COMPLETE') {
      return {
        validateMs,
        requestMs,
        commitMs: Date.parse(state.completedDateTime!) - Date.parse(state.startedDateTime!),
        untilCompleteMs: performance.now() - started,
        successCount: state.result!.successCount,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

try {
  await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
  await waitFor(`http://127.0.0.1:${appPort}/readyz`, api);
  if (ONLY_LIGHTHOUSE) {
    await benchFirstPaint();
    const report = await readFile(path.join(root, 'docs/benchmarks.md'), 'utf8');
    const part = (await readFile(path.join(root, FIRST_PAINT_PART), 'utf8')).trim();
    await writeFile(path.join(root, 'docs/benchmarks.md'), spliceSection(report, '## First paint', part));
    process.stdout.write(`${part}\n`);
  } else await benchLoad();
} catch (error) {
  // Said before the servers stop: a client of the bench's still open when its database goes would
  // end the process with its own error, and this one would never be seen.
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  throw error;
} finally {
  baselineWeb?.kill('SIGTERM');
  hello.kill('SIGTERM');
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * The floor server: a bare Fastify on a pool of 10 answering `/rows/:n` with one prepared statement
 * reading n rows shaped like a project page's (≈ 600 bytes of JSON a row) from a table of their own —
 * no session, no permission check, no join, no index. Up for the whole request-path measurement.
 */
async function startFloor(databaseUrl: string) {
  await withClient(databaseUrl, (client) =>
    client.query(`drop table if exists bench_floor_page; create unlogged table bench_floor_page as ${FLOOR_PAGE_ROWS_SQL}; analyze bench_floor_page`),
  );
  const port = await portOf('FLOOR');
  const floor = bareFastify(
    port,
    `import pg from 'pg';
     const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
     app.get('/rows/:n', async (request) => ({ projects: (await pool.query({ name: 'floor_rows', text: 'select * from bench_floor_page limit $1', values: [Number(request.params.n)] })).rows }));`,
    { FLOOR_DATABASE_URL: databaseUrl },
  );
  await waitFor(`http://127.0.0.1:${port}/rows/1`, floor);
  return {
    measure: (rows: number, slice = false) =>
      load(`Fastify + one PostgreSQL statement of ${rows} row${rows === 1 ? '' : 's'}`, `http://127.0.0.1:${port}/rows/${rows}`, referenceOptions(slice)),
    stop: () => floor.kill('SIGTERM'),
  };
}

/** The request path under load, then (unless BENCH_ONLY=routes) the rest and the report. */
async function benchLoad() {
  const { cookie, csrf } = await signInDemoOwner(`http://127.0.0.1:${appPort}`);
  const pgPassword = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/postgres`;
  const ingest = () =>
    benchIngest({
      baseUrl: `http://127.0.0.1:${appPort}`,
      helloUrl: `http://127.0.0.1:${helloPort}/`,
      databaseUrl,
      cookie,
      csrf,
      secretsKey: SECRETS_KEY,
      durationS: INGEST_DURATION_S,
      serverPid: api.pid!,
      pgDataDir: path.join(dataDir, 'pg'),
    });
  if (ONLY_INGEST) {
    process.stdout.write(`${await ingest()}\n`);
    return;
  }
  // The embedded cluster's postmaster and the server, whose CPU time the alarm bench counts.
  const postmasterPid = Number((await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const alarms = () => benchAlarms({ databaseUrl, outFile: path.join(root, ALARM_BENCH_PART), postmasterPid, ...(api.pid ? { serverPid: api.pid } : {}) });
  if (ONLY_ALARMS) {
    process.stdout.write(`${await alarms()}\n`);
    return;
  }
  const floor = await startFloor(databaseUrl);
  const references = referencesAround({
    baseline: (slice) => load('Fastify hello world (baseline)', `http://127.0.0.1:${helloPort}/`, referenceOptions(slice)),
    floor: (rows, slice) => floor.measure(rows, slice),
  });
  const routes = await benchRoutes(
    { baseUrl: `http://127.0.0.1:${appPort}`, cookie, csrf },
    { databaseUrl, durationS: DURATION_S, warmUpS: WARM_UP_S, pgDataDir: path.join(dataDir, 'pg') },
    references,
  ).finally(() => floor.stop());
  const measured = references.measured();
  const baseline = summaryOf(measured.baselines);
  const referenceRow = (figure: ReturnType<typeof summaryOf>, name: string) =>
    `| ${name} | ${figure.connections} | ${rpsText(figure.requestsPerSecond)} (${figure.count} runs: ${rpsText(figure.least)}–${rpsText(figure.most)}) | ${(figure.requestsPerSecond / baseline.requestsPerSecond).toFixed(3)} | ${figure.p50.toFixed(1)} | ${figure.p99.toFixed(1)} | ${figure.errors} | | | |`;
  const routeRows = [
    referenceRow(baseline, 'Fastify hello world (the baseline; not a goal)'),
    ...[...measured.floors]
      .sort(([a], [b]) => a - b)
      .map(([, figures]) => referenceRow(summaryOf(figures), `${figures[0]!.name} (not a goal: the floor of a fresh read of as many rows)`)),
    ...routes.figures.map(
      (figure) =>
        `| ${figure.name} | ${figure.connections} | ${rpsText(figure.requestsPerSecond)} | ${(figure.requestsPerSecond / figure.around.baseline.requestsPerSecond).toFixed(3)} | ${figure.p50} | ${figure.p99} | ${figure.errors} | ${aroundText(figure.around)} | ${goalText(figure.goal)} | ${meets(figure) ? 'yes' : '**no**'} |`,
    ),
  ];
  const met = routes.figures.filter((figure) => meets(figure)).length;
  const routeSection = [
    '## Request path (issue 8)',
    '',
    `Reads at ${READ_CONNECTIONS} connections, mutations at 10, each for ${DURATION_S} s after a ${WARM_UP_S} s warm-up, signed in as the demo OWNER.`,
    `"demo" is the demo organization (2 projects, a handful of members); "large" is an organization built by the bench with ${routes.tenant}; page 1 of 50 rows. Reads answer from the response cache once warm, as in production; "large, fresh" sends the same reads with Cache-Control: no-cache (a hard reload), so each runs its handler and SQL.`,
    `Goals: reads ≥ 0.25× the baseline's req/s and p99 ≤ 20 ms; GET session ≥ 0.35×; mutations p99 ≤ 50 ms; a fresh read ≥ 0.5× the req/s of the floor of its size and p99 ≤ 2× its (docs/decisions.md, "The large tenant's fresh reads are read against their floors"); no errors. Met: ${met} of ${routes.figures.length}.`,
    `Each case is read against its references measured just before and just after it (${REFERENCE_S} s each after a 1 s warm-up; docs/decisions.md, "Each bench case is read against references measured around it"); a read is measured in slices of ${SLICE_S} s (${DURATION_S} s in all) after its warm-up, the references measured for 1 s between them (docs/decisions.md, "A read is measured in slices, its references in between"): its req/s is over its slices, its p50 and p99 of every answer in them, its ratio to the mean of the hello world's measurements around and between them, a fresh read's goal to the mean of its floor's; the "around it" column gives them in order.`,
    `The rows after the baseline are not goals but floors: Fastify answering one prepared statement that reads n rows shaped like a project page's (≈ 600 bytes of JSON a row) from a table of their own on the bench's PostgreSQL — no session, no permission check, no join, no index — what a fresh read of n rows can reach. These summary rows give the mean of every measurement in the run and the least and most req/s.`,
    '',
    '| route | connections | req/s | ratio to baseline | p50 ms | p99 ms | errors | around it (req/s before → after) | goal | met |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...routeRows,
    '',
    ...commitWaits(routes),
  ].join('\n');
  if (ONLY_ROUTES) {
    // The request path's section of docs/benchmarks.md is replaced by this run's (the rest stays).
    const section = [
      routeSection,
      '',
      `Measured: ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at the end (BENCH_ONLY=routes).`,
      '',
      (await readFile(path.join(root, 'docs/benchmarks-request-path.md'), 'utf8').catch(() => '')).trim(),
    ].join('\n');
    const report = await readFile(path.join(root, 'docs/benchmarks.md'), 'utf8');
    await writeFile(path.join(root, 'docs/benchmarks.md'), spliceSection(report, '## Request path', section));
    process.stdout.write(`${routeSection}\n`);
  } else await benchTheRest(routeSection, cookie, csrf, `${await ingest()}\n\n${await alarms()}`);
}

/**
 * Lighthouse over the main pages of the built web (and of LIGHTHOUSE_BASELINE_DIST's build, served
 * by a second server on the same database), written to FIRST_PAINT_PART.
 */
async function benchFirstPaint() {
  const targets = [{ label: 'this build', baseUrl: `http://127.0.0.1:${appPort}` }];
  const baselineDist = process.env.LIGHTHOUSE_BASELINE_DIST;
  if (baselineDist) {
    const pgPassword = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    const baselinePort = await portOf('BASELINE');
    baselineWeb = spawn(process.execPath, ['apps/api/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(baselinePort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/postgres`,
        WEB_DIST_DIR: path.resolve(baselineDist),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SECRETS_KEY: SECRETS_KEY.toString('base64'),
      },
    });
    await waitFor(`http://127.0.0.1:${baselinePort}/readyz`, baselineWeb);
    targets.push({ label: 'baseline build', baseUrl: `http://127.0.0.1:${baselinePort}` });
  }
  const figures = await benchLighthouse(targets, { email: 'owner@demo.example.com', password: 'Console#2026' });
  const note = baselineDist
    ? `"baseline build" is \`${path.relative(root, path.resolve(baselineDist)) || baselineDist}\` (LIGHTHOUSE_BASELINE_DIST: the build before issue 16's changes), served by the same server code on the same database in the same run.`
    : '';
  const part = [
    `<!-- Written by \`BENCH_ONLY=lighthouse npm run bench\` (and by a full \`npm run bench\`); ${new Date().toISOString()}, ${os.cpus().length} cores. -->`,
    lighthouseSection(figures, note),
    '',
    (await readFile(path.join(root, 'docs/benchmarks-first-paint-notes.md'), 'utf8').catch(() => '')).trim(),
    '',
  ].join('\n');
  await writeFile(path.join(root, FIRST_PAINT_PART), part);
}

/** `report` with the section that starts with `heading` replaced by `part` (or `part` appended). */
function spliceSection(report: string, heading: string, part: string) {
  const lines = report.split('\n');
  const start = lines.findIndex((line) => line.startsWith(heading));
  const partLines = part.split('\n');
  if (start < 0) return `${report.trimEnd()}\n\n${part}\n`;
  // The section runs to the next level-2 heading (its comment line, if any, sits just above it).
  let end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  if (end < 0) end = lines.length;
  const from = start > 0 && lines[start - 1]!.startsWith('<!-- Written by') ? start - 1 : start;
  return [...lines.slice(0, from), ...partLines, ...(end < lines.length ? ['', ...lines.slice(end)] : [])].join('\n');
}

/** The import and the permission engine, then the report. */
async function benchTheRest(routeSection: string, cookie: string, csrf: string, ingestSection: string) {
  // One warm-up run, then IMPORT_RUNS measured ones; each registers 1,000 new rows.
  await measureImport(`http://127.0.0.1:${appPort}`, cookie, csrf, 0);
  const imports: ImportFigure[] = [];
  for (let run = 1; run <= IMPORT_RUNS; run++) imports.push(await measureImport(`http://127.0.0.1:${appPort}`, cookie, csrf, run));
  // CPU-bound, in this process, while the servers are idle.
  const policySection = await benchPolicy();
  await benchFirstPaint();
  const importRow = (step: string, values: number[]) => {
    const value = median(values);
    return `| ${step} | ${Math.round(value)} | ${values.map((each) => Math.round(each)).join(', ')} | ${value <= IMPORT_GOAL_MS ? 'yes' : 'no'} |`;
  };
  const report = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (scripts/bench.ts). Both servers run as child processes on this machine;',
    'autocannon loads them from the bench process. The load generator shares the 2 cores with the server,',
    'so absolute figures are low and noisy: read the ratio to the baseline measured in the same run.',
    '',
    `Run: ${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} cores.`,
    '',
    routeSection,
    '',
    (await readFile(path.join(root, 'docs/benchmarks-request-path.md'), 'utf8').catch(() => '')).trim(),
    '',
    '## Batch registration: 1,000-row organization member import',
    '',
    `Goal: each step ≤ ${IMPORT_GOAL_MS} ms for a ${IMPORT_ROWS.toLocaleString('en-US')}-row file (800 invitations with their mails, 200 IAM accounts),`,
    `measured on the same server after the load above; median of ${IMPORT_RUNS} runs after one warm-up, each with new people`,
    `(the server runs with IMPORT_ORG_MEMBER_BATCH_LIMIT=${IMPORT_ROWS}; the default batch cap is 100).`,
    '',
    '| step | median ms | runs ms | within goal |',
    '|---|---|---|---|',
    importRow('validate: POST …/members/import/validate (zip check, parse, classify; HTTP round trip)', imports.map((figure) => figure.validateMs)),
    importRow('import request: POST …/members/import (parse, classify, record, enqueue)', imports.map((figure) => figure.requestMs)),
    importRow('commit: the job\'s transaction (startedDateTime → completedDateTime)', imports.map((figure) => figure.commitMs)),
    importRow('request → COMPLETE as polled every 20 ms (the worker is woken when the import request commits)', imports.map((figure) => figure.untilCompleteMs)),
    '',
    `Rows registered per run: ${imports.map((figure) => figure.successCount).join(', ')}.`,
    '',
    policySection,
    '',
    ingestSection,
    '',
    (await readFile(path.join(root, FIRST_PAINT_PART), 'utf8')).trim(),
    '',
    // Measured by hand (the unit step's time), kept here so that a bench run does not drop it.
    (await readFile(path.join(root, 'docs/benchmarks-test-loop.md'), 'utf8').catch(() => '')).trim(),
    '',
  ].join('\n');
  await writeFile(path.join(root, 'docs/benchmarks.md'), report);
  process.stdout.write(`${report}\n`);
}
