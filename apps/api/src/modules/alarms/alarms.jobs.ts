import { ALARM_HISTORY_DAYS } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { evaluateDue, type AlarmNotifier } from './alarms.engine.ts';

export const ALARM_TICK_JOB = 'alarms.tick';
export const ALARM_EVALUATE_JOB = 'alarms.evaluate';
export const ALARM_RETENTION_JOB = 'alarms.retention';
/** Evaluation jobs the minute's tick sends: workers of every console process take them and share the rules (SKIP LOCKED). */
export const EVALUATION_SHARDS = 4;

/** Deletes occurrences closed, and silences ended, more than the history window ago (spec §9: 7 days). */
export async function pruneHistory(db: Database, now: Date) {
  const cutoff = new Date(now.getTime() - ALARM_HISTORY_DAYS * 86_400_000).toISOString();
  await db.execute(sql`delete from alarm_occurrences where closed_at < ${cutoff}::timestamptz`);
  await db.execute(sql`delete from alarm_silences where ends_at < ${cutoff}::timestamptz`);
}

/**
 * pg-boss's scheduler sends one tick a minute (for all processes); the tick fans out
 * EVALUATION_SHARDS evaluation jobs, which any worker takes. Each evaluates batches until no rule
 * is due: several at once share the rules without overlap, and a rule a killed worker held is
 * taken by the next batch once its transaction is rolled back.
 */
export function defineAlarmJobs(jobs: Jobs, deps: { db: Database; clock: Clock; notifier: AlarmNotifier }) {
  jobs.define({
    name: ALARM_TICK_JOB,
    schedule: '* * * * *',
    queue: { retryLimit: 1, expireInSeconds: 60 },
    handler: async () => {
      await jobs.enqueueMany(deps.db, ALARM_EVALUATE_JOB, Array.from({ length: EVALUATION_SHARDS }, (_, shard) => ({ shard })));
    },
  });
  jobs.define({
    name: ALARM_EVALUATE_JOB,
    queue: { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 },
    handler: async () => {
      await evaluateDue(deps.db, deps.clock, deps.notifier, { budgetMs: 55_000 });
    },
  });
  jobs.define({
    name: ALARM_RETENTION_JOB,
    schedule: '17 * * * *',
    handler: async () => {
      await pruneHistory(deps.db, deps.clock());
    },
  });
}
