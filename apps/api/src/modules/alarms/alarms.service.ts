import {
  ALARM_HISTORY_DAYS,
  AlarmBodySchema,
  AlarmRuleSchema,
  formatResultMessage,
  SilenceBodySchema,
  type Alarm,
  type ResultCodeKey,
  type Silence,
} from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import { grantOf, projectGrantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { alarmGroupsRepository } from '../alarm-groups/alarm-groups.repository.ts';
import { servicesInUse } from '../metrics/metrics.repository.ts';
import { backtest, targetMinuteOf } from './alarms.engine.ts';
import { alarmsRepository as repo, type AlarmListScope, type AlarmRow, type AlarmValues } from './alarms.repository.ts';

type AlarmBody = z.output<typeof AlarmBodySchema>;
type AlarmRule = z.output<typeof AlarmRuleSchema>;
type SilenceBody = z.output<typeof SilenceBodySchema>;
type Paging = { page: number; limit: number };

const DAY_MS = 86_400_000;
const fieldError = (key: ResultCodeKey, field: string, ctx: SignedInContext) => new AppError(key, { fieldErrors: [{ field, message: formatResultMessage(key, ctx.lang) }] });

const scopeOf = (ctx: SignedInContext): AlarmListScope => {
  const grant = grantOf(ctx);
  return { orgId: grant.orgId, projectId: grant.scope === 'project' ? grant.projectId : null };
};

/** The organization and project of a route that exists only in a project (saving a rule, its metrics, a backtest). */
const projectScopeOf = (ctx: SignedInContext) => {
  const { orgId, projectId } = projectGrantOf(ctx);
  return { orgId, projectId };
};

/**
 * The rule's checks of spec §5 beyond the schema, each next to its field: the metric
 * (ALARM_METRIC_REQUIRED), a threshold that is not a number (INVALID_CONDITION_DATA_TYPE), a filter
 * given twice (CONDITION_VALUES_EXIST), a service the project does not use (SERVICE_NOT_IN_USE).
 * Answers the threshold as a number.
 */
async function checkRule(db: Executor, ctx: SignedInContext, orgId: string, projectId: string, rule: AlarmRule): Promise<number> {
  if (rule.metricName === '') throw fieldError('ALARM_METRIC_REQUIRED', 'body.metricName', ctx);
  const threshold = typeof rule.threshold === 'number' ? rule.threshold : rule.threshold.trim() === '' ? Number.NaN : Number(rule.threshold);
  if (!Number.isFinite(threshold)) throw fieldError('INVALID_CONDITION_DATA_TYPE', 'body.threshold', ctx);
  const seen = new Set<string>();
  rule.filters.forEach((filter, index) => {
    const key = JSON.stringify([filter.key, filter.operator, filter.value]);
    if (seen.has(key)) throw fieldError('CONDITION_VALUES_EXIST', `body.filters.${index}.value`, ctx);
    seen.add(key);
  });
  if (!(await servicesInUse(db, orgId, projectId, [rule.service])).has(rule.service)) throw fieldError('SERVICE_NOT_IN_USE', 'body.service', ctx);
  return threshold;
}

type SilenceRow = { id: string; projectId: string | null; alarmId: string | null; receiverGroupId: string | null; startsAt: string; endsAt: string; reason: string; createdBy: string };
const toSilence = (row: SilenceRow, now: Date): Silence => ({
  silenceId: row.id,
  projectId: row.projectId,
  alarmId: row.alarmId,
  receiverGroupId: row.receiverGroupId,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  reason: row.reason,
  createdBy: row.createdBy,
  isActive: Date.parse(row.startsAt) <= now.getTime() && now.getTime() < Date.parse(row.endsAt),
});

/** Silences not over at `now`: a project's own, or (projectId null) every one of the organization, its own included. */
async function silencesOf(db: Executor, orgId: string, projectId: string | null, now: Date, alarmIds?: readonly string[]) {
  const { rows } = await db.execute<SilenceRow>(sql`
    select id, project_id as "projectId", alarm_id as "alarmId", receiver_group_id as "receiverGroupId",
      to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startsAt", to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endsAt",
      reason, created_by as "createdBy"
    from alarm_silences where org_id = ${orgId}::uuid ${projectId ? sql`and project_id = ${projectId}::uuid` : sql``} and ends_at > ${now.toISOString()}::timestamptz
      ${alarmIds ? (alarmIds.length ? sql`and alarm_id in (${sql.join(alarmIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql`and false`) : sql``}
    order by starts_at`);
  return rows.map((row) => toSilence(row, now));
}

/** The notification receiver groups (modules/notifications) among `ids` an alarm of the project may send to: the organization's and the project's. */
async function existingReceiverGroups(db: Executor, orgId: string, projectId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from notification_receiver_groups where org_id = ${orgId}::uuid and (project_id is null or project_id = ${projectId}::uuid)
      and id::text in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Set(rows.map((row) => row.id));
}

/** Metric alarms (spec §3 "Alarm"; §4 history; §5 rules), their silences and the backtest. */
export function createAlarmsService(deps: { db: Database; metricListTimeoutMs?: number }) {
  const { db } = deps;

  async function toAlarms(ctx: SignedInContext, rows: readonly AlarmRow[]): Promise<Alarm[]> {
    const silences = await silencesOf(db, scopeOf(ctx).orgId, null, ctx.now(), rows.map((row) => row.id));
    return rows.map((row) => ({
      alarmId: row.id,
      projectId: row.projectId,
      projectName: row.projectName,
      alarmName: row.name,
      description: row.description,
      service: row.service,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      metricName: row.metricName,
      aggregation: row.aggregation,
      filters: row.filters,
      conditionOperator: row.conditionOperator,
      threshold: row.threshold,
      durationMinutes: row.durationMinutes,
      alarmGroupIds: row.alarmGroupIds,
      receiverGroupIds: row.receiverGroupIds,
      methods: row.methods,
      category: row.category,
      enabled: row.enabled,
      state: row.state,
      raised: row.state === 'FIRING',
      stateSince: row.stateSince,
      evaluatedThrough: row.evaluatedThrough,
      silences: silences.filter((silence) => silence.alarmId === row.id),
      regDateTime: row.createdAt,
      modDateTime: row.updatedAt,
    }));
  }

  async function load(ctx: SignedInContext, id: string): Promise<Alarm> {
    const row = await repo.get(db, scopeOf(ctx), id);
    if (!row) throw new AppError('NOT_FOUND');
    return (await toAlarms(ctx, [row]))[0]!;
  }

  async function save(ctx: SignedInContext, body: AlarmBody, id?: string) {
    const scope = projectScopeOf(ctx);
    const projectId = scope.projectId;
    const threshold = await checkRule(db, ctx, scope.orgId, projectId, body);
    // Spec §5 "Alarm needs recipient".
    if (body.alarmGroupIds.length === 0 && body.receiverGroupIds.length === 0) throw fieldError('ALARM_RECIPIENT_REQUIRED', 'body.alarmGroupIds', ctx);
    const groups = await alarmGroupsRepository.existingGroups(db, { orgId: scope.orgId, projectId }, body.alarmGroupIds);
    const unknown = body.alarmGroupIds.findIndex((groupId) => !groups.has(groupId));
    if (unknown >= 0) throw fieldError('ALARM_TARGET_NOT_FOUND', `body.alarmGroupIds.${unknown}`, ctx);
    const receivers = await existingReceiverGroups(db, scope.orgId, projectId, body.receiverGroupIds);
    const unknownReceiver = body.receiverGroupIds.findIndex((groupId) => !receivers.has(groupId));
    if (unknownReceiver >= 0) throw fieldError('ALARM_TARGET_NOT_FOUND', `body.receiverGroupIds.${unknownReceiver}`, ctx);
    const values: AlarmValues = {
      name: body.alarmName,
      description: body.description,
      service: body.service,
      resourceType: body.resourceType,
      resourceId: body.resourceId,
      metricName: body.metricName,
      aggregation: body.aggregation,
      filters: body.filters,
      conditionOperator: body.conditionOperator,
      threshold,
      durationMinutes: body.durationMinutes,
      receiverGroupIds: [...new Set(body.receiverGroupIds)],
      methods: [...new Set(body.methods)],
      category: body.category,
      enabled: body.enabled,
      locale: ctx.locale,
      alarmGroupIds: body.alarmGroupIds,
    };
    const now = ctx.now();
    const savedId = await db.transaction(async (tx) => {
      let alarmId = id;
      if (alarmId) {
        const current = await repo.get(tx, scope, alarmId, true);
        if (!current) throw new AppError('NOT_FOUND');
        await repo.update(tx, alarmId, values, now);
        if (current.enabled !== values.enabled) await repo.setEnabled(tx, alarmId, values.enabled, now, targetMinuteOf(now));
      } else {
        alarmId = await repo.insert(tx, scope.orgId, projectId, values, now, targetMinuteOf(now));
      }
      await repo.replaceGroups(tx, alarmId, [...new Set(body.alarmGroupIds)]);
      await repo.replaceReceiverGroups(tx, alarmId, values.receiverGroupIds);
      return alarmId;
    });
    return { alarm: await load(ctx, savedId) };
  }

  return {
    async list(ctx: SignedInContext, query: Paging & { alarmNameLike?: string | undefined; state?: string | undefined; sort: string }) {
      const { rows, total } = await repo.list(db, scopeOf(ctx), { nameLike: query.alarmNameLike, state: query.state, page: query.page, limit: query.limit, sort: query.sort });
      return { alarms: await toAlarms(ctx, rows), paging: { page: query.page, limit: query.limit, totalCount: total } };
    },
    get: async (ctx: SignedInContext, id: string) => ({ alarm: await load(ctx, id) }),
    create: (ctx: SignedInContext, body: AlarmBody) => save(ctx, body),
    update: (ctx: SignedInContext, id: string, body: AlarmBody) => save(ctx, body, id),

    async setEnabled(ctx: SignedInContext, id: string, enabled: boolean) {
      const scope = scopeOf(ctx);
      await db.transaction(async (tx) => {
        const current = await repo.get(tx, scope, id, true);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.enabled !== enabled) await repo.setEnabled(tx, id, enabled, ctx.now(), targetMinuteOf(ctx.now()));
      });
      return { alarm: await load(ctx, id) };
    },

    async remove(ctx: SignedInContext, id: string) {
      await db.transaction(async (tx) => {
        if (!(await repo.get(tx, scopeOf(ctx), id, true))) throw new AppError('NOT_FOUND');
        await repo.remove(tx, id);
      });
      return {};
    },

    async history(ctx: SignedInContext, query: Paging & { alarmId?: string | undefined; status?: string | undefined; alarmNameLike?: string | undefined }) {
      const since = new Date(ctx.now().getTime() - ALARM_HISTORY_DAYS * DAY_MS);
      const { rows, total } = await repo.history(db, scopeOf(ctx), since, { ...query, nameLike: query.alarmNameLike });
      return {
        occurrences: rows.map((row) => ({ ...row, status: row.closedAt ? ('RESOLVED' as const) : ('FIRING' as const) })),
        paging: { page: query.page, limit: query.limit, totalCount: total },
      };
    },

    /** METRIC_LIST_FAILED ('Failed to view the metric list.') when the rollup cannot be read in time. */
    async metrics(ctx: SignedInContext, service: string | undefined) {
      const scope = projectScopeOf(ctx);
      const since = new Date(ctx.now().getTime() - ALARM_HISTORY_DAYS * DAY_MS);
      try {
        const metrics = await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(deps.metricListTimeoutMs ?? 10_000))}`));
          return repo.metrics(tx, scope.orgId, scope.projectId, since, service);
        });
        return { metrics };
      } catch (error) {
        throw new AppError('METRIC_LIST_FAILED', { extra: { reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' } });
      }
    },

    async backtest(ctx: SignedInContext, { rangeHours = ALARM_HISTORY_DAYS * 24, ...rule }: AlarmRule & { rangeHours?: number }) {
      const scope = projectScopeOf(ctx);
      const threshold = await checkRule(db, ctx, scope.orgId, scope.projectId, rule);
      const to = new Date(targetMinuteOf(ctx.now()).getTime() + 60_000);
      const from = new Date(to.getTime() - rangeHours * 3_600_000);
      const result = await backtest(db, { ...rule, orgId: scope.orgId, projectId: scope.projectId, threshold }, from, to);
      return { from: from.toISOString(), to: to.toISOString(), fireCount: result.firings.length, ...result };
    },

    async listSilences(ctx: SignedInContext) {
      const scope = scopeOf(ctx);
      return { silences: await silencesOf(db, scope.orgId, scope.projectId, ctx.now()) };
    },

    /**
     * A project's silence: one of its alarms, or a receiver group (its own or the organization's) for
     * its alarms. The organization's: an alarm of any of its projects (kept as that project's), or one
     * of the organization's receiver groups, muted for the alarms of every project (no project).
     */
    async createSilence(ctx: SignedInContext, body: SilenceBody) {
      const scope = scopeOf(ctx);
      let projectId = scope.projectId;
      if (body.alarmId) {
        const alarm = await repo.get(db, scope, body.alarmId);
        if (!alarm) throw fieldError('ALARM_TARGET_NOT_FOUND', 'body.alarmId', ctx);
        projectId = alarm.projectId;
      }
      if (body.receiverGroupId) {
        const found = scope.projectId
          ? (await existingReceiverGroups(db, scope.orgId, scope.projectId, [body.receiverGroupId])).size > 0
          : (await db.execute(sql`select 1 from notification_receiver_groups where id = ${body.receiverGroupId}::uuid and org_id = ${scope.orgId}::uuid and project_id is null`)).rows.length > 0;
        if (!found) throw fieldError('ALARM_TARGET_NOT_FOUND', 'body.receiverGroupId', ctx);
      }
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into alarm_silences (org_id, project_id, alarm_id, receiver_group_id, starts_at, ends_at, reason, created_by, created_at)
        values (${scope.orgId}::uuid, ${projectId}::uuid, ${body.alarmId ?? null}::uuid, ${body.receiverGroupId ?? null}::uuid, ${body.startsAt}, ${body.endsAt},
          ${body.reason}, ${ctx.caller.profile.name}, ${ctx.now().toISOString()})
        returning id`);
      const silence = (await silencesOf(db, scope.orgId, scope.projectId, new Date(0))).find((row) => row.silenceId === rows[0]!.id)!;
      return { silence: { ...silence, isActive: Date.parse(silence.startsAt) <= ctx.now().getTime() && ctx.now().getTime() < Date.parse(silence.endsAt) } };
    },

    async deleteSilence(ctx: SignedInContext, silenceId: string) {
      const scope = scopeOf(ctx);
      const { rows } = await db.execute<{ id: string }>(sql`
        update alarm_silences set ends_at = least(ends_at, ${ctx.now().toISOString()}::timestamptz), starts_at = least(starts_at, ${ctx.now().toISOString()}::timestamptz)
        where id = ${silenceId}::uuid and org_id = ${scope.orgId}::uuid ${scope.projectId ? sql`and project_id = ${scope.projectId}::uuid` : sql``} returning id`);
      if (rows.length === 0) throw new AppError('NOT_FOUND');
      return {};
    },
  };
}

export type AlarmsService = ReturnType<typeof createAlarmsService>;
