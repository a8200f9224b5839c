import type { ConsoleClient } from './console-client.ts';
import { ConsoleRefusal, PRODUCT_ID } from './console-client.ts';
import type { Sealer } from './crypto.ts';
import { SCHEMA, type Client, type Pool } from './db.ts';

/**
 * Usage and metrics for the console (its ingestion calls, docs/ingestion.md). Counters are written
 * to the product's own `reports` table in the same transaction as what they count, then sent by
 * the reporter; a report leaves the table only once the console has accepted it. The console
 * unreachable, the SecretKey refused (regenerated and not yet given again), the calls not there
 * (404): the report waits and is retried with a growing delay (1 s doubling to 5 min). A report
 * the console refuses as malformed (400, 413, 422) is kept as REJECTED with the reason, never
 * retried nor dropped. Usage records carry an idempotency key, so a report sent twice (the process
 * killed between the console's answer and the delete) counts once; metric samples are at least once.
 */
export const COUNTERS = ['request_count', 'success_count', 'failure_count', 'sent_count', 'open_count'] as const;
export type Counter = (typeof COUNTERS)[number];

export interface UsageRecord {
  service: string;
  resourceType: string;
  resourceId: string;
  unit: 'COUNT';
  quantity: number;
  timestamp: string;
  idempotencyKey: string;
}

export interface MetricSample {
  service: string;
  resourceType: string;
  resourceId: string;
  metricName: string;
  labels: Record<string, string>;
  timestamp: string;
  value: number;
}

/** Largest batch of one call (the ingestion calls take 1 to 1,000 items). */
export const MAX_BATCH = 1000;
const MAX_DELAY_MS = 5 * 60_000;

/** The delay before attempt `attempts + 1`: 1 s doubling, at most 5 min, with ±20 % jitter so many reports do not retry at once. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, 1000 * 2 ** Math.min(attempts, 20));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Records one event's counters (in the caller's transaction): a usage record per counter
 * (resourceType the counter's name, resourceId the Appkey, idempotency key `{eventKey}:{counter}`)
 * and a metric sample per counter (resourceType `sender`, resourceId the sender address).
 */
export async function recordEvent(
  client: Client,
  event: { appKey: string; eventKey: string; sender: string; at: Date; counters: Partial<Record<Counter, number>>; labels?: Record<string, string> },
) {
  const timestamp = event.at.toISOString();
  const counted = COUNTERS.filter((counter) => (event.counters[counter] ?? 0) > 0);
  if (counted.length === 0) return;
  const usage: UsageRecord[] = counted.map((counter) => ({
    service: PRODUCT_ID,
    resourceType: counter,
    resourceId: event.appKey,
    unit: 'COUNT',
    quantity: event.counters[counter]!,
    timestamp,
    idempotencyKey: `${event.eventKey}:${counter}`.slice(0, 128),
  }));
  const samples: MetricSample[] = counted.map((counter) => ({
    service: PRODUCT_ID,
    resourceType: 'sender',
    resourceId: event.sender,
    metricName: counter,
    labels: event.labels ?? {},
    timestamp,
    value: event.counters[counter]!,
  }));
  await client.query(
    `insert into ${SCHEMA}.reports (app_key, kind, items, next_attempt_at) values ($1, 'USAGE', $2::jsonb, $4), ($1, 'SAMPLES', $3::jsonb, $4)`,
    [event.appKey, JSON.stringify(usage), JSON.stringify(samples), event.at],
  );
}

interface ReportRow {
  report_id: string;
  app_key: string;
  kind: 'SAMPLES' | 'USAGE';
  items: unknown[];
  attempts: number;
}

const PERMANENT = new Set([400, 413, 422]);

export function createReporter(deps: {
  pool: Pool;
  console: ConsoleClient;
  sealer: Sealer;
  clock?: () => Date;
  intervalMs: number;
  log?: { warn(object: object, message: string): void };
}) {
  const { pool, sealer } = deps;
  const clock = deps.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  /** Sends what is due, one (Appkey, kind) group per call, and answers what happened. */
  async function pumpOnce(): Promise<{ sent: number; retried: number; rejected: number }> {
    const result = { sent: 0, retried: 0, rejected: 0 };
    const client = await pool.connect();
    try {
      await client.query('begin');
      // Locked while they are sent: a second instance of the product skips them.
      const { rows } = await client.query<ReportRow>(
        `select report_id, app_key, kind, items, attempts from ${SCHEMA}.reports
          where state = 'PENDING' and next_attempt_at <= $1 order by report_id limit 200 for update skip locked`,
        [clock()],
      );
      const groups = new Map<string, ReportRow[][]>();
      for (const row of rows) {
        const key = `${row.app_key}\u0000${row.kind}`;
        const batches = groups.get(key) ?? [[]];
        let last = batches.at(-1)!;
        const size = last.reduce((total, report) => total + report.items.length, 0);
        if (last.length > 0 && size + row.items.length > MAX_BATCH) batches.push((last = []));
        last.push(row);
        groups.set(key, batches);
      }
      const secrets = new Map<string, string | undefined>();
      for (const batches of groups.values()) {
        for (const batch of batches) {
          const { app_key: appKey, kind } = batch[0]!;
          if (!secrets.has(appKey)) {
            const found = await client.query<{ secret_key_enc: string }>(`select secret_key_enc from ${SCHEMA}.app_keys where app_key = $1`, [appKey]);
            secrets.set(appKey, found.rows[0] ? sealer.open(found.rows[0].secret_key_enc) : undefined);
          }
          const secretKey = secrets.get(appKey);
          const ids = batch.map((report) => report.report_id);
          let failure: ConsoleRefusal | undefined;
          if (!secretKey) {
            failure = new ConsoleRefusal(401, undefined, 'no SecretKey for this Appkey yet');
          } else {
            try {
              await deps.console.ingest(appKey, secretKey, kind, batch.flatMap((report) => report.items));
            } catch (error) {
              failure = error instanceof ConsoleRefusal ? error : new ConsoleRefusal(0, undefined, String(error));
            }
          }
          if (!failure) {
            await client.query(`delete from ${SCHEMA}.reports where report_id = any($1::bigint[])`, [ids]);
            result.sent += batch.length;
          } else if (PERMANENT.has(failure.status)) {
            await client.query(
              `update ${SCHEMA}.reports set state = 'REJECTED', attempts = attempts + 1, last_error = $2 where report_id = any($1::bigint[])`,
              [ids, `${failure.status} ${String(failure.resultCode ?? '')} ${failure.message}`.slice(0, 1000)],
            );
            result.rejected += batch.length;
            deps.log?.warn({ appKey, kind, status: failure.status, resultCode: failure.resultCode }, 'the console refused reports as malformed; kept as REJECTED');
          } else {
            for (const report of batch) {
              await client.query(
                `update ${SCHEMA}.reports set attempts = attempts + 1, next_attempt_at = $2, last_error = $3 where report_id = $1`,
                [report.report_id, new Date(clock().getTime() + backoffMs(report.attempts)), `${failure.status} ${failure.message}`.slice(0, 1000)],
              );
            }
            result.retried += batch.length;
          }
        }
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    return result;
  }

  const tick = () => {
    if (stopped) return;
    running = pumpOnce()
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'reporter round failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, deps.intervalMs);
      });
  };

  return {
    pumpOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0);
    },
    /** Stops after the round in progress (whose reports are then either deleted or still pending). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type Reporter = ReturnType<typeof createReporter>;
