import type { Aggregation } from '@console/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { projectProducts } from '../../db/schema/index.ts';

/**
 * Queries of ingestion, rollups and the metric and usage reads. The partitioned tables are not
 * declared to drizzle (migration 0009, hand-written), so this is SQL; every statement names
 * org_id and project_id first, as every index does.
 */

export interface SampleRow {
  service: string;
  resourceType: string;
  resourceId: string;
  metricName: string;
  labels: Record<string, string>;
  timestamp: Date;
  value: number;
}

export interface UsageRow {
  service: string;
  resourceType: string;
  resourceId: string;
  unit: string;
  quantity: number;
  timestamp: Date;
  idempotencyKey: string;
}

/**
 * A batch statement's first five parameters: the scope ($1, $2), then the rows' service, resource
 * type and resource id ($3-$5), one array each, as `unnest` takes them.
 */
const scopedResourceArrays = (orgId: string, projectId: string, rows: readonly Pick<SampleRow, 'service' | 'resourceType' | 'resourceId'>[]) => [
  orgId,
  projectId,
  rows.map((row) => row.service),
  rows.map((row) => row.resourceType),
  rows.map((row) => row.resourceId),
];

/** Services (product ids) among `services` in use and STABLE in the project. */
export async function servicesInUse(db: Executor, orgId: string, projectId: string, services: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ productId: projectProducts.productId, statusCode: projectProducts.statusCode })
    .from(projectProducts)
    .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.projectId, projectId)));
  return new Set(rows.filter((row) => row.statusCode === 'STABLE' && services.includes(row.productId)).map((row) => row.productId));
}

/**
 * Stores a batch of samples and marks the minutes they fall in for the rollup, in ONE statement
 * (one round trip, all or nothing): the rows travel as arrays unnested by PostgreSQL. Marks are
 * written in key order, so concurrent batches lock them in the same order (no deadlock).
 */
export async function insertSamples(db: Database, orgId: string, projectId: string, rows: readonly SampleRow[]): Promise<number> {
  const result = await db.$client.query<{ accepted: number }>(
    `with input as (
       select * from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::timestamptz[], $9::float8[])
         as t(service, resource_type, resource_id, metric_name, labels, ts, value)
     ), stored as (
       insert into metric_samples (org_id, project_id, service, resource_type, resource_id, metric_name, labels, ts, value)
       select $1::uuid, $2::uuid, service, resource_type, resource_id, metric_name, labels, ts, value from input
       returning 1
     ), marked as (
       insert into rollup_dirty (org_id, project_id, kind, service, name, bucket)
       select distinct $1::uuid, $2::uuid, 'metric', service, metric_name, date_trunc('minute', ts, 'UTC') from input
       order by 4, 5, 6
       on conflict (org_id, project_id, kind, service, name, bucket) do update set gen = rollup_dirty.gen + 1, marked_at = now()
     )
     select count(*)::int as accepted from stored`,
    [
      ...scopedResourceArrays(orgId, projectId, rows),
      rows.map((row) => row.metricName),
      rows.map((row) => JSON.stringify(row.labels)),
      rows.map((row) => row.timestamp.toISOString()),
      rows.map((row) => row.value),
    ],
  );
  return result.rows[0]!.accepted;
}

/**
 * Stores the usage records whose idempotency key is new, in ONE statement: the first record of
 * each key in the batch claims the key (INSERT … ON CONFLICT DO NOTHING — a concurrent batch with
 * the same key waits for this one and then finds it taken), only claimed records are stored, and
 * their hours are marked for the rollup. Answers how many were stored.
 */
