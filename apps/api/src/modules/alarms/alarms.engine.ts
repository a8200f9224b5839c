import { ALARM_EVALUATION_DELAY_MINUTES } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { aggregateOf, conditionHolds, matchesRule } from './alarms.repository.ts';

/**
 * The evaluation engine. Every minute each enabled rule is evaluated for one minute of the metric
 * rollup (metric_minute): the minute that ended ALARM_EVALUATION_DELAY_MINUTES ago, once the
 * per-minute rollup has it. Rules are taken in batches, locked FOR UPDATE SKIP LOCKED, so any
 * number of workers share them and none takes a rule another holds; each batch is evaluated by one
 * set-based statement over the rollup, and in the same transaction the engine records every state
 * change (occurrences raised or closed) and moves the rules' `evaluated_through` to the minute in
 * one statement, then enqueues the changes' notifications at once (AlarmNotifier.notifyMany). A rule is evaluated for a minute only while
 * evaluated_through is before it, so no minute is evaluated twice; a worker killed mid-batch rolls
 * it all back and the minute is evaluated again by the next run.
 */

const MINUTE_MS = 60_000;
/** Rules per transaction. */
export const EVALUATION_BATCH = 1000;
/** A rule further behind than this (the console was down) skips to the last hour instead of replaying every minute. */
export const MAX_CATCH_UP_MINUTES = 60;

/** The latest minute (its start) whose rollup can be evaluated at `now`. */
export const targetMinuteOf = (now: Date) => new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS - ALARM_EVALUATION_DELAY_MINUTES * MINUTE_MS);

/** A state change, as the notifier gets it (inside the evaluating transaction). */
export interface AlarmStateChange {
  alarmId: string;
  orgId: string;
  projectId: string;
  occurrenceId: string;
  kind: 'FIRING' | 'RESOLVED';
  /** When the change was found: the end of the evaluated minute. */
  at: string;
  value: number | null;
  /** Receiver groups the alarm sends to that a silence mutes at that moment. */
  mutedReceiverGroupIds: string[];
}

/**
 * Delivers a batch's state changes: enqueues their deliveries in the transaction `tx` (committed
 * with the changes, or not at all), in a number of statements that does not grow with the changes.
 */
export interface AlarmNotifier {
  notifyMany(tx: Executor, changes: readonly AlarmStateChange[]): Promise<void>;
}

type DueRow = {
  id: string;
  org_id: string;
  project_id: string;
  service: string;
  metric_name: string;
  resource_type: string;
  resource_id: string;
  filters: { key: string; operator: string; value: string }[];
  aggregation: string;
  state: 'OK' | 'FIRING';
  evaluated_through: string;
  duration_minutes: number;
  threshold: number;
  condition_operator: string;
};

/** One minute of one series (a distinct project, service, metric, resource and label filter): the parts of every aggregation. */
type SeriesMinute = { gid: number; minute: string; value_sum: number; sample_count: number; value_min: number; value_max: number };

type EvaluatedRow = {
  id: string;
  org_id: string;
  project_id: string;
  state: 'OK' | 'FIRING';
  minute: Date;
  threshold: number;
  condition_operator: string;
  breaching: number;
  last_value: number | null;
  silenced: boolean;
  muted_groups: string[];
};

/** Milliseconds spent per phase of a batch (the bench's profile). */
export interface BatchPhases {
  /** Taking the due rules (FOR UPDATE SKIP LOCKED). */
  lock: number;
  /** The set-based aggregate of every series the batch's rules read. */
  aggregate: number;
  /** Silences, occurrences and watermarks (one statement). */
  write: number;
  /** The notifications of the state changes (AlarmNotifier.notifyMany: outbox events and jobs). */
  notify: number;
}

export interface BatchResult {
  evaluated: number;
  fired: number;
  resolved: number;
  /** Per rule evaluated: the minute it was evaluated for (bench: lag = now - minute end). */
  minutes: Date[];
  /** Distinct series the batch aggregated (rules sharing a series share one aggregate). */
  series: number;
  phases: BatchPhases;
}

