import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client.ts';
import { createJobs, type Jobs } from '../../platform/jobs.ts';
import { createMember, createOrg } from '../../test/fixtures.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { killServerProcesses, signInOverHttp, startServerProcess, until, type ServerProcess } from '../../test/server-process.ts';
import { DISPATCH_QUEUE } from './dispatch.ts';
import { NOTIFICATION_DISPATCH_JOB, enqueueNotification } from './outbox.ts';

/**
 * "Never loses a message", with a real crash: the real server process delivers 1,000 notification
 * events to a webhook receiver on loopback and is killed with SIGKILL while an attempt is in the
 * middle (the receiver holds that request unanswered). A restarted server must deliver every event
 * — the one cut off again with the same webhook-id, so the receiver, deduplicating by that id,
 * takes each event exactly once — and leave no delivery leased and no event undispatched.
 */
const EVENTS = 1000;
const KILL_AFTER = 300;
const SECRET = 'kill-test-secret-0123456789';

let databaseUrl: string;
let db: Database;
let jobs: Jobs;
let orgId: string;
let receiver: Server;
let hookUrl: string;

/** webhook-id -> requests received with it (every attempt, answered or not). */
const seen = new Map<string, number>();
/** eventId -> the webhook-ids it was taken with (deduplicated: the first request of an id is processed). */
const taken = new Map<string, Set<string>>();
let badSignatures = 0;
let held: { id: string; response: ServerResponse } | undefined;
let holdNext: ((id: string) => void) | undefined;