export async function insertUsage(db: Database, orgId: string, projectId: string, rows: readonly UsageRow[]): Promise<number> {
  const result = await db.$client.query<{ accepted: number }>(
    `with input as (
       select * from unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::timestamptz[], $9::text[]) with ordinality
         as t(service, resource_type, resource_id, unit, quantity, ts, idempotency_key, ord)
     ), firsts as (
       select distinct on (service, idempotency_key) * from input order by service, idempotency_key, ord
     ), claimed as (
       insert into usage_idempotency_keys (org_id, project_id, service, idempotency_key)
       select $1::uuid, $2::uuid, service, idempotency_key from firsts order by service, idempotency_key
       on conflict do nothing
       returning service, idempotency_key
     ), stored as (
       insert into usage_records (org_id, project_id, service, resource_type, resource_id, unit, quantity, ts, idempotency_key)
       select $1::uuid, $2::uuid, f.service, f.resource_type, f.resource_id, f.unit, f.quantity, f.ts, f.idempotency_key
       from firsts f join claimed c on c.service = f.service and c.idempotency_key = f.idempotency_key
       returning service, ts
     ), marked as (
       insert into rollup_dirty (org_id, project_id, kind, service, name, bucket)
       select distinct $1::uuid, $2::uuid, 'usage', service, '', date_trunc('hour', ts, 'UTC') from stored
       order by 4, 6
       on conflict (org_id, project_id, kind, service, name, bucket) do update set gen = rollup_dirty.gen + 1, marked_at = now()
     )
     select count(*)::int as accepted from stored`,
    [
      ...scopedResourceArrays(orgId, projectId, rows),
      rows.map((row) => row.unit),
      rows.map((row) => String(row.quantity)),
      rows.map((row) => row.timestamp.toISOString()),
      rows.map((row) => row.idempotencyKey),
    ],
  );
  return result.rows[0]!.accepted;
}

// ---- rollups ----

/** A timestamptz as ISO-8601 in UTC (text, whatever the session's time zone and the driver's parsers). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface DirtyBucket {
  orgId: string;
  projectId: string;
  kind: 'metric' | 'usage';
  service: string;
  name: string;
  bucket: Date;
}

/**
 * Takes the next bucket due for its rollup and locks its mark for the transaction (SKIP LOCKED:
 * another process takes another bucket). A metric minute is due once closed (its end is past);
 * a usage hour at once (recomputed as it fills).
 */
export async function lockNextDirty(tx: Executor, now: Date): Promise<DirtyBucket | undefined> {
  const { rows } = await tx.execute<{ org_id: string; project_id: string; kind: 'metric' | 'usage'; service: string; name: string; bucket: string }>(sql`
    select org_id, project_id, kind, service, name, ${iso(sql.raw('bucket'))} as bucket from rollup_dirty
    where (kind = 'metric' and bucket <= ${now.toISOString()}::timestamptz - interval '1 minute')
       or (kind = 'usage' and bucket <= ${now.toISOString()}::timestamptz)
    order by bucket, org_id, project_id, kind, service, name
    limit 1
    for update skip locked`);
  const row = rows[0];
  if (!row) return undefined;
  return { orgId: row.org_id, projectId: row.project_id, kind: row.kind, service: row.service, name: row.name, bucket: new Date(row.bucket) };
}

const keyOf = (dirty: DirtyBucket) =>
  sql`org_id = ${dirty.orgId}::uuid and project_id = ${dirty.projectId}::uuid and service = ${dirty.service}`;

/**
 * Recomputes one metric minute from the raw samples, then the 5-minute bucket holding it from the
 * minutes, the hour holding that from the 5-minute buckets and the UTC day from the hours: every tier is an overwriting upsert
 * (running it twice changes nothing), in the caller's transaction, so the tiers never disagree.
 */
