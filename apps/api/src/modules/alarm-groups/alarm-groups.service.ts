import {
  formatResultMessage,
  ORG_ROLE_CATALOGUE,
  PROJECT_ROLE_CATALOGUE,
  type AlarmGroup,
  type AlarmGroupBody,
  type AlarmTarget,
  type RoleAlarmTarget,
} from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { disclosureOf } from '../../platform/personal-data.ts';
import { alarmGroupsRepository as repo, type AlarmGroupRow, type AlarmScope, type TargetRow } from './alarm-groups.repository.ts';

export function alarmScopeOf(ctx: SignedInContext): AlarmScope {
  const grant = grantOf(ctx);
  return { orgId: grant.orgId, projectId: grant.scope === 'project' ? grant.projectId : null };
}

type ListQuery = { page: number; limit: number; sort: string };

const nameTaken = (ctx: SignedInContext) =>
  new AppError('ALARM_GROUP_NAME_EXISTS', { fieldErrors: [{ field: 'body.alarmGroupName', message: formatResultMessage('ALARM_GROUP_NAME_EXISTS', ctx.lang) }] });

/** Alarm groups (spec §3 "Alarm group"; §7 v6 alarm-groups, members and roles lookups; §8 deletion refusals). */
export function createAlarmGroupsService(deps: { db: Database }) {
  const { db } = deps;

  /** The roles and role groups the scope's groups may target, named in the caller's language. */
  async function roleTargets(ctx: SignedInContext, scope: AlarmScope): Promise<RoleAlarmTarget[]> {
    const catalogue = scope.projectId === null ? ORG_ROLE_CATALOGUE : PROJECT_ROLE_CATALOGUE;
    const roles: RoleAlarmTarget[] = catalogue
      .filter((role) => role.roleName !== 'NONE')
      .map((role) => ({ category: role.category, categoryKey: role.categoryKey, categoryTypeCode: 'ROLE', roleId: role.roleId, roleName: role.names[ctx.lang] }));
    const groups = await repo.roleGroups(db, scope);
    for (const group of groups) {
      roles.push({
        category: group.typeCode === 'COMMON' ? 'ORG_ROLE_GROUP' : 'PROJECT_ROLE_GROUP',
        categoryKey: group.projectId ?? scope.orgId,
        categoryTypeCode: 'ROLE_GROUP',
        roleId: group.id,
        roleName: group.name,
      });
    }
    return roles;
  }

  async function toGroups(ctx: SignedInContext, scope: AlarmScope, rows: readonly AlarmGroupRow[]): Promise<AlarmGroup[]> {
    const targets = await repo.targets(db, rows.map((row) => row.id));
    const memberIds = [...new Set(targets.filter((target) => target.targetType === 'MEMBER').map((target) => target.targetId))];
    const names = new Map<string, string>();
    if (memberIds.length > 0) {
      const disclosure = disclosureOf(ctx.caller, [grantOf(ctx).view]);
      const { rows: members } = await repo.members(db, scope, { page: 1, limit: 100_000, sort: 'name,asc' });
      for (const member of members) {
        if (memberIds.includes(member.memberId)) names.set(member.memberId, disclosure.name(member.name, { kind: member.memberTypeCode, id: member.memberId, email: member.email }));
      }
    }
    for (const role of await roleTargets(ctx, scope)) names.set(role.roleId, role.roleName);
    const byGroup = new Map<string, TargetRow[]>();
    for (const target of targets) byGroup.set(target.alarmGroupId, [...(byGroup.get(target.alarmGroupId) ?? []), target]);
    return rows.map((row) => ({
      alarmGroupId: row.id,
      alarmGroupName: row.name,
      description: row.description,
      isDefault: row.isDefault,
      alarmCount: row.alarmCount,
      regDateTime: row.createdAt,
      modDateTime: row.updatedAt,
      targets: (byGroup.get(row.id) ?? []).map((target): AlarmTarget => ({ targetType: target.targetType, targetId: target.targetId, targetName: names.get(target.targetId) ?? '' })),
    }));
  }

  /** ALARM_TARGET_NOT_FOUND next to the first target the scope does not know. */
  async function assertTargets(ctx: SignedInContext, scope: AlarmScope, targets: AlarmGroupBody['targets']) {
    const members = await repo.existingMembers(db, scope, targets.filter((target) => target.targetType === 'MEMBER').map((target) => target.targetId));
    const roles = await roleTargets(ctx, scope);
    const known = (target: AlarmGroupBody['targets'][number]) =>
      target.targetType === 'MEMBER'
        ? members.has(target.targetId)
        : roles.some((role) => role.roleId === target.targetId && role.categoryTypeCode === target.targetType);
    const index = targets.findIndex((target) => !known(target));
    if (index >= 0) {
      throw new AppError('ALARM_TARGET_NOT_FOUND', { fieldErrors: [{ field: `body.targets.${index}.targetId`, message: formatResultMessage('ALARM_TARGET_NOT_FOUND', ctx.lang) }] });
    }
  }

  async function save(ctx: SignedInContext, body: Required<AlarmGroupBody>, id?: string): Promise<AlarmGroup> {
    const scope = alarmScopeOf(ctx);
    await assertTargets(ctx, scope, body.targets);
    try {
      const savedId = await db.transaction(async (tx) => {
        const values = { name: body.alarmGroupName, description: body.description, isDefault: body.isDefault, now: ctx.now() };
        if (id) {
          if (!(await repo.get(tx, scope, id, true))) throw new AppError('NOT_FOUND');
          await repo.update(tx, scope, id, values);
        }
        const groupId = id ?? (await repo.insert(tx, scope, values));
        await repo.replaceTargets(tx, scope.orgId, groupId, body.targets);
        return groupId;
      });
      return (await toGroups(ctx, scope, [(await repo.get(db, scope, savedId))!]))[0]!;
    } catch (error) {
      if (isUniqueViolation(error, 'alarm_groups_name')) throw nameTaken(ctx);
      throw error;
    }
  }

  return {
    async list(ctx: SignedInContext, query: ListQuery & { alarmGroupNameLike?: string | undefined }) {
      const scope = alarmScopeOf(ctx);
      const { rows, total } = await repo.list(db, scope, { nameLike: query.alarmGroupNameLike, page: query.page, limit: query.limit, sort: query.sort });
      return { alarmGroups: await toGroups(ctx, scope, rows), paging: { page: query.page, limit: query.limit, totalCount: total } };
    },

    async get(ctx: SignedInContext, id: string) {
      const scope = alarmScopeOf(ctx);
      const row = await repo.get(db, scope, id);
      if (!row) throw new AppError('NOT_FOUND');
      return { alarmGroup: (await toGroups(ctx, scope, [row]))[0]! };
    },

    create: async (ctx: SignedInContext, body: Required<AlarmGroupBody>) => ({ alarmGroup: await save(ctx, body) }),
    update: async (ctx: SignedInContext, id: string, body: Required<AlarmGroupBody>) => ({ alarmGroup: await save(ctx, body, id) }),

    /** Refuses the default group (ALARM_GROUP_IS_DEFAULT) and a group an alarm sends to (ALARM_GROUP_IN_USE). */
    async remove(ctx: SignedInContext, id: string) {
      const scope = alarmScopeOf(ctx);
      await db.transaction(async (tx) => {
        const row = await repo.get(tx, scope, id, true);
        if (!row) throw new AppError('NOT_FOUND');
        if (row.isDefault) throw new AppError('ALARM_GROUP_IS_DEFAULT');
        if (row.alarmCount > 0) throw new AppError('ALARM_GROUP_IN_USE', { params: { count: row.alarmCount } });
        await repo.remove(tx, scope, id);
      });
      return {};
    },

    async members(ctx: SignedInContext, query: ListQuery & { memberTypeCode?: string | undefined; emailLike?: string | undefined; nameLike?: string | undefined; idLike?: string | undefined }) {
      const scope = alarmScopeOf(ctx);
      const disclosure = disclosureOf(ctx.caller, [grantOf(ctx).view]);
      // A caller who may not list members cannot search by their email, name or ID either (a search
      // that answers "found" would tell what the masked values are): those filters apply only to those who may.
      const searchable = disclosure.all ? query : { ...query, emailLike: undefined, nameLike: undefined, idLike: undefined };
      const { rows, total } = await repo.members(db, scope, searchable);
      return {
        members: rows.map((row) => {
          const person = { kind: row.memberTypeCode, id: row.memberId, email: row.email };
          return {
            memberId: row.memberId,
            memberTypeCode: row.memberTypeCode,
            id: row.memberTypeCode === 'IAM' ? disclosure.userCode(row.id, person) : disclosure.email(row.id, person),
            name: disclosure.name(row.name, person),
            email: disclosure.email(row.email, person),
          };
        }),
        paging: { page: query.page, limit: query.limit, totalCount: total },
      };
    },

    async roles(ctx: SignedInContext, query: ListQuery & { categoryTypeCode?: 'ROLE' | 'ROLE_GROUP' | undefined; categoryKey?: string | undefined; categoryKeys?: string[] | undefined; roleNameLike?: string | undefined }) {
      const scope = alarmScopeOf(ctx);
      const keys = [...(query.categoryKeys ?? []), ...(query.categoryKey ? [query.categoryKey] : [])];
      const needle = query.roleNameLike?.toLowerCase();
      const matched = (await roleTargets(ctx, scope))
        .filter((role) => !query.categoryTypeCode || role.categoryTypeCode === query.categoryTypeCode)
        .filter((role) => keys.length === 0 || keys.includes(role.categoryKey))
        .filter((role) => !needle || role.roleName.toLowerCase().includes(needle))
        .sort((a, b) => (query.sort === 'roleName,desc' ? -1 : 1) * a.roleName.localeCompare(b.roleName, ctx.lang));
      return { roles: matched.slice((query.page - 1) * query.limit, query.page * query.limit), totalCount: matched.length };
    },
  };
}

export type AlarmGroupsService = ReturnType<typeof createAlarmGroupsService>;
