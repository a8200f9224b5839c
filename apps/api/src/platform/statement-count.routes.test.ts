import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgMembers, projectMembers } from '../db/schema/index.ts';
import { assignRoleGroup, createMember, createOrg, createProject, createRoleGroup, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { anonymous, buildTestApp, type Caller, type TestApp } from '../test/helper.ts';
import { exchangesOf, statementsOf } from '../test/statements.ts';
import { untilListening } from './auth-notify.ts';

/**
 * The statements one request of each hot route sends to PostgreSQL once the caches are warm
 * (issue 8), as in production (AUTH_CACHE on): a read's session and permissions come from memory
 * (platform/auth-notify.ts), so it runs the route's own page and nothing else — nothing per row,
 * nothing the check already knows. A change (PUT) still reads its session and the epoch in one
 * statement. A change that adds a round trip to these routes fails here first; raise a number only
 * for a reason written beside it.
 */
let t: TestApp;
let owner: Caller;
let member: Caller;
let orgId: string;
let projectId: string;
let memberId: string;
let roleGroupId: string;
let ownerToken: Caller;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', AUTH_CACHE: 'on' });
  expect(await untilListening(t.app.authNotifications!)).toBe(true);
  const ownerId = (await createMember(t.db, 'owner@count.example.com')).id;
  memberId = (await createMember(t.db, 'member@count.example.com')).id;
  const org = await createOrg(t.db, 'Count Org', ownerId, [{ memberId, role: 'MEMBER' }]);
  orgId = org.id;
  for (let index = 0; index < 30; index++) await createProject(t.db, orgId, `Project ${index}`, ownerId);
  projectId = (await createProject(t.db, orgId, 'Counted', ownerId, [{ memberId, roleCodes: ['MEMBER'] }])).id;
  roleGroupId = (await createRoleGroup(t.db, orgId, 'Counted group', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId })).id;
  await assignRoleGroup(t.db, orgId, projectId, roleGroupId, [memberId]);
  owner = await t.login('owner@count.example.com', FIXTURE_PASSWORD);
  member = await t.login('member@count.example.com', FIXTURE_PASSWORD);
  const key = (await t.call(owner, 'POST', '/api/iam/v1/user-access-keys', {})).json();
  const issued = (await t.call(anonymous, 'POST', '/api/iam/v1/tokens', { userAccessKeyId: key.userAccessKey.userAccessKeyId, secretAccessKey: key.secretAccessKey })).json();
  const authorization = `Bearer ${issued.accessToken as string}`;
  ownerToken = { cookies: {}, headers: { authorization }, as: (options) => ({ ...options, headers: { ...(options.headers as Record<string, string>), authorization } }) };
});

/** The statements of a warm call: one call first fills the cache, the second is counted. */
async function warmStatements(who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  // Everything committed so far heard first (the set-up's statements): a notification about sessions
  // arriving during the first call rightly keeps nothing from it.
  await t.app.authNotifications!.sync();
  const first = await t.call(who, method, url, payload);
  expect(first.statusCode, first.body).toBe(200);
  let status = 0;
  const statements = await statementsOf(async () => {
    status = (await t.call(who, method, url, payload)).statusCode;
  }, t.db.$client);
  expect(status).toBe(200);
  return statements;
}

/** A role group to add, named `name`. */
const groupToAdd = (name: string) => ({
  roleGroupName: name,
  description: 'counted',
  roles: [{ roleId: 'PROJECT_ROLE:DASHBOARD_VIEWER', denialSetting: 'ALLOW', conditions: [] }],
});

