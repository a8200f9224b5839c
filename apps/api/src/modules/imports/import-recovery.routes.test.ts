import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { iamMembers, importJobs, orgInvitations } from '../../db/schema/index.ts';
import { createMember, createOrg, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { killServerProcesses, signInOverHttp, startServerProcess, until } from '../../test/server-process.ts';
import { buildTestApp, createTestDatabase, type Caller, type TestApp } from '../../test/helper.ts';
import { importsRepository } from './imports.repository.ts';
import { IMPORT_TIME_LIMIT_SECONDS } from './imports.service.ts';

/**
 * Imports that can no longer finish (in-process, the queue drained by hand): past their time
 * limit, interrupted, or re-delivered after an interrupted run. And the kill harness below.
 */
describe('an import that can no longer finish', () => {
  let t: TestApp;
  let owner: Caller;
  let org: string;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    const account = await createMember(t.db, 'owner@stuck.example.com');
    org = (await createOrg(t.db, 'Stuck Org', account.id)).id;
    owner = await t.login('owner@stuck.example.com', FIXTURE_PASSWORD);
  });

  const start = (email: string) =>
    t.call(owner, api.startOrgMemberImportRows, { params: { orgId: org }, body: { rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email, roleList: 'MEMBER' }] } });
  const started = async (email: string) => {
    const response = await start(email);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().asyncJobId as string;
  };
  const stateOf = async (asyncJobId: string) => (await t.call(owner, api.getOrgMemberImport, { params: { orgId: org, asyncJobId } })).json().state as string;
  const invited = async (prefix: string) =>
    (await t.db.select({ email: orgInvitations.email }).from(orgInvitations).where(sql`${orgInvitations.email} like ${`${prefix}%`}`)).map((row) => row.email).sort();

  it('holds its organization no longer than its time limit: then it is FAIL, the next import starts, and it never commits', async () => {
    const first = await started('late.a@stuck.example.com');
    await t.expectRefusal(() => start('late.b@stuck.example.com'), 400, 1502);
    t.clock.advanceMinutes(IMPORT_TIME_LIMIT_SECONDS / 60 - 1);
    await t.expectRefusal(() => start('late.b@stuck.example.com'), 400, 1502);
    t.clock.advanceMinutes(1);
    const second = await started('late.b@stuck.example.com');
    expect(await stateOf(first)).toBe('FAIL');
    // Both commit jobs run now: the late one finds FAIL and writes nothing.
    await t.runPendingJobs();
    expect(await stateOf(second)).toBe('COMPLETE');
    expect(await invited('late.')).toEqual(['late.b@stuck.example.com']);
  });

  it('a run a crash interrupted (begun, no commit holds it) is found when a worker starts and set FAIL; its job then does nothing', async () => {
    const asyncJobId = await started('crashed.a@stuck.example.com');
    // What a worker killed mid-commit leaves: the import begun, its transaction rolled back, its lock gone.
    await importsRepository.markStarted(t.db, org, asyncJobId, t.clock.now());
    await t.app.jobs.recoverInterrupted();
    const [row] = await t.db.select().from(importJobs).where(eq(importJobs.id, asyncJobId));
    expect(row).toMatchObject({ state: 'FAIL', completedAt: t.clock.now() });
    await t.runPendingJobs();
    expect(await invited('crashed.')).toEqual([]);
    expect(await started('crashed.b@stuck.example.com')).toEqual(expect.any(String));
    await t.runPendingJobs();
  });

  it('a delivery that finds its import begun by an earlier run sets it FAIL instead of running it a second time', async () => {
    const asyncJobId = await started('again.a@stuck.example.com');
    await importsRepository.markStarted(t.db, org, asyncJobId, t.clock.now());
    await t.runPendingJobs();
    expect(await stateOf(asyncJobId)).toBe('FAIL');
    expect(await invited('again.')).toEqual([]);
  });

  it('is left alone while a commit holds it (another server runs it): WAIT and 1502; once that commit is gone, the next look finds it FAIL', async () => {
    const asyncJobId = await started('held.a@stuck.example.com');
    await importsRepository.markStarted(t.db, org, asyncJobId, t.clock.now());
    const other = new Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtextextended('import:' || $1, 0))`, [asyncJobId]);
      await t.app.jobs.recoverInterrupted();
      expect(await stateOf(asyncJobId)).toBe('WAIT');
      await t.expectRefusal(() => start('held.b@stuck.example.com'), 400, 1502);
    } finally {
      await other.query('rollback');
      await other.end();
    }
    expect(await stateOf(asyncJobId)).toBe('FAIL');
    expect(await started('held.b@stuck.example.com')).toEqual(expect.any(String));
    await t.runPendingJobs();
    expect(await invited('held.')).toEqual(['held.b@stuck.example.com']);
  });
});

/**
 * The kill harness: the real server process (node apps/api/src/server.ts) on a database of its
 * own, killed with SIGKILL in the middle of an import's commit, then started again. What must
 * hold: nothing of the import stayed (all or nothing), the restarted server finds the interrupted
 * import at once and sets it FAIL, and the organization can import again right away.
 */

const ROWS_CLOUD = 60;
const ROWS_IAM = 40;

let databaseUrl: string;
let db: Database;
let orgId: string;

const importsUrl = (base: string) => `${base}/api/cab/v6/organizations/${orgId}/members`;

async function startImport(base: string, headers: Record<string, string>, rows: object[]) {
  const response = await fetch(`${importsUrl(base)}/import-rows`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  return { status: response.status, body: (await response.json()) as { asyncJobId?: string; header: { resultCode: number } } };
}

async function importState(base: string, headers: Record<string, string>, asyncJobId: string) {
  const response = await fetch(`${importsUrl(base)}/import/${asyncJobId}`, { headers });
  return (await response.json()) as { state: string; progress: { processed: number; total: number } };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = createDatabase(databaseUrl, 2);
  const owner = await createMember(db, 'owner@kill.example.com', { name: 'Kill Owner' });
  orgId = (await createOrg(db, 'Kill Org', owner.id)).id;
});

afterAll(async () => {
  killServerProcesses();
  await db.$client.end();
});

describe('a server killed in the middle of an import', () => {
  // Two server starts: about 12 s on two quiet cores; the bound is a guard against a hang, not a target
  // (each start may take up to 120 s under load: test/server-process.ts).
  it('leaves nothing of it, and once restarted fails it at once and lets the organization import again', { timeout: 300_000 }, async () => {
    const first = await startServerProcess(databaseUrl);
    const owner = await signInOverHttp(first.base, 'owner@kill.example.com');
    const rows = [
      ...Array.from({ length: ROWS_CLOUD }, (_, index) => ({ orgMemberTypeCode: 'TOAST_CLOUD', email: `crash.c${index}@kill.example.com`, roleList: 'MEMBER' })),
      ...Array.from({ length: ROWS_IAM }, (_, index) => ({ orgMemberTypeCode: 'IAM', userCode: `crash.i${index}`, name: `Crash.${index}`, email: `crash.i${index}@kill.example.com` })),
    ];

    // Another transaction keeps IAM accounts from being written (a SHARE lock on their table): the
    // commit writes the invitations (three chunks of 20), then waits in its fourth chunk — held
    // mid-commit for as long as the test needs, instead of racing a half-second commit.
    const blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table iam_members in share mode');

    const started = await startImport(first.base, owner, rows);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const asyncJobId = started.body.asyncJobId!;
    const stuck = await until('the commit', () => importState(first.base, owner, asyncJobId), (state) => state.progress.processed >= ROWS_CLOUD, 15_000);
    expect(stuck).toMatchObject({ state: 'WAIT', progress: { processed: ROWS_CLOUD, total: ROWS_CLOUD + ROWS_IAM } });

    first.child.kill('SIGKILL');
    await first.exited;
    // The statement the dead server was waiting in now ends; its transaction is rolled back.
    await blocker.query('rollback');
    await blocker.end();

    // As the crash left it: WAIT at 60/100 (before the fix, every import of the organization then answered ASYNC_JOB_IN_PROGRESS until pg-boss's expiry, 15 min).
    const [left] = await db.select().from(importJobs).where(eq(importJobs.id, asyncJobId));
    expect(left).toMatchObject({ state: 'WAIT', processed: ROWS_CLOUD });
    // All or nothing: no invitation, no IAM account, no mail.
    expect(await db.select().from(orgInvitations).where(eq(orgInvitations.orgId, orgId))).toEqual([]);
    expect(await db.select().from(iamMembers).where(eq(iamMembers.orgId, orgId))).toEqual([]);
    const mails = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail.send'`);
    expect(mails.rows[0]!.n).toBe(0);

    const second = await startServerProcess(databaseUrl);
    const restartedAt = Date.now();
    try {
      const again = await signInOverHttp(second.base, 'owner@kill.example.com');
      // The organization may import at once (not ASYNC_JOB_IN_PROGRESS)…
      const retried = await startImport(second.base, again, rows.slice(0, 3));
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      // …because the restarted server found the interrupted import (at its start, or at the latest when
      // the new import met it) and set it FAIL: not WAIT.
      expect(await importState(second.base, again, asyncJobId)).toMatchObject({ state: 'FAIL' });
      const done = await until('the new import', () => importState(second.base, again, retried.body.asyncJobId!), (state) => state.state !== 'WAIT', 10_000);
      expect(done.state).toBe('COMPLETE');
      expect(Date.now() - restartedAt).toBeLessThan(10_000);
      expect(await db.select().from(orgInvitations).where(eq(orgInvitations.orgId, orgId))).toHaveLength(3);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
