import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import * as repository from './metrics.repository.ts';
import { dropExpiredPartitions, ensurePartitions, isMissingPartition, monthsAhead, type RetentionDays } from './partitions.ts';

export const ROLLUP_JOB = 'metrics-rollup';
export const MAINTENANCE_JOB = 'metrics-maintenance';
/** How long one rollup run may go on taking buckets (the next run, a minute later, goes on). */
const ROLLUP_BUDGET_MS = 45_000;
/** Idempotency keys are remembered this long (records may be at most 7 days old). */
export const IDEMPOTENCY_KEY_DAYS = 35;

/**
 * Rolls up one due bucket, in one transaction: lock its mark (SKIP LOCKED: processes share the
 * work, never a bucket), recompute the bucket from the raw rows (an overwrite: the same result
 * however often it runs), delete the mark. A process killed anywhere in it rolls it all back; the
 * mark stays and the next run does the bucket again. Answers false when nothing is due.
 */
export async function rollupOne(db: Database, now: Date): Promise<boolean> {
  const run = () =>
    db.transaction(async (tx) => {
      const dirty = await repository.lockNextDirty(tx, now);
      if (!dirty) return undefined;
      if (dirty.kind === 'metric') await repository.rollupMetricMinute(tx, dirty);
      else await repository.rollupUsageHour(tx, dirty);
      await repository.clearDirty(tx, dirty);
      return dirty;
    });
  try {
    return (await run()) !== undefined;
  } catch (error) {
    // The rollup's month has no partition yet (a late first sample of a month): make it, go again.
    if (!isMissingPartition(error)) throw error;
    await ensurePartitions(db, monthsAhead(new Date(now.getTime() - 32 * 86_400_000)));
    return (await run()) !== undefined;
  }
}

/** Rolls up every due bucket (within the run's budget); answers how many. */
export async function rollupDue(db: Database, now: () => Date): Promise<number> {
  const started = Date.now();
  let count = 0;
  while (Date.now() - started < ROLLUP_BUDGET_MS && (await rollupOne(db, now()))) count++;
  return count;
}

/** Partitions ahead, retention, old idempotency keys. */
export async function maintain(db: Database, now: Date, retention: RetentionDays) {
  const created = await ensurePartitions(db, monthsAhead(now));
  const dropped = await dropExpiredPartitions(db, now, retention);
  const keys = await repository.deleteOldIdempotencyKeys(db, new Date(now.getTime() - IDEMPOTENCY_KEY_DAYS * 86_400_000));
  return { created, dropped, keys };
}

/**
 * The rollup runs every minute (pg-boss's scheduler sends one job a minute for all processes), the
 * maintenance every hour; a worker's start makes this month's and the next two months' partitions
 * before it takes jobs.
 */
export function defineMetricsJobs(jobs: Jobs, deps: { db: Database; clock: Clock; retention: RetentionDays }) {
  jobs.define({
    name: ROLLUP_JOB,
    schedule: '* * * * *',
    queue: { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 },
    handler: async () => {
      await rollupDue(deps.db, deps.clock);
    },
  });
  jobs.define({
    name: MAINTENANCE_JOB,
    schedule: '7 * * * *',
    handler: async () => {
      await maintain(deps.db, deps.clock(), deps.retention);
    },
    recover: async () => {
      await ensurePartitions(deps.db, monthsAhead(deps.clock()));
    },
  });
}