export async function rollupMetricMinute(tx: Executor, dirty: DirtyBucket) {
  const minute = dirty.bucket.toISOString();
  const series = sql`${keyOf(dirty)} and metric_name = ${dirty.name}`;
  await tx.execute(sql`
    insert into metric_minute (org_id, project_id, service, metric_name, resource_type, resource_id, labels, minute, sample_count, value_sum, value_min, value_max)
    select org_id, project_id, service, metric_name, resource_type, resource_id, labels, ${minute}::timestamptz, count(*), sum(value), min(value), max(value)
    from metric_samples
    where ${series} and ts >= ${minute}::timestamptz and ts < ${minute}::timestamptz + interval '1 minute'
    group by org_id, project_id, service, metric_name, resource_type, resource_id, labels
    on conflict (org_id, project_id, service, metric_name, minute, resource_type, resource_id, labels) do update
      set sample_count = excluded.sample_count, value_sum = excluded.value_sum, value_min = excluded.value_min, value_max = excluded.value_max`);
  const fiveMinutes = new Date(Math.floor(dirty.bucket.getTime() / 300_000) * 300_000).toISOString();
  const hour = new Date(Math.floor(dirty.bucket.getTime() / 3_600_000) * 3_600_000).toISOString();
  const day = new Date(Math.floor(dirty.bucket.getTime() / 86_400_000) * 86_400_000).toISOString();
  await rollupTier(tx, series, { into: 'metric_5min', from: 'metric_minute', fromTime: 'minute', bucket: fiveMinutes, span: '5 minutes' });
  await rollupTier(tx, series, { into: 'metric_hour', from: 'metric_5min', fromTime: 'bucket', bucket: hour, span: '1 hour' });
  await rollupTier(tx, series, { into: 'metric_day', from: 'metric_hour', fromTime: 'bucket', bucket: day, span: '1 day' });
}

/** One bucket of a coarser tier recomputed from the finer one below it. */
function rollupTier(
  tx: Executor,
  series: SQL,
  tier: { into: 'metric_5min' | 'metric_hour' | 'metric_day'; from: 'metric_minute' | 'metric_5min' | 'metric_hour'; fromTime: 'minute' | 'bucket'; bucket: string; span: string },
) {
  const time = sql.raw(tier.fromTime);
  return tx.execute(sql`
    insert into ${sql.raw(tier.into)} (org_id, project_id, service, metric_name, resource_type, resource_id, labels, bucket, sample_count, value_sum, value_min, value_max)
    select org_id, project_id, service, metric_name, resource_type, resource_id, labels, ${tier.bucket}::timestamptz,
      sum(sample_count), sum(value_sum), min(value_min), max(value_max)
    from ${sql.raw(tier.from)}
    where ${series} and ${time} >= ${tier.bucket}::timestamptz and ${time} < ${tier.bucket}::timestamptz + ${tier.span}::interval
    group by org_id, project_id, service, metric_name, resource_type, resource_id, labels
    on conflict (org_id, project_id, service, metric_name, bucket, resource_type, resource_id, labels) do update
      set sample_count = excluded.sample_count, value_sum = excluded.value_sum, value_min = excluded.value_min, value_max = excluded.value_max`);
}

/** Recomputes one usage hour from the raw records, then its UTC day from the hours. */
export async function rollupUsageHour(tx: Executor, dirty: DirtyBucket) {
  const hour = dirty.bucket.toISOString();
  const dayStart = new Date(Date.UTC(dirty.bucket.getUTCFullYear(), dirty.bucket.getUTCMonth(), dirty.bucket.getUTCDate()));
  const day = dayStart.toISOString();
  await tx.execute(sql`
    insert into usage_hourly (org_id, project_id, service, resource_type, unit, hour, quantity, record_count)
    select org_id, project_id, service, resource_type, unit, ${hour}::timestamptz, sum(quantity), count(*)
    from usage_records
    where ${keyOf(dirty)} and ts >= ${hour}::timestamptz and ts < ${hour}::timestamptz + interval '1 hour'
    group by org_id, project_id, service, resource_type, unit
    on conflict (org_id, project_id, service, hour, resource_type, unit) do update
      set quantity = excluded.quantity, record_count = excluded.record_count`);
  await tx.execute(sql`
    insert into usage_daily (org_id, project_id, service, resource_type, unit, day, quantity, record_count)
    select org_id, project_id, service, resource_type, unit, ${day.slice(0, 10)}::date, sum(quantity), sum(record_count)
    from usage_hourly
    where ${keyOf(dirty)} and hour >= ${day}::timestamptz and hour < ${day}::timestamptz + interval '1 day'
    group by org_id, project_id, service, resource_type, unit
    on conflict (org_id, project_id, service, day, resource_type, unit) do update
      set quantity = excluded.quantity, record_count = excluded.record_count`);
}

