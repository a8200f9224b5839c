import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { members, projectMembers } from '../db/schema/index.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../test/helper.ts';
import { statementsOf } from '../test/statements.ts';
import { untilListening } from './auth-notify.ts';

/**
 * The session and grants a read answers from memory (AUTH_CACHE, platform/auth-notify.ts) are
 * dropped on every instance when PostgreSQL notifies a change, whoever made it: here instance A
 * (the test app) and instance B (a second app on the same database, as a second server would be).
 * The bound is the notification's way to an instance: `sync()` waits until everything committed
 * so far has been heard, which is what these tests assert after (no timed waits).
 */
let t: TestApp;
let other: { app: FastifyInstance; db: Database };
let ownerId: string;
let memberId: string;
let projectId: string;

async function buildSecondInstance(databaseUrl: string) {
  const db = createDatabase(databaseUrl, 4);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', AUTH_CACHE: 'on', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  const app = await buildApp({ config, db, databaseUrl, clock: t.clock.now, logger: false });
  await app.ready();
  return { app, db };
}

/** A call to instance B as `who` (the cookies of a sign-in on A). */
const callB = (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  other.app.inject(who.as({ method, url, headers: { lang: 'en_US' }, ...(payload === undefined ? {} : { payload }) }));

/** Two reads on B: the first keeps the session and grant, the second answers with no session statement. */
async function warmOnB(who: Caller, url: string) {
  expect((await callB(who, 'GET', url)).statusCode).toBe(200);
  const statements = await statementsOf(async () => expect((await callB(who, 'GET', url)).statusCode).toBe(200), other.db.$client);
  expect(statements.filter((text) => text.includes('session')), statements.join('\n')).toEqual([]);
}

beforeAll(async () => {
  t = await buildTestApp({ AUTH_CACHE: 'on', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  other = await buildSecondInstance(t.databaseUrl);
  expect(await untilListening(t.app.authNotifications!)).toBe(true);
  expect(await untilListening(other.app.authNotifications!)).toBe(true);
  ownerId = (await createMember(t.db, 'owner@notify.example.com')).id;
  memberId = (await createMember(t.db, 'member@notify.example.com')).id;
  const org = await createOrg(t.db, 'Notify Org', ownerId, [{ memberId, role: 'MEMBER' }]);
  projectId = (await createProject(t.db, org.id, 'Notified', ownerId, [{ memberId, roleCodes: ['MEMBER'] }])).id;
});

afterAll(async () => {
  await other.app.close();
  await other.db.$client.end();
});

describe('a read answered from memory is refused on every instance once the change is heard', () => {
  it('signed out on A: refused on B', async () => {
    const owner = await t.login('owner@notify.example.com', FIXTURE_PASSWORD);
    await warmOnB(owner, '/api/console/v1/session');
    expect((await t.call(owner, 'POST', '/api/auth/v1/logout', {})).statusCode).toBe(200);
    await other.app.authNotifications!.sync();
    const refused = await callB(owner, 'GET', '/api/console/v1/session');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().header.resultCode).toBe(100);
  });

  it('signed out on A: refused on A at once (the sign-out answers after its notification is heard)', async () => {
    const owner = await t.login('owner@notify.example.com', FIXTURE_PASSWORD);
    expect((await t.call(owner, 'GET', '/api/console/v1/session')).statusCode).toBe(200);
    expect((await t.call(owner, 'GET', '/api/console/v1/session')).statusCode).toBe(200);
    expect((await t.call(owner, 'POST', '/api/auth/v1/logout', {})).statusCode).toBe(200);
    expect((await t.call(owner, 'GET', '/api/console/v1/session')).statusCode).toBe(401);
  });

  it('an account suspended by a statement outside the app: 4000 on B', async () => {
    const member = await t.login('member@notify.example.com', FIXTURE_PASSWORD);
    await warmOnB(member, `/api/cab/v5/projects/${projectId}`);
    await t.db.update(members).set({ status: 'BLOCKED' }).where(eq(members.id, memberId));
    await other.app.authNotifications!.sync();
    const refused = await callB(member, 'GET', `/api/cab/v5/projects/${projectId}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().header.resultCode).toBe(4000);
    await t.db.update(members).set({ status: 'STABLE' }).where(eq(members.id, memberId));
  });

  it('a member removed from the project on A: not found on B, and on A at once', async () => {
    const owner = await t.login('owner@notify.example.com', FIXTURE_PASSWORD);
    const member = await t.login('member@notify.example.com', FIXTURE_PASSWORD);
    const url = `/api/cab/v5/projects/${projectId}`;
    await warmOnB(member, url);
    expect((await t.call(member, 'GET', url)).statusCode).toBe(200);
    const removed = await t.call(owner, 'DELETE', `/api/cab/v5/projects/${projectId}/invited-members/${memberId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    // Same instance, no wait: the removal answered only once its notification was heard here.
    expect((await t.call(member, 'GET', url)).statusCode).toBe(404);
    await other.app.authNotifications!.sync();
    expect((await callB(member, 'GET', url)).statusCode).toBe(404);
    await t.db.insert(projectMembers).values({ orgId: (await orgIdOf(projectId))!, projectId, memberId, roleCodes: ['MEMBER'] });
  });
});

describe('without the notifications nothing is kept', () => {
  it('while the listening connection is down every read reads its session; once back, memory answers again', async () => {
    const owner = await t.login('owner@notify.example.com', FIXTURE_PASSWORD);
    await warmOnB(owner, '/api/console/v1/session');
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'console-auth-notify' and pid <> pg_backend_pid()`);
    // Both instances lose their connection; B notices it at once (the socket closes).
    for (let tries = 0; other.app.authNotifications!.listening && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(other.app.authNotifications!.listening).toBe(false);
    const statements = await statementsOf(async () => expect((await callB(owner, 'GET', '/api/console/v1/session')).statusCode).toBe(200), other.db.$client);
    expect(statements.filter((text) => text.includes('session')), statements.join('\n')).toHaveLength(1);
    expect(await untilListening(other.app.authNotifications!)).toBe(true);
    expect(await untilListening(t.app.authNotifications!)).toBe(true);
    await warmOnB(owner, '/api/console/v1/session');
  });
});

async function orgIdOf(id: string): Promise<string | undefined> {
  const { rows } = await t.db.execute<{ org_id: string }>(sql`select org_id from projects where id = ${id}`);
  return rows[0]?.org_id;
}