describe('statements per request, warm', () => {
  const cases: [string, () => [Caller, 'GET' | 'POST' | 'PUT', string, object?], number][] = [
    ['GET session', () => [owner, 'GET', '/api/console/v1/session'], 0],
    ['GET v6 my projects', () => [owner, 'GET', '/api/cab/v6/projects?page=1&limit=50'], 1],
    ['GET v5 projects of an organization', () => [owner, 'GET', `/api/cab/v5/projects?orgId=${orgId}&page=1&limit=50`], 1],
    ['GET v5 projects of an organization, as a MEMBER', () => [member, 'GET', `/api/cab/v5/projects?orgId=${orgId}&page=1&limit=50`], 1],
    ['GET one project', () => [owner, 'GET', `/api/cab/v5/projects/${projectId}`], 1],
    ['GET one project, as a member with a role group', () => [member, 'GET', `/api/cab/v5/projects/${projectId}`], 1],
    ['GET organization members', () => [owner, 'GET', `/api/cab/v5/organizations/${orgId}/members?page=1&limit=50`], 1],
    // Page and total in one statement over the kept sort keys (migration 0030), whatever the sort and filter.
    ['GET organization members by name, filtered', () => [owner, 'GET', `/api/cab/v5/organizations/${orgId}/members?page=1&limit=50&sort=name,desc&emailLike=example`], 1],
    ['GET one organization member', () => [owner, 'GET', `/api/cab/v5/organizations/${orgId}/members/${memberId}`], 1],
    // The page with each membership's role groups (a subquery of the page's statement since the twelfth pass; a second statement before).
    ['GET project members', () => [owner, 'GET', `/api/cab/v5/projects/${projectId}/members?page=1&limit=50`], 1],
    ['GET common role groups', () => [owner, 'GET', `/api/cab/v6/organizations/${orgId}/role-groups?page=1&limit=50`], 1],
    // The page and its count (capped, a subquery run once) in one statement: a window count would sort the whole feed.
    ['GET activities', () => [owner, 'GET', `/api/cab/v6/organizations/${orgId}/activities?page=1&limit=50`], 1],
    [
      'POST authorize with 20 permission ids (a question: answered like a read)',
      () => [member, 'POST', `/api/console/v1/projects/${projectId}/authorize`, { permissionIds: Array.from({ length: 20 }, (_, index) => (index % 2 ? 'Project.Setting.Get' : 'Project.Member.List')) }],
      0,
    ],
    // A change reads its session and the epoch (one statement), then its transaction (begin, reads,
    // the update, commit) and its activity row: 8; then the audit log (issue 10) reads the settings
    // before the change (the after comes from the answer) and writes its row: 10; and the update reads
    // the organization's unique-name governance setting in its transaction (issue 10): 11 in all. Since
    // the sixth pass the activity and audit rows are written inside the change's transaction, before its
    // one COMMIT (db/unit-of-work.ts; the order is pinned in unit-of-work.routes.test.ts): the same 11
    // round trips, one commit instead of three. Since the seventh pass 9: the activity and audit rows
    // are one statement (insertRecords), and the update takes the project's row lock itself (no
    // SELECT … FOR UPDATE before it). Its NOTIFY round trip (sync) runs on the listening connection,
    // not the pool. Since the tenth pass 8: the duplicate-name warning is asked in the update's
    // RETURNING (projects.repository updateNamed), and the sync rides on the COMMIT (below).
    ['PUT a project description', () => [owner, 'PUT', `/api/cab/v5/projects/${projectId}`, { projectName: 'Counted', description: 'Counted again' }], 8],
    // An access token (platform/bearer.ts) costs what a session costs: warm, the route's own page only.
    ['GET one project with an access token', () => [ownerToken, 'GET', `/api/cab/v5/projects/${projectId}`], 1],
  ];
  for (const [name, request, expected] of cases) {
    it(`${name}: ${expected}`, async () => {
      const [who, method, url, payload] = request();
      const statements = await warmStatements(who, method, url, payload);
      expect(statements, statements.join('\n')).toHaveLength(expected);
    });
  }

  // Adding a role group (the bench's mutation): the session and epoch; its transaction — begin, the
  // name's lock, the name check, the group, its roles (answered by their insert), the activity and
  // audit rows (in the transaction since the sixth pass, db/unit-of-work.ts; one statement since the
  // seventh), commit: 8, one commit (three before the sixth pass). It read its roles, both counts and
  // its holders back and deleted the roles a new group cannot have (5 more) before the fifth pass.
  // Since the tenth pass 7: the group and its roles are one statement (its id made by the server, the
  // group's insert a WITH part of its roles', role-groups.repository insertWithRoles). Since the
  // fourteenth pass 6: the name check is a WITH part of that statement too (insertWithRolesIfNameFree).
  it('POST a common role group: 6', async () => {
    const url = `/api/cab/v6/organizations/${orgId}/role-groups`;
    expect((await t.call(owner, 'POST', url, groupToAdd('Counted first'))).statusCode).toBe(200);
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await t.call(owner, 'POST', url, groupToAdd('Counted second'))).statusCode;
    }, t.db.$client);
    expect(status).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(6);
    // One commit, the last statement: the records are in the change's transaction.
    expect(statements.filter((text) => /^commit\b/i.test(text)), statements.join('\n')).toHaveLength(1);
    expect(statements.at(-1), statements.join('\n')).toMatch(/^commit\b/i);
  });
});

