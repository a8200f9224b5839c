import { ALARM_EVALUATION_DELAY_MINUTES } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { aggregateOf, conditionHolds, matchesRule } from './alarms.repository.ts';

/**
 * The evaluation engine. Every minute each enabled rule is evaluated for one minute of the metric
 * rollup (metric_minute): the minute that ended ALARM_EVALUATION_DELAY_MINUTES ago, once the
 * per-minute rollup has it. Rules are taken in batches, locked FOR UPDATE SKIP LOCKED, so any
 * number of workers share them and none takes a rule another holds; each batch is evaluated by one
 * set-based statement over the rollup, and in the same transaction the engine records each state
 * change (an occurrence raised or closed), enqueues its notification, and moves the rules'
 * `evaluated_through` to the minute. A rule is evaluated for a minute only while
 * evaluated_through is before it, so no minute is evaluated twice; a worker killed mid-batch rolls
 * it all back and the minute is evaluated again by the next run.
 */

const MINUTE_MS = 60_000;
/** Rules per transaction. */
export const EVALUATION_BATCH = 500;
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

/** Delivers a state change: enqueues its delivery in the transaction `tx` (committed with the change, or not at all). */
export interface AlarmNotifier {
  notify(tx: Executor, change: AlarmStateChange): Promise<void>;
}

type EvaluatedRow = {
  id: string;
  org_id: string;
  project_id: string;
  state: 'OK' | 'FIRING';
  minute: string;
  duration_minutes: number;
  threshold: number;
  condition_operator: string;
  receiver_group_ids: string[];
  breaching: number;
  last_value: number | null;
  silenced: boolean;
  muted_groups: string[] | null;
}

export interface BatchResult {
  evaluated: number;
  fired: number;
  resolved: number;
  /** Per rule evaluated: the minute it was evaluated for (bench: lag = now - minute end). */
  minutes: Date[];
}

/** A typed PostgreSQL array of `values`, for unnest. */
const array = <T>(values: readonly T[], type: string) => sql`array[${sql.join(values.map((item) => sql`${item}`), sql`, `)}]::${sql.raw(type)}[]`;

