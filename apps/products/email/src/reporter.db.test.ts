import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../api/src/test/helper.ts';
import { createConsoleClient } from './console-client.ts';
import { createSealer } from './crypto.ts';
import { DEVELOPMENT_PRODUCT_SECRETS_KEY } from './config.ts';
import { createPool, inTransaction, migrate, SCHEMA, type Pool } from './db.ts';
import { backoffMs, createReporter, MAX_BATCH, recordEvent } from './reporter.ts';

/**
 * The reporter against a small stand-in of the console's ingestion calls (services-design.md,
 * part B's contract): it checks the Appkey headers, answers as told (404 until the calls exist,
 * 401 for a regenerated key, 500, 400), and counts usage once per idempotency key as the console does.
 */
const APP_KEY = 'ReporterAppKey000001';
const SECRET = 'ReporterSecretKey0000000000000001';
const ORG = '00000000-0000-4000-8000-000000000001';
const PROJECT = '00000000-0000-4000-8000-000000000002';

let receiver: Server;
let consoleUrl: string;
let answer: number;
const received = { samples: [] as Record<string, unknown>[], usage: new Map<string, Record<string, unknown>>(), calls: 0, duplicates: 0 };

let databaseUrl: string;
const pools: Pool[] = [];
const sealer = createSealer(DEVELOPMENT_PRODUCT_SECRETS_KEY);
// Real time: a report row's first attempt is due at the database's now().
let now = Date.now();
const clock = () => new Date(now);