// Since the tenth pass (docs/benchmarks.md) a change's BEGIN goes out in the same write as its first
// statement, and its records' statement in the same write as its COMMIT (db/unit-of-work.ts, pg's
// pipeline mode): the statements above, two round trips fewer — each one a system call and a wake-up
// of PostgreSQL and of this process, most of a change's CPU on either side.
describe('the hot reads run prepared statements (issue 8: built and parsed once)', () => {
  // An uncached answer (a hard reload, or the first read after any change of the organization)
  // runs these; as text, Drizzle built each and PostgreSQL parsed and planned it on every request
  // (the eleventh pass: 2-3× the CPU of a fresh one-project, member, role-group, project-member or
  // activity read).
  const cases: [string, () => [Caller, string]][] = [
    ['my projects', () => [owner, '/api/cab/v6/projects?page=1&limit=50']],
    ['projects of an organization', () => [owner, `/api/cab/v5/projects?orgId=${orgId}&page=1&limit=50`]],
    ['one project', () => [owner, `/api/cab/v5/projects/${projectId}`]],
    ['organization members', () => [owner, `/api/cab/v5/organizations/${orgId}/members?page=1&limit=50`]],
    ['one organization member', () => [owner, `/api/cab/v5/organizations/${orgId}/members/${memberId}`]],
    ['project members and their role groups', () => [owner, `/api/cab/v5/projects/${projectId}/members?page=1&limit=50`]],
    ['common role groups', () => [owner, `/api/cab/v6/organizations/${orgId}/role-groups?page=1&limit=50`]],
    ['project role groups, by name', () => [owner, `/api/cab/v6/projects/${projectId}/role-groups?page=1&limit=50&sort=name,asc`]],
    ['activities, and their count', () => [owner, `/api/cab/v6/organizations/${orgId}/activities?page=1&limit=50`]],
    ['activities of one action, seen by a MEMBER', () => [member, `/api/cab/v6/organizations/${orgId}/activities?page=1&limit=50&actionCode=PROJECT_UPDATE`]],
  ];
  for (const [name, request] of cases) {
    it(name, async () => {
      const [who, url] = request();
      expect((await t.call(who, 'GET', url)).statusCode).toBe(200);
      let status = 0;
      const { statements, names } = await exchangesOf(async () => {
        status = (await t.call(who, 'GET', url)).statusCode;
      }, t.db.$client);
      expect(status).toBe(200);
      expect(statements.length).toBeGreaterThan(0);
      const unnamed = statements.filter((_, index) => names[index] === undefined);
      expect(unnamed, unnamed.join('\n')).toEqual([]);
    });
  }
});

