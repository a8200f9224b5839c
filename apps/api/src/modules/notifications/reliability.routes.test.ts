import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@console/contracts';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { world } from '../../test/world.ts';
import { attemptDelivery, sweepDeliveries, type DeliveryDeps } from './delivery.ts';
import { enqueueNotification } from './outbox.ts';

/**
 * 1,000 events to a loopback receiver that fails half the time, with a worker "killed" in the
 * middle (attempts claimed and never finished, pending jobs lost): every event is delivered at
 * least once, duplicates carry the same webhook-id, none is lost — within a bounded number of sweeps.
 */
const EVENTS = 1000;
let server: Server;
let url: string;
const seen = new Map<string, number>();
/** eventId -> the webhook-ids it arrived with (2xx only). */
const delivered = new Map<string, Set<string>>();

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const count = (seen.get(id) ?? 0) + 1;
      seen.set(id, count);
      // Half the time: half the deliveries fail their first attempt, the others their second (if any).
      const fails = (createHash('sha256').update(id).digest()[0]! + count) % 2 === 0;
      if (fails) return void response.writeHead(503).end('busy');
      const eventId = JSON.parse(body).eventId as string;
      const ids = delivered.get(eventId) ?? new Set<string>();
      ids.add(id);
      delivered.set(eventId, ids);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('delivers every one of 1,000 events at least once through failures and a killed worker', { timeout: 600_000 }, async () => {
  const w = await world({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' }, mailDomain: 'reliable.example.com' });
  const { t, orgId } = w;
  const created = await t.call(w.as.owner, api.createOrgReceiverGroup, { params: { orgId }, body: { name: 'Reliable', webhooks: [{ name: 'Flaky', targetUrl: url }] } });
  expect(created.statusCode, created.body).toBe(200);
  const groupId = created.json().receiverGroup.receiverGroupId as string;

  const eventIds: string[] = [];
  for (let batch = 0; batch < EVENTS / 100; batch++) {
    await t.db.transaction(async (tx) => {
      for (let index = 0; index < 100; index++) {
        eventIds.push((await enqueueNotification(tx, t.app.jobs, t.clock.now, { orgId, eventType: 'PRODUCT_ENABLED', receiverGroupIds: [groupId], params: { n: batch * 100 + index } }))!);
      }
    });
  }
  // Dispatch and the first attempts (half of them fail).
  await t.app.jobs.runPendingJobs();
  const events = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_outbox where status_code = 'DISPATCHED'`);
  expect(events.rows[0]!.n).toBe(EVENTS);
  const deps: DeliveryDeps = { db: t.db, jobs: t.app.jobs, clock: t.clock.now, box: createSecretBox(), outbound: { allowedHosts: ['127.0.0.1'] } };
  // A minute later, another worker is killed right after claiming a tenth of the due retries.
  t.clock.advanceMinutes(1);
  const due = await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.statusCode, ['PENDING', 'RETRYING']));
  const killed = { ...deps, afterClaim: () => Promise.reject(new Error('killed')) };
  for (const { id } of due.slice(0, Math.ceil(due.length / 10))) await attemptDelivery(killed, id).catch(() => undefined);
  const leased = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_webhook_deliveries where status_code = 'SENDING'`);
  expect(leased.rows[0]!.n).toBeGreaterThan(0);

  // Restarted workers sweep; time moves on (leases and backoff expire). Bounded: 12 rounds.
  for (let round = 0; round < 12; round++) {
    t.clock.advanceMinutes(round < 4 ? 5 : 240);
    while ((await sweepDeliveries(deps, { limit: 500, concurrency: 8 })) > 0) {
      /* until nothing is due now */
    }
    const open = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_webhook_deliveries where status_code not in ('SUCCEEDED', 'FAILED')`);
    if (open.rows[0]!.n === 0) break;
  }

  const states = await t.db.execute<{ status_code: string; n: number }>(sql`select status_code, count(*)::int as n from notification_webhook_deliveries group by 1`);
  expect(states.rows).toEqual([{ status_code: 'SUCCEEDED', n: EVENTS }]);
  expect(eventIds.filter((id) => !delivered.has(id))).toEqual([]);
  // A duplicate of an event is the same delivery (same webhook-id): recognisable by the receiver.
  for (const ids of delivered.values()) expect(ids.size).toBe(1);
  expect([...seen.values()].some((count) => count > 1)).toBe(true);
});