/** Removes a bucket's mark (its row is locked by this transaction, so no batch bumped it meanwhile). */
export async function clearDirty(tx: Executor, dirty: DirtyBucket) {
  await tx.execute(sql`
    delete from rollup_dirty
    where ${keyOf(dirty)} and kind = ${dirty.kind} and name = ${dirty.name} and bucket = ${dirty.bucket.toISOString()}::timestamptz`);
}

/** Deletes idempotency keys received before `cutoff`, a slice at a time; answers how many. */
export async function deleteOldIdempotencyKeys(db: Executor, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from usage_idempotency_keys where ctid = any(array(
        select ctid from usage_idempotency_keys where received_at < ${cutoff.toISOString()}::timestamptz limit 10000))`);
    const count = result.rowCount ?? 0;
    total += count;
    if (count < 10000) return total;
  }
}

// ---- reads ----

export interface MetricQuery {
  orgId: string;
  projectId: string;
  service: string;
  metricName: string;
  resourceType: string | undefined;
  resourceIds: readonly string[] | undefined;
  filters: readonly { key: string; operator: '=' | '!='; value: string }[];
  from: Date;
  to: Date;
  stepSeconds: number;
  aggregation: Aggregation;
  seriesLimit: number;
}

const RAW_AGGREGATE: Record<Aggregation, SQL> = {
  avg: sql`avg(value)`,
  sum: sql`sum(value)`,
  min: sql`min(value)`,
  max: sql`max(value)`,
  count: sql`count(*)::float8`,
};
const ROLLUP_AGGREGATE: Record<Aggregation, SQL> = {
  avg: sql`sum(value_sum) / nullif(sum(sample_count), 0)`,
  sum: sql`sum(value_sum)`,
  min: sql`min(value_min)`,
  max: sql`max(value_max)`,
  count: sql`sum(sample_count)::float8`,
};

/** One series of a metric query: its buckets' starts (epoch milliseconds) and values, in time order. */
export type SeriesRow = {
  resource_type: string;
  resource_id: string;
  t: number[];
  /** null where a bucket has no value (an average over no samples). */
  v: (number | null)[];
};

/** Where a metric query reads: the raw samples or a rollup tier (its bucket length in seconds). */
export type MetricSource = 'raw' | 'minute' | '5min' | 'hour' | 'day';
export const TIER_SECONDS: Readonly<Record<Exclude<MetricSource, 'raw'>, number>> = { minute: 60, '5min': 300, hour: 3600, day: 86_400 };
const SOURCE_TABLE: Readonly<Record<MetricSource, { table: SQL; time: SQL }>> = {
  raw: { table: sql.raw('metric_samples'), time: sql.raw('ts') },
  minute: { table: sql.raw('metric_minute'), time: sql.raw('minute') },
  '5min': { table: sql.raw('metric_5min'), time: sql.raw('bucket') },
  hour: { table: sql.raw('metric_hour'), time: sql.raw('bucket') },
  day: { table: sql.raw('metric_day'), time: sql.raw('bucket') },
};

/** A PostgreSQL array of numbers as text (`{1,2.5,NULL}`) read with JSON.parse: far cheaper than the driver's array parser. */
export function parseNumberArray(text: string | null): (number | null)[] {
  if (text === null || text === '{}') return [];
  const inner = text.slice(1, -1);
  try {
    return JSON.parse(`[${inner.replaceAll('NULL', 'null')}]`) as (number | null)[];
  } catch {
    // Infinity or NaN (a sum that overflowed): not JSON.
    return inner.split(',').map((item) => (item === 'NULL' ? null : Number(item)));
  }
}

/** The columns of a tier's rows one aggregation merges (the label sets of a resource, in one bucket). */
type TierColumn = 'value_sum' | 'value_min' | 'value_max' | 'sample_count';
const OWN_BUCKET_COLUMNS: Record<Aggregation, readonly [TierColumn] | readonly [TierColumn, 'sample_count']> = {
  avg: ['value_sum', 'sample_count'],
  sum: ['value_sum'],
  min: ['value_min'],
  max: ['value_max'],
  count: ['sample_count'],
};

/**
 * A resource's rows of one tier in bucket order (several label sets of a resource: several rows
 * per bucket) merged into one value per bucket, as the aggregation says.
 */
function mergeOwnBuckets(aggregation: Aggregation, times: readonly (number | null)[], first: readonly (number | null)[], second: readonly (number | null)[]) {
  const t: number[] = [];
  const v: (number | null)[] = [];
  let a = 0;
  let b = 0;
  for (let index = 0; index < times.length; index++) {
    const time = times[index]!;
    const x = first[index]!;
    const y = second[index] ?? 0;
    if (t.length > 0 && t[t.length - 1] === time) {
      a = aggregation === 'min' ? Math.min(a, x) : aggregation === 'max' ? Math.max(a, x) : a + x;
      b += y;
    } else {
      if (t.length > 0) v.push(aggregation === 'avg' ? (b > 0 ? a / b : null) : a);
      t.push(time);
      a = x;
      b = y;
    }
  }
  if (t.length > 0) v.push(aggregation === 'avg' ? (b > 0 ? a / b : null) : a);
  return { t, v };
}

/**
 * A metric's series per resource, bucketed by `step` from `from`: from the raw samples, or from a
 * rollup tier whose buckets divide the step. One row per resource, its points as arrays sent as
 * text and read with JSON.parse (the driver's array parser cost more than the statement), so the
 * driver parses a row per series, not per point. Only the first `seriesLimit + 1` resources (in
 * order) are answered, so the caller can tell whether more exist.
 *
 * When the step is the tier's own bucket (`from` is aligned to the step, and every tier's buckets
 * to theirs), the statement is ONE grouping per resource over the index in series order (resource,
 * then bucket: migration 0020), and the label sets of a resource that share a bucket are merged
 * here: the two-level grouping (a value per resource and bucket, then per resource) cost twice the
 * CPU of PostgreSQL for the one-day chart (docs/benchmarks-ingest.md). Other steps group in SQL.
 */
export async function queryPoints(db: Executor, query: MetricQuery, source: MetricSource): Promise<SeriesRow[]> {
  const { table, time } = SOURCE_TABLE[source];
  // Every column qualified: the outer query has the same names.
  const conditions: SQL[] = [
    sql`s.org_id = ${query.orgId}::uuid`,
    sql`s.project_id = ${query.projectId}::uuid`,
    sql`s.service = ${query.service}`,
    sql`s.metric_name = ${query.metricName}`,
    sql`s.${time} >= ${query.from.toISOString()}::timestamptz`,
    sql`s.${time} < ${query.to.toISOString()}::timestamptz`,
  ];
  if (query.resourceType) conditions.push(sql`s.resource_type = ${query.resourceType}`);
  if (query.resourceIds?.length) conditions.push(sql`s.resource_id in (${sql.join(query.resourceIds.map((id) => sql`${id}`), sql`, `)})`);
  for (const filter of query.filters) {
    conditions.push(filter.operator === '=' ? sql`s.labels ->> ${filter.key}::text = ${filter.value}` : sql`s.labels ->> ${filter.key}::text is distinct from ${filter.value}`);
  }
  const where = sql.join(conditions, sql` and `);
  const ownBuckets = source !== 'raw' && TIER_SECONDS[source] === query.stepSeconds;
  if (ownBuckets) {
    const [first, second] = OWN_BUCKET_COLUMNS[query.aggregation];
    const { rows } = await db.execute<{ resource_type: string; resource_id: string; t: string; a: string; b: string | null }>(sql`
      select s.resource_type, s.resource_id,
        array_agg((date_part('epoch', s.${time}) * 1000)::int8 order by s.${time})::text as t,
        array_agg(s.${sql.raw(first)} order by s.${time})::text as a,
        ${second ? sql`array_agg(s.${sql.raw(second)} order by s.${time})::text` : sql`null::text`} as b
      from ${table} s
      where ${where}
      group by s.resource_type, s.resource_id
      order by s.resource_type, s.resource_id
      limit ${query.seriesLimit + 1}`);
    return rows.map((row) => ({
      resource_type: row.resource_type,
      resource_id: row.resource_id,
      ...mergeOwnBuckets(query.aggregation, parseNumberArray(row.t), parseNumberArray(row.a), parseNumberArray(row.b)),
    }));
  }
  const aggregate = source === 'raw' ? RAW_AGGREGATE[query.aggregation] : ROLLUP_AGGREGATE[query.aggregation];
  const bucket = sql`date_bin(${`${query.stepSeconds} seconds`}::interval, s.${time}, ${query.from.toISOString()}::timestamptz)`;
  // Inner: a value per resource and bucket (several label sets of a resource merge); outer: a row
  // per resource with its points in time order, the first seriesLimit + 1 resources.
  const { rows } = await db.execute<{ resource_type: string; resource_id: string; t: string; v: string }>(sql`
    select resource_type, resource_id, array_agg((date_part('epoch', b) * 1000)::int8 order by b)::text as t, array_agg(v order by b)::text as v from (
      select s.resource_type, s.resource_id, ${bucket} as b, (${aggregate})::float8 as v
      from ${table} s
      where ${where}
      group by s.resource_type, s.resource_id, b
    ) buckets
    group by resource_type, resource_id
    order by resource_type, resource_id
    limit ${query.seriesLimit + 1}`);
  return rows.map((row) => ({ resource_type: row.resource_type, resource_id: row.resource_id, t: parseNumberArray(row.t) as number[], v: parseNumberArray(row.v) }));
}

export interface UsageQuery {
  orgId: string;
  projectId: string;
  service: string | undefined;
  period: 'HOURLY' | 'DAILY';
  from: Date;
  to: Date;
  page: number;
  limit: number;
}

export async function queryUsage(db: Executor, query: UsageQuery) {
  const daily = query.period === 'DAILY';
  const table = sql.raw(daily ? 'usage_daily' : 'usage_hourly');
  const time = daily ? sql.raw('day') : sql.raw('hour');
  const from = daily ? sql`${query.from.toISOString().slice(0, 10)}::date` : sql`${query.from.toISOString()}::timestamptz`;
  const to = daily ? sql`${query.to.toISOString().slice(0, 10)}::date` : sql`${query.to.toISOString()}::timestamptz`;
  const where = sql.join(
    [
      sql`org_id = ${query.orgId}::uuid`,
      sql`project_id = ${query.projectId}::uuid`,
      ...(query.service ? [sql`service = ${query.service}`] : []),
      sql`${time} >= ${from}`,
      sql`${time} < ${to}`,
    ],
    sql` and `,
  );
  const { rows } = await db.execute<{ service: string; resource_type: string; unit: string; t: string; quantity: string; record_count: string; total: string }>(sql`
    select service, resource_type, unit, ${daily ? sql`to_char(day, 'YYYY-MM-DD"T00:00:00.000Z"')` : iso(sql.raw('hour'))} as t, quantity, record_count, count(*) over () as total
    from ${table} where ${where}
    order by ${time}, service, resource_type, unit
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
  return rows;
}
