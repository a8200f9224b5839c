import * as api from '@console/contracts';
import { sql } from 'drizzle-orm';
import { escapeLiteral } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignRoleGroup, createMember, createOrg, createProject, createRoleGroup, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../test/helper.ts';

/**
 * The pool keeps one generic plan per named prepared statement (db/client.ts: plan_cache_mode =
 * force_generic_plan), chosen without the values it will run with: the same plan answers the
 * organization of 2,000 projects and the one of three. So every hot read's generic plan must find
 * its rows through an index, with statistics as a multi-tenant database has them (thousands of
 * organizations, one large), never by reading a tenant-sized table whole.
 */
let t: TestApp;
let owner: Caller;
let orgId: string;
let projectId: string;
let memberId: string;

/** Tables that grow with the tenants: a sequential scan of one is a plan that reads every tenant. */
const TENANT_TABLES = ['projects', 'org_member_keys', 'org_members', 'members', 'project_members', 'activity_events', 'role_groups', 'org_counts', 'sessions'];

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  const ownerId = (await createMember(t.db, 'owner@plans.example.com')).id;
  memberId = (await createMember(t.db, 'member@plans.example.com')).id;
  orgId = (await createOrg(t.db, 'Plans Org', ownerId, [{ memberId, role: 'MEMBER' }], { projectLimit: 5000 })).id;
  projectId = (await createProject(t.db, orgId, 'Planned', ownerId, [{ memberId, roleCodes: ['MEMBER'] }])).id;
  const group = await createRoleGroup(t.db, orgId, 'Planned group', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId });
  await assignRoleGroup(t.db, orgId, projectId, group.id, [memberId]);
  // One large organization beside 1,000 small ones (three members and three projects each).
  await t.db.execute(sql`
    with people as (
      insert into members (email, name, password_hash)
      select 'plans.' || g || '@plans.example.com', 'Plans ' || g, 'not-a-password-hash' from generate_series(1, 3000) g returning id, email)
    insert into org_members (org_id, member_id, role_code)
    select ${orgId}::uuid, id, 'MEMBER' from people where split_part(split_part(email, '@', 1), '.', 2)::int <= 2000`);
  await t.db.execute(sql`
    insert into projects (org_id, name, description, owner_member_id)
    select ${orgId}::uuid, 'Large ' || g, '', ${ownerId}::uuid from generate_series(1, 2000) g`);
  await t.db.execute(sql`
    with small as (
      insert into organizations (name, owner_member_id)
      select 'Small ' || g, m.id from generate_series(1, 1000) g
      join members m on m.email = 'plans.' || (2000 + g) || '@plans.example.com' returning id, owner_member_id)
    , owners as (insert into org_members (org_id, member_id, role_code) select id, owner_member_id, 'OWNER' from small returning org_id, member_id)
    insert into projects (org_id, name, description, owner_member_id)
    select o.org_id, 'Small project ' || g, '', o.member_id from owners o cross join generate_series(1, 3) g`);
  await t.db.execute(sql`
    insert into project_members (org_id, project_id, member_id, role_codes)
    select p.org_id, p.id, p.owner_member_id, '{ADMIN}' from projects p where p.name like 'Small project %'`);
  await t.db.execute(sql`
    with small as (select id, row_number() over (order by id) as n from organizations where name like 'Small %')
    insert into activity_events (org_id, project_id, actor_type, actor_id, actor_name, action_code, target_type, target_id, target_name, created_at)
    select coalesce(small.id, ${orgId}::uuid), null, 'TOAST_CLOUD', ${ownerId}::uuid, 'Owner', 'PROJECT_UPDATE', 'PROJECT', gen_random_uuid()::text, 'Event ' || g, now() - g * interval '1 second'
    from generate_series(1, 6000) g left join small on g % 2 = 1 and small.n = g % 1000 + 1`);
  // Role groups: a common one in every organization (50 in the large one), a project one in each small one held by its owner.
  await t.db.execute(sql`
    with made as (
      insert into role_groups (org_id, project_id, type_code, name, created_at, updated_at)
      select o.id, null::uuid, 'COMMON', 'Common ' || g, now(), now() from organizations o cross join generate_series(1, 1) g where o.name like 'Small %'
      union all select ${orgId}::uuid, null::uuid, 'COMMON', 'Common ' || g, now(), now() from generate_series(1, 50) g
      union all select p.org_id, p.id, 'PROJECT', 'Project group', now(), now() from projects p where p.name = 'Small project 1'
      returning id, org_id, project_id)
    , roles as (insert into role_group_roles (role_group_id, org_id, role_id) select id, org_id, 'PROJECT_ROLE:DASHBOARD_VIEWER' from made)
    insert into project_member_role_groups (project_member_id, role_group_id, org_id, project_id, created_at)
    select pm.id, made.id, made.org_id, made.project_id, now() from made join project_members pm on pm.project_id = made.project_id`);
  // Other people's sessions: the session lookup finds its one by the token's hash.
  await t.db.execute(sql`
    insert into sessions (token_hash, csrf_token, member_type, member_id, client_ip, idle_timeout_minutes, created_at, last_seen_at, expires_at)
    select md5('session ' || g), md5('csrf ' || g), 'TOAST_CLOUD', m.id, '127.0.0.1', 60, now(), now(), now() + interval '1 hour'
    from generate_series(1, 2000) g join members m on m.email = 'plans.' || g || '@plans.example.com'`);
  await t.db.execute(sql`analyze`);
  owner = await t.login('owner@plans.example.com', FIXTURE_PASSWORD);
});

