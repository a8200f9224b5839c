import { and, eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { activityEvents, lnbProjectProductRelations, notificationOutbox, projectProducts } from '../../db/schema/index.ts';
import { createMember, createOrg, createProject } from '../../test/fixtures.ts';
import { childProcessesOf, killServerProcesses, signInOverHttp, startServerProcess, until } from '../../test/server-process.ts';
import { createTestDatabase } from '../../test/helper.ts';

/**
 * The kill test of enabling a service: the real server process (node apps/api/src/server.ts) on a
 * database of its own, killed with SIGKILL while its enable transaction is in the middle (the
 * service's row with its keys written; its left-menu entry, activity event and notification not yet). What must hold:
 * nothing of the enable stayed — no Appkey, no menu entry, no event, no notification job — and
 * enabling again on a restarted server works, once.
 */


let databaseUrl: string;
let db: Database;
let orgId: string;
let projectId: string;

const enable = (base: string, headers: Record<string, string>) =>
  fetch(`${base}/api/cab/v5/projects/${projectId}/products/email/enable`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });

const count = async (query: Promise<unknown[]>) => (await query).length;

/** What an enable of Email in the project leaves behind. */
async function leftovers() {
  const jobs = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'notifications.dispatch'`);
  return {
    services: await count(db.select().from(projectProducts).where(and(eq(projectProducts.projectId, projectId), eq(projectProducts.productId, 'email')))),
    menu: await count(db.select().from(lnbProjectProductRelations).where(eq(lnbProjectProductRelations.projectId, projectId))),
    events: await count(db.select().from(activityEvents).where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.actionCode, 'PRODUCT_ENABLE')))),
    outbox: await count(db.select().from(notificationOutbox).where(eq(notificationOutbox.projectId, projectId))),
    jobs: jobs.rows[0]!.n,
  };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = createDatabase(databaseUrl, 2);
  const owner = await createMember(db, 'owner@enable-kill.example.com', { name: 'Kill Owner' });
  orgId = (await createOrg(db, 'Enable Kill Org', owner.id)).id;
  projectId = (await createProject(db, orgId, 'Enable Kill Project', owner.id)).id;
});

afterAll(async () => {
  killServerProcesses();
  await db.$client.end();
});

describe('a server killed in the middle of enabling a service', () => {
  // Two server starts: about 12 s on two quiet cores; the bound is a guard against a hang, not a target
  // (each start may take up to 120 s under load: test/server-process.ts).
  it('leaves nothing half-written, and enabling again works once', { timeout: 300_000 }, async () => {
    const first = await startServerProcess(databaseUrl);
    // The server alone: no sample Email product beside it (test/server-process.ts).
    expect(await childProcessesOf(first.child.pid!)).toEqual([]);
    const owner = await signInOverHttp(first.base, 'owner@enable-kill.example.com');

    // Another transaction keeps left-menu entries from being written (a SHARE lock on their table):
    // the enable writes the service's row with its Appkey and SecretKey, then waits at its menu
    // entry — held mid-transaction for as long as the test needs.
    const blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table lnb_project_product_relations in share mode');

    const pending = enable(first.base, owner).catch(() => undefined);
    await until(
      'the enable waiting at its menu entry',
      async () =>
        (
          // Read outside the blocker's transaction: pg_stat_activity is a snapshot within one.
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "lnb_project_product_relations"%'`,
          )
        ).rows[0]!.n,
      (n) => n > 0,
      15_000,
    );
    // In the middle: the waiting transaction has already inserted the service's row (it holds
    // project_products' ROW EXCLUSIVE lock), uncommitted.
    const inFlight = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where a.datname = current_database() and l.relation = 'project_products'::regclass and l.mode = 'RowExclusiveLock' and l.granted
            and a.query ilike 'insert into "lnb_project_product_relations"%'`,
    );
    expect(inFlight.rows[0]!.n).toBe(1);
    expect((await leftovers()).services).toBe(0);

    first.child.kill('SIGKILL');
    await first.exited;
    await pending;
    await blocker.query('rollback');
    await blocker.end();

    // All or nothing: the dead server's transaction rolled back with its connection.
    await until('the rollback', leftovers, (left) => left.services === 0, 10_000);
    expect(await leftovers()).toEqual({ services: 0, menu: 0, events: 0, outbox: 0, jobs: 0 });

    const second = await startServerProcess(databaseUrl);
    try {
      const again = await signInOverHttp(second.base, 'owner@enable-kill.example.com');
      const response = await enable(second.base, again);
      expect(response.status, await response.clone().text()).toBe(200);
      const { product } = (await response.json()) as { product: { appKey: string; secretKey: string } };
      expect(product.appKey).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(await leftovers()).toMatchObject({ services: 1, menu: 1, events: 1, outbox: 1 });
      // A second enable is refused (13001), not written twice.
      const twice = await enable(second.base, again);
      expect(((await twice.json()) as { header: { resultCode: number } }).header.resultCode).toBe(13001);
      expect(await leftovers()).toMatchObject({ services: 1, menu: 1, events: 1 });
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