function reporterOn(pool: Pool) {
  return createReporter({ pool, console: createConsoleClient(consoleUrl), sealer, clock, intervalMs: 1000 });
}
async function openPool() {
  const pool = createPool(databaseUrl, 2);
  pools.push(pool);
  await migrate(pool);
  return pool;
}
async function record(pool: Pool, eventKey: string, counters: Parameters<typeof recordEvent>[1]['counters']) {
  await inTransaction(pool, (client) => recordEvent(client, { appKey: APP_KEY, eventKey, sender: 'ops@example.com', at: clock(), counters }));
}
const pending = async (pool: Pool) =>
  (await pool.query<{ state: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(`select * from ${SCHEMA}.reports order by report_id`)).rows;

beforeAll(async () => {
  databaseUrl = await createTestDatabase();
  receiver = createServer((request, response) => {
    const reply = (status: number, payload: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.calls++;
      if (answer !== 200) {
        return reply(answer, { header: { isSuccessful: false, resultCode: answer === 401 ? 10401 : answer === 400 ? 10001 : 10404, resultMessage: 'refused' } });
      }
      if (request.headers['x-appkey'] !== APP_KEY || request.headers['x-secret-key'] !== SECRET) {
        return reply(401, { header: { isSuccessful: false, resultCode: 10401, resultMessage: 'The Appkey or SecretKey is not valid.' } });
      }
      const parsed = JSON.parse(body) as { samples?: Record<string, unknown>[]; records?: Record<string, unknown>[] };
      if (request.url === '/api/metrics/v1/ingest/samples') {
        expect(parsed.samples!.length).toBeLessThanOrEqual(MAX_BATCH);
        received.samples.push(...parsed.samples!);
        return reply(200, { header: { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' }, accepted: parsed.samples!.length });
      }
      let duplicates = 0;
      for (const item of parsed.records!) {
        const key = String(item.idempotencyKey);
        if (received.usage.has(key)) duplicates++;
        else received.usage.set(key, item);
      }
      received.duplicates += duplicates;
      return reply(200, { header: { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' }, accepted: parsed.records!.length - duplicates, duplicates });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  consoleUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const pool = await openPool();
  await pool.query(`insert into ${SCHEMA}.app_keys (app_key, org_id, project_id, secret_key_enc) values ($1, $2, $3, $4)`, [APP_KEY, ORG, PROJECT, sealer.seal(SECRET)]);
});

afterAll(async () => {
  for (const pool of pools) await pool.end().catch(() => {});
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(async () => {
  received.samples.length = 0;
  received.usage.clear();
  received.calls = 0;
  received.duplicates = 0;
  await pools[0]!.query(`delete from ${SCHEMA}.reports`);
});

describe('the reporter', () => {
  it('keeps every report while the ingestion calls are missing (404), across a restart, and sends them all once they answer', async () => {
    const first = await openPool();
    for (let index = 0; index < 5; index++) await record(first, `request-${index}`, { request_count: 1, sent_count: 2 });
    answer = 404;
    expect(await reporterOn(first).pumpOnce()).toEqual({ sent: 0, retried: 10, rejected: 0 });
    const waiting = await pending(first);
    expect(waiting).toHaveLength(10);
    expect(waiting.every((row) => row.state === 'PENDING' && row.attempts === 1 && row.last_error?.startsWith('404'))).toBe(true);
    // Not retried before its delay.
    expect(await reporterOn(first).pumpOnce()).toEqual({ sent: 0, retried: 0, rejected: 0 });

    // "Restart": this process's pool is gone; a new one finds the reports in the table.
    await first.end();
    pools.splice(pools.indexOf(first), 1);
    const second = await openPool();
    answer = 200;
    received.calls = 0;
    now += 60_000;
    expect(await reporterOn(second).pumpOnce()).toEqual({ sent: 10, retried: 0, rejected: 0 });
    expect(await pending(second)).toEqual([]);
    expect([...received.usage.keys()].sort()).toEqual(
      Array.from({ length: 5 }, (_, index) => [`request-${index}:request_count`, `request-${index}:sent_count`]).flat().sort(),
    );
    expect(received.usage.get('request-3:sent_count')).toMatchObject({ service: 'email', resourceType: 'sent_count', resourceId: APP_KEY, unit: 'COUNT', quantity: 2 });
    expect(received.samples.filter((sample) => sample.metricName === 'sent_count').map((sample) => sample.value)).toEqual([2, 2, 2, 2, 2]);
    // One call per kind: the five events' reports are batched.
    expect(received.calls).toBe(2);
  });

  it('waits while the console refuses the SecretKey (401) and sends with the new one once it is given', async () => {
    const pool = pools[0]!;
    await record(pool, 'after-regeneration', { request_count: 1 });
    await pool.query(`update ${SCHEMA}.app_keys set secret_key_enc = $2 where app_key = $1`, [APP_KEY, sealer.seal('TheOldSecretKeyThatWasRegenerated')]);
    answer = 200;
    now += 60_000;
    expect((await reporterOn(pool).pumpOnce()).retried).toBe(2);
    expect(received.usage.size).toBe(0);
    await pool.query(`update ${SCHEMA}.app_keys set secret_key_enc = $2 where app_key = $1`, [APP_KEY, sealer.seal(SECRET)]);
    now += 60_000;
    expect((await reporterOn(pool).pumpOnce()).sent).toBe(2);
    expect([...received.usage.keys()]).toEqual(['after-regeneration:request_count']);
  });

  it('counts usage once when a report is sent again (the answer lost, the process stopped before the delete)', async () => {
    const pool = pools[0]!;
    await record(pool, 'lost-answer', { open_count: 1 });
    answer = 200;
    now += 60_000;
    // The console takes the call, but the product never learns it: its ingest "fails" after the call.
    const real = createConsoleClient(consoleUrl);
    const losing = createReporter({
      pool,
      sealer,
      clock,
      intervalMs: 1000,
      console: { ...real, ingest: async (...args) => (await real.ingest(...args), Promise.reject(new Error('connection reset'))) },
    });
    expect((await losing.pumpOnce()).retried).toBe(2);
    now += 60_000;
    expect((await reporterOn(pool).pumpOnce()).sent).toBe(2);
    expect(received.usage.size).toBe(1);
    expect(received.duplicates).toBe(1);
  });

  it('keeps a report the console refuses as malformed as REJECTED, and splits batches at 1,000 items', async () => {
    const pool = pools[0]!;
    await record(pool, 'malformed', { request_count: 1 });
    answer = 400;
    now += 60_000;
    expect(await reporterOn(pool).pumpOnce()).toEqual({ sent: 0, retried: 0, rejected: 2 });
    expect((await pending(pool)).map((row) => row.state)).toEqual(['REJECTED', 'REJECTED']);
    await pool.query(`delete from ${SCHEMA}.reports`);

    const items = Array.from({ length: 600 }, (_, index) => ({ service: 'email', resourceType: 'sender', resourceId: 'x', metricName: 'sent_count', labels: {}, timestamp: clock().toISOString(), value: index }));
    await pool.query(`insert into ${SCHEMA}.reports (app_key, kind, items) values ($1, 'SAMPLES', $2::jsonb), ($1, 'SAMPLES', $2::jsonb)`, [APP_KEY, JSON.stringify(items)]);
    answer = 200;
    received.calls = 0;
    expect((await reporterOn(pool).pumpOnce()).sent).toBe(2);
    // 600 + 600 items of one Appkey and kind: two calls, none over 1,000.
    expect(received.calls).toBe(2);
    expect(received.samples).toHaveLength(1200);
  });

  it('backs off from 1 s, doubling, to at most 5 minutes', () => {
    const middle = [0, 1, 2, 3, 8, 9, 30].map((attempts) => backoffMs(attempts, () => 0.5));
    expect(middle).toEqual([1000, 2000, 4000, 8000, 256_000, 300_000, 300_000]);
    expect(backoffMs(0, () => 0)).toBe(800);
    expect(backoffMs(0, () => 1)).toBe(1200);
  });
});
