import * as api from '@console/contracts';
import type { Endpoint } from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { members, projectMembers } from '../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { afterFile } from '../test/after-file.ts';
import { createTestDatabase, type Caller } from '../test/helper.ts';
import { statementsOf } from '../test/statements.ts';
import { worldOf } from '../test/world.ts';
import { createAuthNotifications, untilListening } from './auth-notify.ts';

/**
 * The session and grants a read answers from memory (AUTH_CACHE, platform/auth-notify.ts) are
 * dropped on every instance when PostgreSQL notifies a change, whoever made it: here instance A
 * (the test app) and instance B (a second app on the same database, as a second server would be).
 * The bound is the notification's way to an instance: `sync()` waits until everything committed
 * so far has been heard, which is what these tests assert after (no timed waits).
 */
const w = worldOf({
  env: { AUTH_CACHE: 'on' },
  mailDomain: 'notify.example.com',
  nameOf: null,
  org: { name: 'Notify Org' },
  roles: { owner: 'OWNER', member: 'MEMBER' },
  projects: { notified: { name: 'Notified', members: { member: ['MEMBER'] } } },
  // Each test signs in for itself: sign-outs end the sessions.
  signIn: [],
});
let other: { app: FastifyInstance; db: Database };
const signIn = (who: 'owner' | 'member') => w.t.login(w.email(who), FIXTURE_PASSWORD);
const session = { endpoint: api.getSession, params: {} };
const project = () => ({ endpoint: api.getProject, params: { projectId: w.projects.notified } });

async function buildSecondInstance(databaseUrl: string) {
  const db = createDatabase(databaseUrl, 4);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', AUTH_CACHE: 'on', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  const app = await buildApp({ config, db, databaseUrl, clock: w.t.clock.now, logger: false });
  await app.ready();
  return { app, db };
}

/** A read on instance B as `who` (the cookies of a sign-in on A), through its contract. */
const callB = (who: Caller, read: { endpoint: Endpoint; params: object }) =>
  other.app.inject(who.as({ method: read.endpoint.method, url: api.buildUrl(read.endpoint, read.params), headers: { lang: 'en_US' } }));

/** Two reads on B: the first keeps the session and grant, the second answers with no session statement. */
async function warmOnB(who: Caller, read: { endpoint: Endpoint; params: object }) {
  // B hears first what earlier statements committed (the last test's put-back, a sign-in on A): a
  // notification about sessions arriving during the first read rightly keeps nothing from it.
  await other.app.authNotifications!.sync();
  expect((await callB(who, read)).statusCode).toBe(200);
  const statements = await statementsOf(async () => expect((await callB(who, read)).statusCode).toBe(200), other.db.$client);
  expect(statements.filter((text) => text.includes('session')), statements.join('\n')).toEqual([]);
}

beforeAll(async () => {
  other = await buildSecondInstance(w.t.databaseUrl);
  expect(await untilListening(w.t.app.authNotifications!)).toBe(true);
  expect(await untilListening(other.app.authNotifications!)).toBe(true);
});

afterAll(async () => {
  await other.app.close();
  await other.db.$client.end();
});

describe('a read answered from memory is refused on every instance once the change is heard', () => {
  it('signed out on A: refused on B', async () => {
    const owner = await signIn('owner');
    await warmOnB(owner, session);
    expect((await w.t.call(owner, api.logout, { body: {} })).statusCode).toBe(200);
    await other.app.authNotifications!.sync();
    const refused = await callB(owner, session);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().header.resultCode).toBe(100);
  });

  it('signed out on A: refused on A at once (the sign-out answers after its notification is heard)', async () => {
    const owner = await signIn('owner');
    expect((await w.t.call(owner, api.getSession)).statusCode).toBe(200);
    expect((await w.t.call(owner, api.getSession)).statusCode).toBe(200);
    expect((await w.t.call(owner, api.logout, { body: {} })).statusCode).toBe(200);
    expect((await w.t.call(owner, api.getSession)).statusCode).toBe(401);
  });

  it('an account suspended by a statement outside the app: 4000 on B', async () => {
    const member = await signIn('member');
    await warmOnB(member, project());
    await w.t.db.update(members).set({ status: 'BLOCKED' }).where(eq(members.id, w.ids.member));
    await other.app.authNotifications!.sync();
    const refused = await callB(member, project());
    expect(refused.statusCode).toBe(401);
    expect(refused.json().header.resultCode).toBe(4000);
    await w.t.db.update(members).set({ status: 'STABLE' }).where(eq(members.id, w.ids.member));
  });

  it('a member removed from the project on A: not found on B, and on A at once', async () => {
    const owner = await signIn('owner');
    const member = await signIn('member');
    await warmOnB(member, project());
    expect((await w.t.call(member, api.getProject, { params: { projectId: w.projects.notified } })).statusCode).toBe(200);
    const removed = await w.t.call(owner, api.removeProjectMember, { params: { projectId: w.projects.notified, memberId: w.ids.member } });
    expect(removed.statusCode, removed.body).toBe(200);
    // Same instance, no wait: the removal answered only once its notification was heard here.
    expect((await w.t.call(member, api.getProject, { params: { projectId: w.projects.notified } })).statusCode).toBe(404);
    await other.app.authNotifications!.sync();
    expect((await callB(member, project())).statusCode).toBe(404);
    await w.t.db.insert(projectMembers).values({ orgId: w.orgId, projectId: w.projects.notified, memberId: w.ids.member, roleCodes: ['MEMBER'] });
  });
});

describe('without the notifications nothing is kept', () => {
  it('while the listening connection is down every read reads its session; once back, memory answers again', async () => {
    const owner = await signIn('owner');
    await warmOnB(owner, session);
    // A neighbour listening on another database of the same server, as another file's app on a
    // shared worker does: the connections dropped here are this database's, never the neighbour's.
    const neighbour = createAuthNotifications({ databaseUrl: await createTestDatabase(), log: { warn: () => {} } });
    afterFile(() => neighbour.close());
    expect(await untilListening(neighbour)).toBe(true);
    const neighbourGeneration = neighbour.sessionGeneration;
    // This file's database only: pg_stat_activity lists the whole server, where another file's app
    // listens beside this one on a shared worker (its statement counts then failed, one session
    // read more for every read while its connection came back).
    await w.t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'console-auth-notify' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    // Both instances lose their connection; B notices it at once (the socket closes).
    for (let tries = 0; other.app.authNotifications!.listening && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(other.app.authNotifications!.listening).toBe(false);
    // A round trip on the neighbour's connection: it answers, and nothing made it listen anew.
    await neighbour.sync();
    expect(neighbour.listening, 'the neighbour on another database still listens').toBe(true);
    expect(neighbour.sessionGeneration).toBe(neighbourGeneration);
    const statements = await statementsOf(async () => expect((await callB(owner, session)).statusCode).toBe(200), other.db.$client);
    expect(statements.filter((text) => text.includes('session')), statements.join('\n')).toHaveLength(1);
    expect(await untilListening(other.app.authNotifications!)).toBe(true);
    expect(await untilListening(w.t.app.authNotifications!)).toBe(true);
    await warmOnB(owner, session);
  });
});