function receive(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const id = String(request.headers['webhook-id']);
    const timestamp = String(request.headers['webhook-timestamp']);
    const expected = `v1,${createHmac('sha256', SECRET).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    if (request.headers['webhook-signature'] !== expected) badSignatures++;
    seen.set(id, (seen.get(id) ?? 0) + 1);
    if (holdNext && !held && taken.size >= KILL_AFTER) {
      // The attempt in the middle when the server dies: received, never answered.
      held = { id, response };
      holdNext(id);
      return;
    }
    const eventId = (JSON.parse(body) as { eventId: string }).eventId;
    const ids = taken.get(eventId) ?? new Set<string>();
    ids.add(id);
    taken.set(eventId, ids);
    response.writeHead(200).end('ok');
  });
}

/** Where the deliveries and events stand. */
async function states() {
  const deliveries = await db.execute<{ status_code: string; n: number }>(sql`select status_code, count(*)::int as n from notification_webhook_deliveries group by 1 order by 1`);
  const events = await db.execute<{ status_code: string; n: number }>(sql`select status_code, count(*)::int as n from notification_outbox group by 1 order by 1`);
  return {
    deliveries: Object.fromEntries(deliveries.rows.map((row) => [row.status_code, row.n])) as Record<string, number>,
    events: Object.fromEntries(events.rows.map((row) => [row.status_code, row.n])) as Record<string, number>,
    taken: taken.size,
  };
}

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  db = createDatabase(databaseUrl, 2);
  const owner = await createMember(db, 'owner@delivery-kill.example.com', { name: 'Kill Owner' });
  orgId = (await createOrg(db, 'Delivery Kill Org', owner.id)).id;
  receiver = createServer(receive);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  // This process only enqueues (in its own transactions, as a change would); the server works the queue.
  jobs = createJobs({ databaseUrl, log: { error: () => undefined, warn: () => undefined } });
  jobs.define({ name: NOTIFICATION_DISPATCH_JOB, queue: DISPATCH_QUEUE, handler: () => Promise.reject(new Error('the server dispatches')) });
});

afterAll(async () => {
  killServerProcesses();
  held?.response.destroy();
  await jobs.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await db.$client.end();
});

// Two server starts and 1,000 deliveries: well under a minute on two shared cores; the bound guards against a hang.
it('a server killed mid-delivery loses no event: every one delivered, each taken once by its webhook-id', { timeout: 300_000 }, async () => {
  const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
  let server: ServerProcess = await startServerProcess(databaseUrl, env);
  const owner = await signInOverHttp(server.base, 'owner@delivery-kill.example.com');
  const created = await fetch(`${server.base}/api/alarm/v6/organizations/${orgId}/receiver-groups`, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Kill test', webhooks: [{ name: 'Loopback', targetUrl: hookUrl, secret: SECRET }] }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
  const groupId = ((await created.json()) as { receiverGroup: { receiverGroupId: string } }).receiverGroup.receiverGroupId;

  const cutOff = new Promise<string>((resolve) => (holdNext = resolve));
  await jobs.start('manual');
  const eventIds: string[] = [];
  for (let batch = 0; batch < EVENTS / 100; batch++) {
    await db.transaction(async (tx) => {
      for (let index = 0; index < 100; index++) {
        const id = await enqueueNotification(tx, jobs, () => new Date(), { orgId, eventType: 'PRODUCT_ENABLED', receiverGroupIds: [groupId], params: { n: batch * 100 + index } });
        eventIds.push(id!);
      }
    });
  }

  // Killed while an attempt waits for its answer.
  let noCutOff: NodeJS.Timeout | undefined;
  const heldId = await Promise.race([
    cutOff,
    new Promise<never>((_resolve, reject) => {
      noCutOff = setTimeout(() => void states().then((now) => reject(new Error(`no attempt to cut off after 60 s: ${JSON.stringify(now)}`))), 60_000).unref();
    }),
  ]);
  // Cleared, not left to fire after the file: the worker runs the next file (vitest.config.ts), whose
  // test would get this one's rejection from a database pool ended by then.
  clearTimeout(noCutOff);
  server.child.kill('SIGKILL');
  await server.exited;
  held!.response.destroy();
  const atKill = await states();
  expect(atKill.taken).toBeLessThan(EVENTS);
  expect(atKill.deliveries.SENDING, JSON.stringify(atKill)).toBeGreaterThanOrEqual(1);
  const [cut] = (await db.execute<{ status_code: string; lease_holder: number | null }>(sql`select status_code, lease_holder from notification_webhook_deliveries where id = ${heldId}`)).rows;
  expect(cut).toMatchObject({ status_code: 'SENDING' });
  expect(cut!.lease_holder).not.toBeNull();

  // Restarted: everything goes out, without waiting for the dead process's lease (60 s) or its jobs' expiry.
  const restartedAt = Date.now();
  server = await startServerProcess(databaseUrl, env);
  const settled = await until('every event delivered', states, (now) => now.taken === EVENTS && now.deliveries.SUCCEEDED === EVENTS, 50_000, 200);
  const tookMs = Date.now() - restartedAt;

  // Nothing stuck: every event dispatched, every delivery succeeded, none leased.
  expect(settled.events).toEqual({ DISPATCHED: EVENTS });
  expect(settled.deliveries).toEqual({ SUCCEEDED: EVENTS });
  // Every event at least once; the receiver, deduplicating by webhook-id, took each exactly once.
  expect(eventIds.filter((id) => !taken.has(id))).toEqual([]);
  expect([...taken.values()].filter((ids) => ids.size !== 1)).toEqual([]);
  // The attempt cut off was sent again with the same webhook-id: a duplicate the receiver recognises.
  expect(seen.get(heldId)).toBe(2);
  expect(badSignatures).toBe(0);
  const leased = await db.execute<{ n: number }>(sql`select count(*)::int as n from notification_webhook_deliveries where locked_until is not null or lease_holder is not null`);
  expect(leased.rows[0]!.n).toBe(0);
  console.warn(`delivery kill test: killed after ${atKill.taken} taken (${JSON.stringify(atKill.deliveries)}, events ${JSON.stringify(atKill.events)}); the rest delivered ${tookMs} ms after the restart began`);

  server.child.kill('SIGTERM');
  await server.exited;
});
