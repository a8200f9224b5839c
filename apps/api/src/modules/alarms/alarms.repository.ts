import { sql, type SQL } from 'drizzle-orm';
import type { AlarmFilter } from '@console/contracts';
import type { Executor } from '../../db/client.ts';

export type AlarmRow = {
  id: string;
  orgId: string;
  projectId: string;
  projectName: string;
  name: string;
  description: string;
  service: string;
  resourceType: string;
  resourceId: string;
  metricName: string;
  aggregation: 'avg' | 'sum' | 'min' | 'max' | 'count';
  filters: AlarmFilter[];
  conditionOperator: 'GT' | 'GTE' | 'LT' | 'LTE' | 'EQ';
  threshold: number;
  durationMinutes: number;
  receiverGroupIds: string[];
  methods: ('EMAIL' | 'SMS')[];
  category: 'CRITICAL' | 'WARNING' | 'INFO';
  enabled: boolean;
  locale: 'ko_KR' | 'en_US' | 'ja_JP' | 'zh_CN';
  state: 'OK' | 'FIRING';
  stateSince: string | null;
  evaluatedThrough: string | null;
  createdAt: string;
  updatedAt: string;
  alarmGroupIds: string[];
}

export type AlarmValues = Omit<AlarmRow, 'id' | 'orgId' | 'projectId' | 'projectName' | 'state' | 'stateSince' | 'evaluatedThrough' | 'createdAt' | 'updatedAt'>;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ALARM_COLUMNS = sql`a.id, a.org_id as "orgId", a.project_id as "projectId", p.name as "projectName", a.name, a.description, a.service,
  a.resource_type as "resourceType", a.resource_id as "resourceId", a.metric_name as "metricName", a.aggregation, a.filters,
  a.condition_operator as "conditionOperator", a.threshold, a.duration_minutes as "durationMinutes", coalesce((select array_agg(rg.receiver_group_id::text order by rg.receiver_group_id) from alarm_receiver_groups rg where rg.alarm_id = a.id), '{}') as "receiverGroupIds",
  a.methods, a.category, a.enabled, a.locale, a.state, ${iso('a.state_since')} as "stateSince", ${iso('a.evaluated_through')} as "evaluatedThrough",
  ${iso('a.created_at')} as "createdAt", ${iso('a.updated_at')} as "updatedAt",
  coalesce((select array_agg(g.alarm_group_id::text order by g.alarm_group_id) from alarm_alarm_groups g where g.alarm_id = a.id), '{}') as "alarmGroupIds"`;

const ORDER: Record<string, SQL> = {
  'alarmName,asc': sql`lower(a.name) asc, a.id`,
  'alarmName,desc': sql`lower(a.name) desc, a.id`,
  'regDateTime,asc': sql`a.created_at asc, a.id`,
  'regDateTime,desc': sql`a.created_at desc, a.id`,
};

/** Alarms of a project, or of every project of the organization (projectId null). */
export interface AlarmListScope {
  orgId: string;
  projectId: string | null;
}

const scopeOf = (scope: AlarmListScope, alias: string) =>
  scope.projectId
    ? sql`${sql.raw(alias)}.org_id = ${scope.orgId}::uuid and ${sql.raw(alias)}.project_id = ${scope.projectId}::uuid`
    : sql`${sql.raw(alias)}.org_id = ${scope.orgId}::uuid`;