/** A value of each parameter type the hot reads use (a generic plan does not look at it). */
const VALUE_OF: Record<string, string> = {
  uuid: `'${crypto.randomUUID()}'::uuid`,
  'uuid[]': `'{}'::uuid[]`,
  integer: '50',
  bigint: '50',
  text: `'x'`,
  'text[]': `'{}'::text[]`,
  boolean: 'true',
  'timestamp with time zone': 'now()',
};

describe('the hot reads keep one plan for every tenant', () => {
  it("walks an index in every named statement's generic plan", async () => {
    const reads = [
      '/api/console/v1/session',
      '/api/cab/v6/projects?page=1&limit=50',
      `/api/cab/v5/projects?orgId=${orgId}&page=1&limit=50`,
      `/api/cab/v5/projects/${projectId}`,
      `/api/cab/v5/organizations/${orgId}/members?page=1&limit=50`,
      `/api/cab/v5/organizations/${orgId}/members?page=1&limit=50&nameLike=plans`,
      `/api/cab/v5/organizations/${orgId}/members/${memberId}`,
      `/api/cab/v5/projects/${projectId}/members?page=1&limit=50`,
      `/api/cab/v6/organizations/${orgId}/role-groups?page=1&limit=50`,
      `/api/cab/v6/organizations/${orgId}/activities?page=1&limit=50`,
    ];
    for (const url of reads) {
      const response = await t.app.inject(owner.as({ method: 'GET', url, headers: { 'cache-control': 'no-cache' } }));
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const names = await expectIndexPlans("not from_sql and name not like 'change\\_%'");
    expect(names).toEqual(expect.arrayContaining(['session_by_token_hash', 'project_in_org', 'org_member']));
    expect(names.length).toBeGreaterThanOrEqual(10);
  });
});

describe("a change's named statements keep one plan for every tenant", () => {
  it("walks an index in every change statement's generic plan (a project updated, a role group added, memberships changed)", async () => {
    const newcomer = (await t.db.execute<{ id: string }>(sql`select id from members where email = 'plans.7@plans.example.com'`)).rows[0]!.id;
    const changes = [
      () => t.call(owner, api.updateProject, { params: { projectId }, body: { projectName: 'Planned again', description: 'A generic plan' } }),
      () => t.call(owner, api.createOrgRoleGroup, { params: { orgId }, body: { roleGroupName: 'Plans group', roles: [{ roleId: 'PROJECT_ROLE:VIEWER' }] } }),
      () => t.call(owner, api.updateOrgMemberRoles, { params: { orgId, memberId }, body: { orgRoleCodes: ['BILLING_VIEWER'] } }),
      () => t.call(owner, api.addProjectMember, { params: { projectId }, body: { projectMemberUuid: newcomer, projectMemberRoleCodeList: ['VIEWER'], projectMemberStatusCode: 'STABLE' } }),
      () => t.call(owner, api.updateProjectMember, { params: { projectId, memberId: newcomer }, body: { projectMemberRoleCodeList: ['MEMBER'] } }),
    ];
    // Whatever a change prepared: its own statements (db/prepared.ts, named by what they do) and
    // the rest of its statements, named by db/pipelined-connection.ts (`change_<n>`).
    const before = await preparedNames();
    for (const change of changes) {
      const response = await change();
      expect(response.statusCode, response.body).toBe(200);
    }
    const names = await expectIndexPlans(`not from_sql and not (name = any(${escapeLiteral(`{${before.join(',')}}`)}::text[]))`);
    expect(names).toEqual(expect.arrayContaining(['project_update_named_all_described', 'role_group_insert_if_name_free_common', 'role_group_name_lock']));
    expect(names.some((name) => name.startsWith('change_'))).toBe(true);
    // The update, its duplicate-name check and answer, the group's insert and name check, the memberships', the records.
    expect(names.length).toBeGreaterThanOrEqual(10);
  });
});

/** The names of the statements prepared on any connection of the pool now. */
async function preparedNames(): Promise<string[]> {
  const pool = t.db.$client;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const names = new Set<string>();
    for (const client of clients) {
      for (const row of (await client.query<{ name: string }>('select name from pg_prepared_statements where not from_sql')).rows) names.add(row.name);
    }
    return [...names];
  } finally {
    for (const client of clients) client.release();
  }
}

/**
 * Every connection of the pool, held at once, with the statements prepared on it (those `where`
 * picks of pg_prepared_statements): no generic plan reads a tenant table whole. Their names.
 */
async function expectIndexPlans(where: string): Promise<string[]> {
  const pool = t.db.$client;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const statements = new Map<string, { client: (typeof clients)[number]; types: string[] }>();
    for (const client of clients) {
      expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('force_generic_plan');
      const { rows } = await client.query<{ name: string; types: string[] }>(
        `select name, parameter_types::text[] as types from pg_prepared_statements where ${where}`,
      );
      for (const row of rows) if (!statements.has(row.name)) statements.set(row.name, { client, types: row.types });
    }
    for (const [name, { client, types }] of statements) {
      const values = types.map((type) => VALUE_OF[type] ?? `null::${type}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute "${name}"(${values.join(', ')})`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      for (const table of TENANT_TABLES) expect(plan, `${name}:\n${plan}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
    return [...statements.keys()];
  } finally {
    for (const client of clients) client.release();
  }
}