describe('round trips per change, warm', () => {
  it('PUT a project description: 8 statements in 6 round trips, and no sync of its own', async () => {
    const url = `/api/cab/v5/projects/${projectId}`;
    expect((await t.call(owner, 'PUT', url, { projectName: 'Counted', description: 'trips' })).statusCode).toBe(200);
    // The answer waits for this instance to hear of the change through the token notified in its
    // COMMIT's message, not through a sync statement on the listening connection (one more round trip).
    const notifications = t.app.authNotifications!;
    const sync = notifications.sync;
    let syncs = 0;
    notifications.sync = () => {
      syncs++;
      return sync.call(notifications);
    };
    let status = 0;
    try {
      const { statements, roundTrips } = await exchangesOf(async () => {
        status = (await t.call(owner, 'PUT', url, { projectName: 'Counted', description: 'trips again' })).statusCode;
      }, t.db.$client);
      expect(status).toBe(200);
      expect(statements, statements.join('\n')).toHaveLength(8);
      expect(roundTrips, statements.join('\n')).toBe(6);
      expect(statements.at(-1)).toMatch(/^commit; select pg_notify\('console_sync', '[^']+'\)$/);
    } finally {
      notifications.sync = sync;
    }
    expect(syncs).toBe(0);
  });

  it('PUT a project description: its reads and its update are prepared statements, built once (only BEGIN and COMMIT as text)', async () => {
    // In a change, db/prepared.ts runs the statement built for the pool on the change's connection,
    // under its name: Drizzle builds none of them again (most of what a project update allocated,
    // issue 8, fourteenth pass) and a connection that parsed one does not parse it again.
    const url = `/api/cab/v5/projects/${projectId}`;
    expect((await t.call(owner, 'PUT', url, { projectName: 'Counted', description: 'prepared' })).statusCode).toBe(200);
    let status = 0;
    const { statements, names } = await exchangesOf(async () => {
      status = (await t.call(owner, 'PUT', url, { projectName: 'Counted', description: 'prepared again' })).statusCode;
    }, t.db.$client);
    expect(status).toBe(200);
    const named = new Set(names.filter((name) => name !== undefined));
    for (const name of ['audit_project_settings', 'governance_setting', 'project_update_named_all_described', 'project_in_org']) {
      expect([...named], statements.join('\n')).toContain(name);
    }
    const asText = statements.filter((_, index) => names[index] === undefined);
    // The records' statement is named too (db/pipelined-connection.ts names a change's statements).
    expect(asText.map((text) => text.slice(0, 60)), statements.join('\n')).toEqual(['begin', expect.stringMatching(/^commit; select pg_notify/)]);
  });

  it('POST a common role group: its name lock and its checked insert are prepared statements, built once', async () => {
    const url = `/api/cab/v6/organizations/${orgId}/role-groups`;
    const add = (name: string) => t.call(owner, 'POST', url, { roleGroupName: name, description: 'prepared', roles: [{ roleId: 'PROJECT_ROLE:MEMBER', denialSetting: 'ALLOW', conditions: [] }] });
    expect((await add('Prepared one')).statusCode).toBe(200);
    let status = 0;
    const { statements, names } = await exchangesOf(async () => {
      status = (await add('Prepared two')).statusCode;
    }, t.db.$client);
    expect(status).toBe(200);
    const named = new Set(names.filter((name) => name !== undefined));
    for (const name of ['role_group_name_lock', 'role_group_insert_if_name_free_common']) {
      expect([...named], statements.join('\n')).toContain(name);
    }
    const asText = statements.filter((_, index) => names[index] === undefined);
    // The records' statement is named too (db/pipelined-connection.ts names a change's statements).
    expect(asText.map((text) => text.slice(0, 60)), statements.join('\n')).toEqual(['begin', expect.stringMatching(/^commit; select pg_notify/)]);
  });

  it('POST a common role group: 6 statements in 4 round trips', async () => {
    const url = `/api/cab/v6/organizations/${orgId}/role-groups`;
    expect((await t.call(owner, 'POST', url, groupToAdd('Tripped first'))).statusCode).toBe(200);
    let status = 0;
    const { statements, roundTrips } = await exchangesOf(async () => {
      status = (await t.call(owner, 'POST', url, groupToAdd('Tripped second'))).statusCode;
    }, t.db.$client);
    expect(status).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(6);
    expect(roundTrips, statements.join('\n')).toBe(4);
  });
});

describe('the permission cache never answers from before a change', () => {
  it('a role removed by a statement outside the app: the next change is refused at once, the next read once the notification is heard', async () => {
    const url = `/api/cab/v5/projects/${projectId}/members?page=1&limit=50`;
    const peerId = (await createMember(t.db, 'peer@count.example.com')).id;
    await t.db.insert(orgMembers).values({ orgId, memberId: peerId, roleCode: 'MEMBER' });
    await t.db.insert(projectMembers).values({ orgId, projectId, memberId: peerId, roleCodes: ['ADMIN'] });
    const peer = await t.login('peer@count.example.com', FIXTURE_PASSWORD);
    expect((await t.call(peer, 'GET', url)).statusCode).toBe(200);
    expect((await t.call(peer, 'GET', url)).statusCode).toBe(200);
    const updateUrl = `/api/cab/v5/projects/${projectId}`;
    const rename = { projectName: 'Counted', description: 'renamed by the peer' };
    expect((await t.call(peer, 'PUT', updateUrl, rename)).statusCode).toBe(200);
    await t.db.update(projectMembers).set({ roleCodes: ['MEMBER'] }).where(eq(projectMembers.memberId, peerId));
    expect((await t.call(peer, 'PUT', updateUrl, rename)).json().header.resultCode).toBe(-6);
    await t.db.delete(projectMembers).where(eq(projectMembers.memberId, peerId));
    // A change reads the epoch with its session: refused on the very next call.
    expect((await t.call(peer, 'PUT', updateUrl, rename)).statusCode).toBe(404);
    // A read answers from memory until the change's notification arrives (the bound, auth-notify.ts):
    // once everything committed so far is heard, it is refused.
    await t.app.authNotifications!.sync();
    expect((await t.call(peer, 'GET', url)).statusCode).toBe(404);
  });

  it('a change rolled back leaves the cache as it was, and the grant stands', async () => {
    const url = `/api/cab/v5/projects/${projectId}`;
    expect((await t.call(member, 'GET', url)).statusCode).toBe(200);
    await t.db
      .transaction(async (tx) => {
        await tx.delete(projectMembers).where(eq(projectMembers.memberId, memberId));
        throw new Error('rolled back');
      })
      .catch(() => {});
    const statements = await statementsOf(async () => expect((await t.call(member, 'GET', url)).statusCode).toBe(200), t.db.$client);
    expect(statements, statements.join('\n')).toHaveLength(1);
  });
});
