import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The month-partitioned tables of ingestion (migrations 0010, 0011 and 0020, hand-written) and the column each
 * is partitioned on. A partition is `<table>_pYYYYMM`, holding [first of the month, first of the next).
 */
export const PARTITIONED_TABLES = ['metric_samples', 'metric_minute', 'metric_5min', 'metric_hour', 'metric_day', 'usage_records', 'usage_hourly'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** Serializes partition DDL across processes (CREATE … IF NOT EXISTS still races on the catalog). */
const PARTITION_LOCK = 727_290;

const monthStart = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
const addMonths = (date: Date, months: number) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
const suffixOf = (month: Date) => `${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** The partition of `table` holding `date`. */
export const partitionName = (table: PartitionedTable, date: Date) => `${table}_p${suffixOf(monthStart(date))}`;

/** Months (their first day, UTC) from the month of `from` to that of `to`, both included. */
export function monthsBetween(from: Date, to: Date): Date[] {
  const months: Date[] = [];
  for (let month = monthStart(from); month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/**
 * Creates the partitions of the given months for every partitioned table, where missing: at start
 * and daily for this month and the next two (the maintenance job), and on demand when a write
 * names a month that has none. Idempotent; one transaction, so it is all or nothing.
 */
export async function ensurePartitions(db: Executor, months: readonly Date[]): Promise<string[]> {
  const wanted = PARTITIONED_TABLES.flatMap((table) => months.map((month) => ({ table, month: monthStart(month) })));
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ relname: string }>(sql`
      select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname in (${sql.join(PARTITIONED_TABLES.map((table) => sql`${table}`), sql`, `)})`);
    const existing = new Set(rows.map((row) => row.relname));
    const missing = wanted.filter(({ table, month }) => !existing.has(partitionName(table, month)));
    if (missing.length === 0) return [];
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
    const created: string[] = [];
    for (const { table, month } of missing) {
      const name = partitionName(table, month);
      // Identifiers are built from the fixed table list and a date: nothing of the caller's.
      await tx.execute(
        sql.raw(
          `create table if not exists "${name}" partition of "${table}" for values from ('${month.toISOString()}') to ('${addMonths(month, 1).toISOString()}')`,
        ),
      );
      created.push(name);
    }
    return created;
  });
}

/** The months to keep ready: this one and the next two. */
export const monthsAhead = (now: Date) => [monthStart(now), addMonths(now, 1), addMonths(now, 2)];

/** Retention of each table, in days (config.retention). */
export interface RetentionDays {
  readonly metricRawDays: number;
  readonly metricRollupDays: number;
  readonly metricHourlyDays: number;
  readonly usageDays: number;
}

const RETENTION_OF: Record<PartitionedTable, keyof RetentionDays> = {
  metric_samples: 'metricRawDays',
  metric_minute: 'metricRollupDays',
  metric_5min: 'metricRollupDays',
  metric_hour: 'metricHourlyDays',
  metric_day: 'metricHourlyDays',
  usage_records: 'usageDays',
  usage_hourly: 'usageDays',
};

/**
 * Drops every partition whose whole month ended before its table's retention cutoff (a month is
 * dropped at once, never row by row): so rows live at least their retention and at most a month
 * more. Reads filter by time, so what is kept longer is never shown past the query's range.
 * Answers the partitions dropped.
 */
export async function dropExpiredPartitions(db: Executor, now: Date, retention: RetentionDays): Promise<string[]> {
  const { rows } = await db.execute<{ parent: string; relname: string }>(sql`
    select p.relname as parent, c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname in (${sql.join(PARTITIONED_TABLES.map((table) => sql`${table}`), sql`, `)})`);
  const dropped: string[] = [];
  for (const { parent, relname } of rows) {
    const match = /_p(\d{4})(\d{2})$/.exec(relname);
    if (!match) continue;
    const table = parent as PartitionedTable;
    const monthEnd = new Date(Date.UTC(Number(match[1]), Number(match[2]), 1));
    const cutoff = new Date(now.getTime() - retention[RETENTION_OF[table]] * 86_400_000);
    if (monthEnd <= cutoff) {
      await db.execute(sql.raw(`drop table if exists "${relname}"`));
      dropped.push(relname);
    }
  }
  return dropped;
}

/** PostgreSQL's "no partition of relation … found for row" (a write to a month without a partition). */
export function isMissingPartition(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23514' && /no partition/i.test(String((current as { message?: string }).message))) return true;
  }
  return false;
}