/** Evaluates one batch of due rules at `now`; `evaluated` 0 means none was due (or all were held by other workers). */
export async function evaluateBatch(db: Database, now: Date, notifier: AlarmNotifier, batchSize = EVALUATION_BATCH): Promise<BatchResult> {
  const target = targetMinuteOf(now).toISOString();
  return db.transaction(async (tx) => {
    const { rows: due } = await tx.execute<{ id: string }>(sql`
      select id from alarms where enabled and evaluated_through < ${target}::timestamptz
      order by evaluated_through, id limit ${batchSize} for update skip locked`);
    if (due.length === 0) return { evaluated: 0, fired: 0, resolved: 0, minutes: [] };
    const ids = sql.join(due.map((row) => sql`${row.id}::uuid`), sql`, `);
    const value = sql`case r.aggregation when 'sum' then ${aggregateOf('sum')} when 'min' then ${aggregateOf('min')} when 'max' then ${aggregateOf('max')}
      when 'count' then ${aggregateOf('count')} else ${aggregateOf('avg')} end`;
    // The minute each rule is evaluated for: the one after its watermark (catching up at most an hour).
    const { rows } = await tx.execute<EvaluatedRow>(sql`
      with r as (
        select a.*, greatest(a.evaluated_through + interval '1 minute', ${target}::timestamptz - interval '1 minute' * ${MAX_CATCH_UP_MINUTES}) as m
        from alarms a where a.id in (${ids})
      ),
      v as (
        select r.id, mm.minute, ${value} as value
        from r join metric_minute mm on ${matchesRule}
          and mm.minute > r.m - r.duration_minutes * interval '1 minute' and mm.minute <= r.m
        group by r.id, r.aggregation, mm.minute
      )
      select r.id, r.org_id, r.project_id, r.state, r.m as minute, r.duration_minutes, r.threshold, r.condition_operator, r.receiver_group_ids::text[] as receiver_group_ids,
        count(v.minute) filter (where ${conditionHolds(sql`v.value`, sql`r.condition_operator`, sql`r.threshold`)})::int as breaching,
        max(v.value) filter (where v.minute = r.m) as last_value,
        exists (select 1 from alarm_silences s where s.alarm_id = r.id and s.starts_at <= r.m + interval '1 minute' and s.ends_at > r.m + interval '1 minute') as silenced,
        (select array_agg(s.receiver_group_id::text) from alarm_silences s where s.project_id = r.project_id and s.receiver_group_id = any(r.receiver_group_ids)
          and s.starts_at <= r.m + interval '1 minute' and s.ends_at > r.m + interval '1 minute') as muted_groups
      from r left join v on v.id = r.id
      group by r.id, r.org_id, r.project_id, r.state, r.m, r.duration_minutes, r.threshold, r.condition_operator, r.receiver_group_ids`);

    const next: { id: string; minute: string; state: 'OK' | 'FIRING'; changed: boolean; at: string }[] = [];
    const raising: { row: EvaluatedRow; at: string }[] = [];
    const closing: { row: EvaluatedRow; at: string }[] = [];
    for (const row of rows) {
      const minute = new Date(row.minute);
      const at = new Date(minute.getTime() + MINUTE_MS).toISOString();
      const holds = row.breaching >= row.duration_minutes;
      let state = row.state;
      if (holds && row.state === 'OK') {
        state = 'FIRING';
        raising.push({ row, at });
      } else if (!holds && row.state === 'FIRING') {
        state = 'OK';
        closing.push({ row, at });
      }
      next.push({ id: row.id, minute: minute.toISOString(), state, changed: state !== row.state, at });
    }
    // The state changes in two set-based statements, then one notification each.
    if (raising.length > 0) {
      const { rows: opened } = await tx.execute<{ id: string; alarm_id: string }>(sql`
        insert into alarm_occurrences (org_id, project_id, alarm_id, raised_at, raised_value, threshold, condition_operator, notified)
        select * from unnest(${array(raising.map((r) => r.row.org_id), 'uuid')}, ${array(raising.map((r) => r.row.project_id), 'uuid')},
          ${array(raising.map((r) => r.row.id), 'uuid')}, ${array(raising.map((r) => r.at), 'timestamptz')}, ${array(raising.map((r) => r.row.last_value ?? 0), 'float8')},
          ${array(raising.map((r) => r.row.threshold), 'float8')}, ${array(raising.map((r) => r.row.condition_operator), 'text')}, ${array(raising.map((r) => !r.row.silenced), 'boolean')})
        returning id, alarm_id`);
      const byAlarm = new Map(opened.map((row) => [row.alarm_id, row.id]));
      for (const { row, at } of raising) if (!row.silenced) await notifier.notify(tx, changeOf(row, byAlarm.get(row.id)!, 'FIRING', at));
    }
    if (closing.length > 0) {
      const { rows: closed } = await tx.execute<{ id: string; alarm_id: string }>(sql`
        update alarm_occurrences o set closed_at = c.at from unnest(${array(closing.map((c) => c.row.id), 'uuid')}, ${array(closing.map((c) => c.at), 'timestamptz')}) as c(alarm_id, at)
        where o.alarm_id = c.alarm_id and o.closed_at is null returning o.id, o.alarm_id`);
      const byAlarm = new Map(closed.map((row) => [row.alarm_id, row.id]));
      for (const { row, at } of closing) {
        const occurrenceId = byAlarm.get(row.id);
        if (!row.silenced && occurrenceId) await notifier.notify(tx, changeOf(row, occurrenceId, 'RESOLVED', at));
      }
    }
    const fired = raising.length;
    const resolved = closing.length;
    await tx.execute(sql`
      update alarms a set evaluated_through = n.minute, state = n.state,
        state_since = case when n.changed then n.at else a.state_since end
      from (select * from unnest(${sql`array[${sql.join(next.map((n) => sql`${n.id}`), sql`, `)}]::uuid[]`},
              ${sql`array[${sql.join(next.map((n) => sql`${n.minute}`), sql`, `)}]::timestamptz[]`},
              ${sql`array[${sql.join(next.map((n) => sql`${n.state}`), sql`, `)}]::text[]`},
              ${sql`array[${sql.join(next.map((n) => sql`${n.changed}`), sql`, `)}]::boolean[]`},
              ${sql`array[${sql.join(next.map((n) => sql`${n.at}`), sql`, `)}]::timestamptz[]`}) as t(id, minute, state, changed, at)) n
      where a.id = n.id`);
    return { evaluated: rows.length, fired, resolved, minutes: next.map((n) => new Date(n.minute)) };
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
  // The chart's series: one point per 10 minutes, the extreme the condition looks at.
  const bucket = 10 * MINUTE_MS;
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