export const alarmsRepository = {
  async list(db: Executor, scope: AlarmListScope, query: { nameLike?: string | undefined; state?: string | undefined; page: number; limit: number; sort: string }) {
    const where = [scopeOf(scope, 'a')];
    if (query.nameLike) where.push(sql`a.name ilike ${escapeLike(query.nameLike)}`);
    if (query.state) where.push(sql`a.state = ${query.state}`);
    const { rows } = await db.execute<AlarmRow & { total: number }>(sql`
      select ${ALARM_COLUMNS}, count(*) over()::int as total from alarms a join projects p on p.id = a.project_id
      where ${sql.join(where, sql` and `)}
      order by ${ORDER[query.sort] ?? ORDER['regDateTime,desc']!} limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  },

  async get(db: Executor, scope: AlarmListScope, id: string, lock = false): Promise<AlarmRow | undefined> {
    const { rows } = await db.execute<AlarmRow>(sql`
      select ${ALARM_COLUMNS} from alarms a join projects p on p.id = a.project_id where ${scopeOf(scope, 'a')} and a.id = ${id}::uuid ${lock ? sql`for update of a` : sql``}`);
    return rows[0];
  },

  /** `evaluatedThrough`: the last minute the new rule counts as evaluated (it starts with the next). */
  async insert(db: Executor, orgId: string, projectId: string, values: AlarmValues, now: Date, evaluatedThrough: Date): Promise<string> {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into alarms (org_id, project_id, name, description, service, resource_type, resource_id, metric_name, aggregation, filters, condition_operator,
        threshold, duration_minutes, methods, category, enabled, locale, evaluated_through, created_at, updated_at)
      values (${orgId}::uuid, ${projectId}::uuid, ${values.name}, ${values.description}, ${values.service}, ${values.resourceType}, ${values.resourceId},
        ${values.metricName}, ${values.aggregation}, ${JSON.stringify(values.filters)}::jsonb, ${values.conditionOperator}, ${values.threshold},
        ${values.durationMinutes},
        ${sql`array[${sql.join(values.methods.map((m) => sql`${m}`), sql`, `)}]::text[]`}, ${values.category}, ${values.enabled}, ${values.locale},
        ${evaluatedThrough.toISOString()}, ${now.toISOString()}, ${now.toISOString()})
      returning id`);
    return rows[0]!.id;
  },

  async update(db: Executor, id: string, values: AlarmValues, now: Date) {
    await db.execute(sql`
      update alarms set name = ${values.name}, description = ${values.description}, service = ${values.service}, resource_type = ${values.resourceType},
        resource_id = ${values.resourceId}, metric_name = ${values.metricName}, aggregation = ${values.aggregation}, filters = ${JSON.stringify(values.filters)}::jsonb,
        condition_operator = ${values.conditionOperator}, threshold = ${values.threshold}, duration_minutes = ${values.durationMinutes},
        methods = ${sql`array[${sql.join(values.methods.map((m) => sql`${m}`), sql`, `)}]::text[]`}, category = ${values.category}, enabled = ${values.enabled}, locale = ${values.locale},
        updated_at = ${now.toISOString()}
      where id = ${id}::uuid`);
  },

  async replaceGroups(db: Executor, alarmId: string, groupIds: readonly string[]) {
    await db.execute(sql`delete from alarm_alarm_groups where alarm_id = ${alarmId}::uuid`);
    if (groupIds.length === 0) return;
    await db.execute(sql`insert into alarm_alarm_groups (alarm_id, alarm_group_id) values ${sql.join(groupIds.map((g) => sql`(${alarmId}::uuid, ${g}::uuid)`), sql`, `)} on conflict do nothing`);
  },

  /** The receiver groups the alarm sends to (rows with foreign keys: a deleted group leaves no stale id). */
  async replaceReceiverGroups(db: Executor, alarmId: string, groupIds: readonly string[]) {
    await db.execute(sql`delete from alarm_receiver_groups where alarm_id = ${alarmId}::uuid`);
    if (groupIds.length === 0) return;
    await db.execute(sql`insert into alarm_receiver_groups (alarm_id, receiver_group_id) values ${sql.join(groupIds.map((g) => sql`(${alarmId}::uuid, ${g}::uuid)`), sql`, `)} on conflict do nothing`);
  },

  async remove(db: Executor, id: string) {
    await db.execute(sql`delete from alarms where id = ${id}::uuid`);
  },

  /**
   * Enables or disables; a disabled rule's open occurrence closes without a notification, and an
   * enabled one starts from the current minute (it does not catch up on the time it was off).
   */
  async setEnabled(db: Executor, id: string, enabled: boolean, now: Date, evaluateFrom: Date) {
    if (!enabled) await db.execute(sql`update alarm_occurrences set closed_at = ${now.toISOString()} where alarm_id = ${id}::uuid and closed_at is null`);
    await db.execute(sql`
      update alarms set enabled = ${enabled}, updated_at = ${now.toISOString()},
        state = case when ${enabled} then state else 'OK' end, state_since = case when ${enabled} then state_since else null end,
        evaluated_through = case when ${enabled} then greatest(evaluated_through, ${evaluateFrom.toISOString()}::timestamptz) else evaluated_through end
      where id = ${id}::uuid`);
  },

  async history(db: Executor, scope: AlarmListScope, since: Date, query: { alarmId?: string | undefined; status?: string | undefined; nameLike?: string | undefined; page: number; limit: number }) {
    const where = [scopeOf(scope, 'o'), sql`(o.closed_at is null or o.closed_at >= ${since.toISOString()}::timestamptz)`];
    if (query.alarmId) where.push(sql`o.alarm_id = ${query.alarmId}::uuid`);
    if (query.status === 'FIRING') where.push(sql`o.closed_at is null`);
    if (query.status === 'RESOLVED') where.push(sql`o.closed_at is not null`);
    if (query.nameLike) where.push(sql`a.name ilike ${escapeLike(query.nameLike)}`);
    const { rows } = await db.execute<{
      occurrenceId: string; alarmId: string; alarmName: string; projectId: string; raisedAt: string; closedAt: string | null;
      raisedValue: number; threshold: number; conditionOperator: AlarmRow['conditionOperator']; notified: boolean; total: number;
    }>(sql`
      select o.id as "occurrenceId", o.alarm_id as "alarmId", a.name as "alarmName", o.project_id as "projectId", ${iso('o.raised_at')} as "raisedAt",
        ${iso('o.closed_at')} as "closedAt", o.raised_value as "raisedValue", o.threshold, o.condition_operator as "conditionOperator", o.notified,
        count(*) over()::int as total
      from alarm_occurrences o join alarms a on a.id = o.alarm_id
      where ${sql.join(where, sql` and `)}
      order by o.raised_at desc, o.id limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  },

  /** Distinct metrics (with their label keys) the project reported since `since`, read from the rollup. */
  async metrics(db: Executor, orgId: string, projectId: string, since: Date, service?: string) {
    const { rows } = await db.execute<{ service: string; resourceType: string; metricName: string; labelKeys: string[] }>(sql`
      select service, resource_type as "resourceType", metric_name as "metricName",
        coalesce((select array_agg(distinct k order by k) from metric_minute m2, jsonb_object_keys(m2.labels) k
          where m2.org_id = m.org_id and m2.project_id = m.project_id and m2.service = m.service and m2.metric_name = m.metric_name
            and m2.minute >= ${since.toISOString()}::timestamptz), '{}') as "labelKeys"
      from metric_minute m
      where org_id = ${orgId}::uuid and project_id = ${projectId}::uuid and minute >= ${since.toISOString()}::timestamptz ${service ? sql`and service = ${service}` : sql``}
      group by org_id, project_id, service, resource_type, metric_name order by service, resource_type, metric_name limit 500`);
    return rows;
  },
};

/** The value of a rule's metric per minute: the aggregation over every matching resource and label set. */
export const aggregateOf = (aggregation: string, alias = 'mm'): SQL => {
  const a = sql.raw(alias);
  switch (aggregation) {
    case 'sum':
      return sql`sum(${a}.value_sum)`;
    case 'min':
      return sql`min(${a}.value_min)`;
    case 'max':
      return sql`max(${a}.value_max)`;
    case 'count':
      return sql`sum(${a}.sample_count)::float8`;
    default:
      return sql`sum(${a}.value_sum) / nullif(sum(${a}.sample_count), 0)`;
  }
};

/** Whether the rollup row `mm` matches rule `r`'s resource and label filters (r.filters: [{key, operator, value}]). */
export const matchesRule = sql`mm.org_id = r.org_id and mm.project_id = r.project_id and mm.service = r.service and mm.metric_name = r.metric_name
  and (r.resource_type = '' or mm.resource_type = r.resource_type) and (r.resource_id = '' or mm.resource_id = r.resource_id)
  and not exists (select 1 from jsonb_array_elements(r.filters) f where
    (f->>'operator' = '=' and (mm.labels->>(f->>'key')) is distinct from f->>'value') or
    (f->>'operator' = '!=' and (mm.labels->>(f->>'key')) = f->>'value'))`;

export const conditionHolds = (value: SQL, operator: SQL, threshold: SQL): SQL => sql`case ${operator}
  when 'GT' then ${value} > ${threshold} when 'GTE' then ${value} >= ${threshold}
  when 'LT' then ${value} < ${threshold} when 'LTE' then ${value} <= ${threshold} else ${value} = ${threshold} end`;