/** A typed PostgreSQL array of `values`, for unnest: one bind parameter (node-postgres writes the array literal), not one per element. */
const array = <T>(values: readonly T[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/** The value of an aggregation from a minute's parts, as aggregateOf computes it in SQL. */
function valueOf(aggregation: string, part: SeriesMinute): number | null {
  switch (aggregation) {
    case 'sum':
      return part.value_sum;
    case 'min':
      return part.value_min;
    case 'max':
      return part.value_max;
    case 'count':
      return part.sample_count;
    default:
      return part.sample_count === 0 ? null : part.value_sum / part.sample_count;
  }
}

/** conditionHolds in TypeScript (a minute without a value never holds). */
function holds(value: number | null, operator: string, threshold: number): boolean {
  if (value === null) return false;
  switch (operator) {
    case 'GT':
      return value > threshold;
    case 'GTE':
      return value >= threshold;
    case 'LT':
      return value < threshold;
    case 'LTE':
      return value <= threshold;
    default:
      return value === threshold;
  }
}

/** The series a rule reads: rules with the same key share one aggregate. Filters are order-insensitive. */
const seriesKeyOf = (rule: DueRow) =>
  JSON.stringify([
    rule.org_id,
    rule.project_id,
    rule.service,
    rule.metric_name,
    rule.resource_type,
    rule.resource_id,
    [...rule.filters].map((f) => [f.key, f.operator, f.value]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
  ]);

/**
 * The per-minute parts (sum, count, min, max) of every series over [from, to), in one statement:
 * the distinct streams (project, service, metric) are read once each from the rollup with a literal
 * time range (the planner prunes to the minute's partition and walks the primary key's range), then
 * joined to the series: by resource id where the series names one (a hash join), else by stream;
 * label filters apply to the joined rows only.
 */
async function aggregateSeries(tx: Executor, series: DueRow[], from: Date, to: Date): Promise<SeriesMinute[]> {
  const k = sql`select * from unnest(${array(series.map((_, i) => i), 'int')}, ${array(series.map((s) => s.org_id), 'uuid')}, ${array(series.map((s) => s.project_id), 'uuid')},
    ${array(series.map((s) => s.service), 'text')}, ${array(series.map((s) => s.metric_name), 'text')}, ${array(series.map((s) => s.resource_type), 'text')},
    ${array(series.map((s) => s.resource_id), 'text')}, ${array(series.map((s) => JSON.stringify(s.filters)), 'jsonb')})
    as k(gid, org_id, project_id, service, metric_name, resource_type, resource_id, filters)`;
  const labelsMatch = sql`not exists (select 1 from jsonb_array_elements(k.filters) f where
    (f->>'operator' = '=' and (x.labels->>(f->>'key')) is distinct from f->>'value') or
    (f->>'operator' = '!=' and (x.labels->>(f->>'key')) = f->>'value'))`;
  const { rows } = await tx.execute<SeriesMinute>(sql`
    with k as materialized (${k}),
    s as (select distinct org_id, project_id, service, metric_name from k),
    x as materialized (
      select mm.org_id, mm.project_id, mm.service, mm.metric_name, mm.resource_type, mm.resource_id, mm.labels, mm.minute,
        mm.sample_count, mm.value_sum, mm.value_min, mm.value_max
      from s join metric_minute mm on mm.org_id = s.org_id and mm.project_id = s.project_id and mm.service = s.service and mm.metric_name = s.metric_name
        and mm.minute >= ${from.toISOString()}::timestamptz and mm.minute < ${to.toISOString()}::timestamptz
    ),
    j as (
      select k.gid, x.* from k join x on x.org_id = k.org_id and x.project_id = k.project_id and x.service = k.service and x.metric_name = k.metric_name
        and x.resource_id = k.resource_id
      where k.resource_id <> '' and (k.resource_type = '' or x.resource_type = k.resource_type) and ${labelsMatch}
      union all
      select k.gid, x.* from k join x on x.org_id = k.org_id and x.project_id = k.project_id and x.service = k.service and x.metric_name = k.metric_name
      where k.resource_id = '' and (k.resource_type = '' or x.resource_type = k.resource_type) and ${labelsMatch}
    )
    select gid, to_char(minute at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as minute, sum(value_sum)::float8 as value_sum, sum(sample_count)::float8 as sample_count,
      min(value_min)::float8 as value_min, max(value_max)::float8 as value_max
    from j group by gid, minute`);
  return rows;
}

/** Evaluates one batch of due rules at `now`; `evaluated` 0 means none was due (or all were held by other workers). */
export async function evaluateBatch(db: Database, now: Date, notifier: AlarmNotifier, batchSize = EVALUATION_BATCH): Promise<BatchResult> {
  const target = targetMinuteOf(now);
  return db.transaction(async (tx) => {
    const phases: BatchPhases = { lock: 0, aggregate: 0, write: 0, notify: 0 };
    let mark = performance.now();
    const lap = (phase: keyof BatchPhases) => {
      const at = performance.now();
      phases[phase] += at - mark;
      mark = at;
    };
    // Rules whose minute's rollup is pending are left for a later run (below); the anti-join is only
    // planned when some metric rollup at or before the target minute is pending at all.
    const { rows: pending } = await tx.execute<{ any: boolean }>(sql`
      select exists (select 1 from rollup_dirty where kind = 'metric' and bucket <= ${target.toISOString()}::timestamptz) as any`);
    const { rows: due } = await tx.execute<DueRow>(sql`
      select id, org_id, project_id, service, metric_name, resource_type, resource_id, filters, aggregation, state,
        to_char(evaluated_through at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as evaluated_through, duration_minutes, threshold, condition_operator
      from alarms where enabled and evaluated_through < ${target.toISOString()}::timestamptz
        ${
          pending[0]?.any
            ? sql`-- Not while the rollup of the minute it would evaluate (or an earlier one) is pending: a
        -- sample that arrived late, or a rollup behind, is waited for instead of read as a gap.
        and not exists (select 1 from rollup_dirty d where d.org_id = alarms.org_id and d.project_id = alarms.project_id and d.kind = 'metric'
          and d.service = alarms.service and d.name = alarms.metric_name
          and d.bucket <= greatest(alarms.evaluated_through + interval '1 minute', ${target.toISOString()}::timestamptz - interval '1 minute' * ${MAX_CATCH_UP_MINUTES}))`
            : sql``
        }
      order by evaluated_through, project_id, service, metric_name, resource_id, id limit ${batchSize} for update skip locked`);
    lap('lock');
    if (due.length === 0) return { evaluated: 0, fired: 0, resolved: 0, minutes: [], series: 0, phases };

    // The minute each rule is evaluated for: the one after its watermark (catching up at most an hour).
    const floor = target.getTime() - MAX_CATCH_UP_MINUTES * MINUTE_MS;
    const minuteOf = due.map((rule) => Math.max(Date.parse(rule.evaluated_through) + MINUTE_MS, floor));
    // The batch's whole time range, as literals: partition pruning and one index range per stream.
    let from = Infinity;
    let to = -Infinity;
    due.forEach((rule, i) => {
      from = Math.min(from, minuteOf[i]! - (rule.duration_minutes - 1) * MINUTE_MS);
      to = Math.max(to, minuteOf[i]! + MINUTE_MS);
    });
    // Rules sharing a series share its aggregate.
    const seriesIndex = new Map<string, number>();
    const series: DueRow[] = [];
    const gidOf = due.map((rule) => {
      const key = seriesKeyOf(rule);
      let gid = seriesIndex.get(key);
      if (gid === undefined) {
        gid = series.length;
        seriesIndex.set(key, gid);
        series.push(rule);
      }
      return gid;
    });
    const parts = await aggregateSeries(tx, series, new Date(from), new Date(to));
    const partOf = new Map(parts.map((part) => [`${part.gid}|${Date.parse(part.minute)}`, part]));
    lap('aggregate');

    // Silences in force at the end of any evaluated minute of the batch's projects (and the
    // organization's, of its receiver groups for every project), in one read: a receiver group's
    // silence names the batch's alarms that send to the group.
    const projects = [...new Set(due.map((rule) => rule.project_id))];
    const { rows: silences } = await tx.execute<{ alarm_id: string | null; receiver_group_id: string | null; starts_at: string; ends_at: string; alarm_ids: string[] }>(sql`
      select s.alarm_id::text, s.receiver_group_id::text, to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as starts_at,
        to_char(s.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ends_at,
        case when s.receiver_group_id is null then '{}'::text[] else coalesce((select array_agg(l.alarm_id::text) from alarm_receiver_groups l
          where l.receiver_group_id = s.receiver_group_id and l.alarm_id = any(${array(due.map((rule) => rule.id), 'uuid')})), '{}') end as alarm_ids
      from alarm_silences s where (s.project_id = any(${array(projects, 'uuid')}) or (s.project_id is null and s.org_id = any(${array([...new Set(due.map((rule) => rule.org_id))], 'uuid')})))
        and s.ends_at > ${new Date(from).toISOString()}::timestamptz
        and s.starts_at <= ${new Date(to).toISOString()}::timestamptz`);
    const inForce = (at: number) => silences.filter((s) => Date.parse(s.starts_at) <= at && Date.parse(s.ends_at) > at);

    const rows: EvaluatedRow[] = due.map((rule, i) => {
      const minute = minuteOf[i]!;
      let breaching = 0;
      for (let back = 0; back < rule.duration_minutes; back++) {
        const part = partOf.get(`${gidOf[i]}|${minute - back * MINUTE_MS}`);
        if (part && holds(valueOf(rule.aggregation, part), rule.condition_operator, rule.threshold)) breaching++;
      }
      const last = partOf.get(`${gidOf[i]}|${minute}`);
      const active = silences.length === 0 ? [] : inForce(minute + MINUTE_MS);
      return {
        id: rule.id,
        org_id: rule.org_id,
        project_id: rule.project_id,
        state: rule.state,
        minute: new Date(minute),
        threshold: rule.threshold,
        condition_operator: rule.condition_operator,
        breaching: rule.duration_minutes > 0 ? breaching : 0,
        last_value: last ? valueOf(rule.aggregation, last) : null,
        silenced: active.some((s) => s.alarm_id === rule.id),
        muted_groups: active.filter((s) => s.receiver_group_id && s.alarm_ids.includes(rule.id)).map((s) => s.receiver_group_id!),
      };
    });
    const durationOf = new Map(due.map((rule) => [rule.id, rule.duration_minutes]));

    const next: { id: string; minute: string; state: 'OK' | 'FIRING'; changed: boolean; at: string }[] = [];
    const raising: { row: EvaluatedRow; at: string }[] = [];
    const closing: { row: EvaluatedRow; at: string }[] = [];
    for (const row of rows) {
      const at = new Date(row.minute.getTime() + MINUTE_MS).toISOString();
      const condition = row.breaching >= durationOf.get(row.id)!;
      let state = row.state;
      if (condition && row.state === 'OK') {
        state = 'FIRING';
        raising.push({ row, at });
      } else if (!condition && row.state === 'FIRING') {
        state = 'OK';
        closing.push({ row, at });
      }
      next.push({ id: row.id, minute: row.minute.toISOString(), state, changed: state !== row.state, at });
    }
    // Every state write of the batch in one statement: occurrences raised, occurrences closed and
    // the rules' watermarks and states; then the notifications of the changes not silenced, at once.
    const { rows: changed } = await tx.execute<{ kind: 'FIRING' | 'RESOLVED'; id: string; alarm_id: string }>(sql`
      with opened as (
        insert into alarm_occurrences (org_id, project_id, alarm_id, raised_at, raised_value, threshold, condition_operator, notified)
        select * from unnest(${array(raising.map((r) => r.row.org_id), 'uuid')}, ${array(raising.map((r) => r.row.project_id), 'uuid')},
          ${array(raising.map((r) => r.row.id), 'uuid')}, ${array(raising.map((r) => r.at), 'timestamptz')}, ${array(raising.map((r) => r.row.last_value ?? 0), 'float8')},
          ${array(raising.map((r) => r.row.threshold), 'float8')}, ${array(raising.map((r) => r.row.condition_operator), 'text')}, ${array(raising.map((r) => !r.row.silenced), 'boolean')})
        returning id, alarm_id),
      closed as (
        update alarm_occurrences o set closed_at = c.at from unnest(${array(closing.map((c) => c.row.id), 'uuid')}, ${array(closing.map((c) => c.at), 'timestamptz')}) as c(alarm_id, at)
        where o.alarm_id = c.alarm_id and o.closed_at is null returning o.id, o.alarm_id),
      moved as (
        update alarms a set evaluated_through = n.minute, state = n.state, state_since = case when n.changed then n.at else a.state_since end
        from unnest(${array(next.map((n) => n.id), 'uuid')}, ${array(next.map((n) => n.minute), 'timestamptz')}, ${array(next.map((n) => n.state), 'text')},
          ${array(next.map((n) => n.changed), 'boolean')}, ${array(next.map((n) => n.at), 'timestamptz')}) as n(id, minute, state, changed, at)
        where a.id = n.id returning 1)
      select 'FIRING' as kind, id::text, alarm_id::text from opened
      union all select 'RESOLVED', id::text, alarm_id::text from closed`);
    lap('write');
    const occurrenceOf = new Map(changed.map((row) => [`${row.kind}|${row.alarm_id}`, row.id]));
    const changes: AlarmStateChange[] = [];
    for (const [kind, list] of [['FIRING', raising], ['RESOLVED', closing]] as const) {
      for (const { row, at } of list) {
        const occurrenceId = occurrenceOf.get(`${kind}|${row.id}`);
        if (!row.silenced && occurrenceId) changes.push(changeOf(row, occurrenceId, kind, at));
      }
    }
    await notifier.notifyMany(tx, changes);
    lap('notify');
    const fired = raising.length;
    const resolved = closing.length;
    return { evaluated: rows.length, fired, resolved, minutes: next.map((n) => new Date(n.minute)), series: series.length, phases };
  });
}

function changeOf(row: EvaluatedRow, occurrenceId: string, kind: 'FIRING' | 'RESOLVED', at: string): AlarmStateChange {
  return {
    alarmId: row.id,
    orgId: row.org_id,
    projectId: row.project_id,
    occurrenceId,
    kind,
    at,
    value: row.last_value,
    mutedReceiverGroupIds: row.muted_groups ?? [],
  };
}

/** Evaluates batches until none is due at `now()` or the budget is spent; answers the totals. */
export async function evaluateDue(db: Database, now: () => Date, notifier: AlarmNotifier, options: { budgetMs?: number; batchSize?: number; onBatch?: (result: BatchResult, at: Date) => void } = {}) {
  const started = Date.now();
  const total = { evaluated: 0, fired: 0, resolved: 0, batches: 0 };
  while (Date.now() - started < (options.budgetMs ?? 50_000)) {
    const result = await evaluateBatch(db, now(), notifier, options.batchSize);
    if (result.evaluated === 0) break;
    options.onBatch?.(result, new Date());
    total.evaluated += result.evaluated;
    total.fired += result.fired;
    total.resolved += result.resolved;
    total.batches++;
  }
  return total;
}

/**
 * The backtest: the rule applied to every minute of the last 7 days as the engine would, from the
 * rollup. Answers the moments it would have fired (and resolved) and the series for the chart.
 */
export async function backtest(
  db: Executor,
  rule: { orgId: string; projectId: string; service: string; resourceType: string; resourceId: string; metricName: string; aggregation: string; filters: unknown[]; conditionOperator: string; threshold: number; durationMinutes: number },
  from: Date,
  to: Date,
) {
  const { rows } = await db.execute<{ minute: string; value: number; holds: boolean }>(sql`
    with r as (select ${rule.orgId}::uuid as org_id, ${rule.projectId}::uuid as project_id, ${rule.service}::text as service, ${rule.metricName}::text as metric_name,
      ${rule.resourceType}::text as resource_type, ${rule.resourceId}::text as resource_id, ${JSON.stringify(rule.filters)}::jsonb as filters, ${rule.aggregation}::text as aggregation)
    select to_char(v.minute at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as minute, v.value,
      coalesce(${conditionHolds(sql`v.value`, sql`${rule.conditionOperator}::text`, sql`${rule.threshold}::float8`)}, false) as holds
    from (select mm.minute, case r.aggregation when 'sum' then ${aggregateOf('sum')} when 'min' then ${aggregateOf('min')} when 'max' then ${aggregateOf('max')}
            when 'count' then ${aggregateOf('count')} else ${aggregateOf('avg')} end as value
          from r join metric_minute mm on ${matchesRule} and mm.minute >= ${from.toISOString()}::timestamptz and mm.minute < ${to.toISOString()}::timestamptz
          group by mm.minute, r.aggregation) v
    where v.value is not null
    order by v.minute`);
  const firings: { raisedAt: string; closedAt: string | null }[] = [];
  let run = 0;
  let previous = -Infinity;
  let open: { raisedAt: string; closedAt: string | null } | undefined;
  for (const row of rows) {
    const time = Date.parse(row.minute);
    // A minute without data breaks a run, as in the engine.
    if (time - previous > MINUTE_MS) {
      run = 0;
      if (open) open = close(open, previous + MINUTE_MS);
    }
    previous = time;
    run = row.holds ? run + 1 : 0;
    if (!open && run >= rule.durationMinutes) {
      open = { raisedAt: new Date(time + MINUTE_MS).toISOString(), closedAt: null };
      firings.push(open);
    } else if (open && !row.holds) {
      open = close(open, time + MINUTE_MS);
    }
  }
  if (open && Date.parse(rows.at(-1)?.minute ?? '') + MINUTE_MS < to.getTime()) close(open, previous + MINUTE_MS);
  // The chart's series: about 150 points over the range (1 minute for an hour, 10 for a day), the extreme the condition looks at.
  const bucket = Math.max(1, Math.round((to.getTime() - from.getTime()) / MINUTE_MS / 144)) * MINUTE_MS;
  const byBucket = new Map<number, number>();
  const upward = rule.conditionOperator === 'GT' || rule.conditionOperator === 'GTE' || rule.conditionOperator === 'EQ';
  for (const row of rows) {
    const key = Math.floor(Date.parse(row.minute) / bucket) * bucket;
    const seen = byBucket.get(key);
    byBucket.set(key, seen === undefined ? row.value : upward ? Math.max(seen, row.value) : Math.min(seen, row.value));
  }
  return { firings, series: { timestamps: [...byBucket.keys()], values: [...byBucket.values()] } };
}

function close(open: { raisedAt: string; closedAt: string | null }, at: number) {
  open.closedAt = new Date(at).toISOString();
  return undefined;
}
