import {
  builtInRoleOf,
  conditionDetailOf,
  conditionProblem,
  formatResultMessage,
  isProductPermissionId,
  roleOf,
  validationMessage,
  type Lang,
  type PermissionName,
  type RoleDetail,
  type RoleGroupDetail,
  type RoleGroupRole,
  type RoleGroupSort,
  type RoleGroupSummary,
} from '@console/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { isCatalogueProductPermission } from '../../platform/policy/engine.ts';
import { isoTimeOf } from '../../platform/iso-time.ts';
import { disclosureOf } from '../../platform/personal-data.ts';
import { alarmGroupsRepository } from '../alarm-groups/alarm-groups.repository.ts';
import { receiverGroupsUseRoleGroup } from '../notifications/receiver-groups.repository.ts';
import { previewGroupChange, type HoldersAfter, type MembershipState } from './preview.ts';
import { roleGroupsRepository as repo, type GroupScope, type RoleGroupRow, type StoredGroupRole } from './role-groups.repository.ts';

/** The scope a call acts in: the organization (COMMON groups) or a project (its groups and the COMMON ones). */
export function scopeOf(ctx: SignedInContext): GroupScope {
  const grant = grantOf(ctx);
  return grant.scope === 'project' ? { kind: 'project', orgId: grant.orgId, projectId: grant.projectId } : { kind: 'common', orgId: grant.orgId };
}

/** The role of a group as answers show it, named in the caller's language. */
export function roleDetailOf(role: StoredGroupRole, lang: Lang): RoleDetail {
  const builtIn = builtInRoleOf(role.roleId);
  const base = builtIn
    ? roleOf(builtIn, lang)
    : isProductPermissionId(role.roleId)
      ? // A product permission named on its own (Email:Project.Product.Get): a service's permission.
        { category: 'PROJECT_SERVICE_ROLE' as const, categoryTypeCode: 'PERMISSION' as const, categoryKey: 'PROJECT', roleId: role.roleId, roleName: role.roleId, description: '', roleProperties: [] }
      : { category: 'PROJECT_ROLE' as const, categoryTypeCode: 'ROLE' as const, categoryKey: 'PROJECT', roleId: role.roleId, roleName: role.roleId, description: '', roleProperties: [] };
  return { ...base, denialSetting: role.denialSetting, conditions: role.conditions.map((condition) => conditionDetailOf(condition, lang)) };
}

/**
 * Whether an alarm group (modules/alarm-groups) or a notification receiver group (modules/notifications)
 * uses the role group (ROLE_GROUP_USED_BY_ALARM_GROUP).
 */
export async function usedByAlarmGroups(db: Executor, orgId: string, roleGroupId: string): Promise<boolean> {
  return (await receiverGroupsUseRoleGroup(db, orgId, roleGroupId)) || (await alarmGroupsRepository.roleGroupTargeted(db, orgId, roleGroupId));
}

/** INVALID_CONDITION_DATA_TYPE / CONDITION_VALUES_EXIST for the first condition whose values do not fit, with the field it is in. */
function assertConditions(roles: readonly RoleGroupRole[], lang: Lang) {
  // A product permission must name a product of the catalogue (the schema checked its form).
  roles.forEach((role, roleIndex) => {
    if (isProductPermissionId(role.roleId) && !isCatalogueProductPermission(role.roleId)) {
      throw new AppError('INVALID_PARAMETER', {
        fieldErrors: [{ field: `body.roles.${roleIndex}.roleId`, message: validationMessage('validation.roleGroup.roleNotAllowed', lang) }],
      });
    }
  });
  roles.forEach((role, roleIndex) => {
    role.conditions.forEach((condition, conditionIndex) => {
      const problem = conditionProblem(condition);
      if (problem) {
        throw new AppError(problem, {
          fieldErrors: [{ field: `body.roles.${roleIndex}.conditions.${conditionIndex}.attributeValues`, message: formatResultMessage(problem, lang) }],
        });
      }
    });
  });
}

const storedRolesOf = (roles: readonly RoleGroupRole[]): StoredGroupRole[] =>
  roles.map((role) => ({ roleId: role.roleId, denialSetting: role.denialSetting, conditions: role.conditions }));

/** PERMISSION_DENIED for a permission the request lacks, with the route check's details (the request's bound view). */
const denied = (authorizer: Authorizer, ctx: SignedInContext, permission: PermissionName) => authorizer.permissionDenied(grantOf(ctx), [permission]);

export interface RoleGroupInput {
  roleGroupName: string;
  description: string;
  roles: RoleGroupRole[];
}

/** The states of every membership of some projects, for the preview and the PROJECT_MEMBERS_WITHOUT_ROLES checks. */
export async function membershipStates(db: Executor, orgId: string, projectIds: readonly string[]): Promise<MembershipState[]> {
  const rows = await repo.memberships(db, orgId, projectIds);
  const groups = await repo.groupsOfMemberships(
    db,
    orgId,
    rows.map((row) => row.projectMemberId),
  );
  return rows.map((row) => ({
    projectMemberId: row.projectMemberId,
    projectMemberUuid: (row.memberId ?? row.iamMemberId)!,
    memberType: row.iamMemberId ? 'IAM' : 'TOAST_CLOUD',
    projectId: row.projectId,
    projectName: row.projectName,
    name: row.name,
    email: row.email,
    orgRoles: row.orgRoleCode ? [row.orgRoleCode] : [],
    projectRoles: [...(row.memberId !== null && row.memberId === row.projectOwnerMemberId ? ['OWNER'] : []), ...row.roleCodes.filter((role) => role !== 'OWNER')],
    groupIds: groups.get(row.projectMemberId) ?? [],
  }));
}

/**
 * A group the scope may see (another scope's or organization's: NOT_FOUND); for a change, not a COMMON
 * group from a project: PERMISSION_DENIED naming Organization.RoleGroup.Update/Delete, the organization call's
 * permission (whoever holds it changes common groups there), with the details of the request's view.
 */
async function groupInScope(
  tx: Executor,
  scope: GroupScope,
  roleGroupId: string,
  change?: { action: 'Update' | 'Delete'; authorizer: Authorizer; ctx: SignedInContext },
) {
  const row = await repo.find(tx, scope.orgId, roleGroupId);
  if (!row) throw new AppError('NOT_FOUND');
  if (scope.kind === 'common' && row.projectId !== null) throw new AppError('NOT_FOUND');
  if (scope.kind === 'project' && row.projectId !== null && row.projectId !== scope.projectId) throw new AppError('NOT_FOUND');
  if (change && scope.kind === 'project' && row.typeCode === 'COMMON') {
    throw await denied(change.authorizer, change.ctx, `Organization.RoleGroup.${change.action}`);
  }
  return row;
}

/** Whether the caller may change the group here, by the request's bound view. */
function editable(ctx: SignedInContext, row: RoleGroupRow): boolean {
  const { view, scope } = grantOf(ctx);
  if (scope === 'org') return view.has('Organization.RoleGroup.Update');
  return row.typeCode === 'PROJECT' && view.has('Project.RoleGroup.Update');
}

type GroupCounts = ReadonlyMap<string, { roleCount: number; memberCount: number }>;

/** Groups as summaries; their role and holder counts read here unless the list already read them. */
async function summaries(tx: Executor, ctx: SignedInContext, scope: GroupScope, rows: readonly RoleGroupRow[], counts?: GroupCounts): Promise<RoleGroupSummary[]> {
  const ids = rows.map((row) => row.id);
  const roleCounts = counts ? new Map([...counts].map(([id, each]) => [id, each.roleCount])) : await repo.roleCounts(tx, ids);
  const memberCounts = counts
    ? new Map([...counts].map(([id, each]) => [id, each.memberCount]))
    : await repo.memberCounts(tx, ids, scope.kind === 'project' ? scope.projectId : undefined);
  return rows.map((row) => ({
    roleGroupId: row.id,
    roleGroupName: row.name,
    description: row.description,
    typeCode: row.typeCode,
    orgId: row.orgId,
    projectId: row.projectId,
    roleCount: roleCounts.get(row.id) ?? 0,
    memberCount: memberCounts.get(row.id) ?? 0,
    regDateTime: isoTimeOf(row.createdAt),
    modDateTime: isoTimeOf(row.updatedAt),
    editable: editable(ctx, row),
  }));
}

/**
 * A group as answered after a change. `created`: a group this transaction created, with the roles
 * its insert returned — it has no holder yet (no other transaction can name it before it commits,
 * and a creation gives none), so nothing is read back.
 */
async function detail(tx: Executor, ctx: SignedInContext, scope: GroupScope, row: RoleGroupRow, created?: { roles: readonly StoredGroupRole[] }): Promise<RoleGroupDetail> {
  const [summary] = await summaries(tx, ctx, scope, [row], created ? new Map([[row.id, { roleCount: created.roles.length, memberCount: 0 }]]) : undefined);
  const roles = created ? created.roles : ((await repo.roles(tx, [row.id])).get(row.id) ?? []);
  const holders = created ? [] : await repo.holders(tx, scope.orgId, [row.id], scope.kind === 'project' ? scope.projectId : undefined);
  // People's data in plain only for callers who may list the members here (or about themselves).
  const disclose = disclosureOf(ctx.caller, [grantOf(ctx).view]);
  return {
    ...summary!,
    roles: roles.map((role) => roleDetailOf(role, ctx.lang)),
    members: holders.map((holder) => {
      const person = { kind: holder.iamMemberId ? 'IAM' : 'TOAST_CLOUD', id: holder.memberId ?? holder.iamMemberId } as const;
      return {
        projectMemberUuid: person.id!,
        memberType: person.kind,
        userCode: holder.iamMemberId && holder.userCode !== null ? disclose.userCode(holder.userCode, person) : null,
        email: disclose.email(holder.email, person),
        name: disclose.name(holder.name, person),
        projectId: holder.projectId,
        projectName: holder.projectName,
      };
    }),
  };
}

/** DUPLICATE_ROLE_GROUP, said next to the name field. */
const duplicateName = (ctx: SignedInContext) =>
  new AppError('DUPLICATE_ROLE_GROUP', {
    fieldErrors: [{ field: 'body.roleGroupName', message: formatResultMessage('DUPLICATE_ROLE_GROUP', ctx.lang) }],
  });

async function assertNameFree(tx: Executor, ctx: SignedInContext, scope: GroupScope, name: string, exceptId?: string) {
  if (await repo.nameTaken(tx, scope.orgId, name, scope.kind === 'project' ? scope.projectId : null, exceptId)) throw duplicateName(ctx);
}

const duplicateOnUnique = (ctx: SignedInContext) => (error: unknown) => {
  if (isUniqueViolation(error, 'role_groups_common_name_key') || isUniqueViolation(error, 'role_groups_project_name_key')) throw duplicateName(ctx);
  throw error;
};

export function createRoleGroupsService(deps: { db: Database; authorizer: Authorizer }) {
  const { db, authorizer } = deps;

  return {
    async list(ctx: SignedInContext, query: { page: number; limit: number; sort: RoleGroupSort; nameLike: string | undefined }) {
      const scope = scopeOf(ctx);
      const { rows, counts, totalCount } = await repo.list(db, scope, query.nameLike, query.sort, query.page, query.limit);
      return { roleGroups: await summaries(db, ctx, scope, rows, counts), paging: { page: query.page, limit: query.limit, totalCount } };
    },

    async get(ctx: SignedInContext, roleGroupId: string) {
      const scope = scopeOf(ctx);
      const row = await groupInScope(db, scope, roleGroupId);
      return { roleGroup: await detail(db, ctx, scope, row) };
    },

    async create(ctx: SignedInContext, input: RoleGroupInput) {
      assertConditions(input.roles, ctx.lang);
      const scope = scopeOf(ctx);
      return db
        .transaction(async (tx) => {
          // The name, not the organization: creations of other names go side by side (repository lockName).
          await repo.lockName(tx, scope.orgId, input.roleGroupName);
          const now = ctx.now();
          // The name's check, the group and its roles: one statement.
          const inserted = await repo.insertWithRolesIfNameFree(
            tx,
            {
              orgId: scope.orgId,
              projectId: scope.kind === 'project' ? scope.projectId : null,
              typeCode: scope.kind === 'project' ? 'PROJECT' : 'COMMON',
              name: input.roleGroupName,
              description: input.description,
              createdByMemberId: ctx.caller?.memberType === 'TOAST_CLOUD' ? ctx.caller.uuid : null,
              createdAt: now,
              updatedAt: now,
            },
            storedRolesOf(input.roles),
          );
          if (inserted.taken) throw duplicateName(ctx);
          const { row, roles } = inserted;
          return { roleGroup: await detail(tx, ctx, scope, row, { roles }) };
        })
        .catch(duplicateOnUnique(ctx));
    },

    async update(ctx: SignedInContext, roleGroupId: string, input: RoleGroupInput) {
      const scope = scopeOf(ctx);
      return db
        .transaction(async (tx) => {
          // The new name first (a creation of it waits, and then sees it), then the organization.
          await repo.lockName(tx, scope.orgId, input.roleGroupName);
          await repo.lockOrg(tx, scope.orgId);
          const row = await groupInScope(tx, scope, roleGroupId, { action: 'Update', authorizer, ctx });
          assertConditions(input.roles, ctx.lang);
          await assertNameFree(tx, ctx, scope.kind === 'project' && row.typeCode === 'PROJECT' ? scope : { kind: 'common', orgId: scope.orgId }, input.roleGroupName, row.id);
          const now = ctx.now();
          await repo.update(tx, scope.orgId, row.id, { name: input.roleGroupName, description: input.description, updatedAt: now });
          await repo.replaceRoles(tx, scope.orgId, row.id, storedRolesOf(input.roles));
          return { roleGroup: await detail(tx, ctx, scope, { ...row, name: input.roleGroupName, description: input.description, updatedAt: now }) };
        })
        .catch(duplicateOnUnique(ctx));
    },

    /**
     * Deletes a group: not while an alarm or receiver group uses it (ROLE_GROUP_USED_BY_ALARM_GROUP), not one the caller
     * holds (ROLE_GROUP_HOLDS_OWN_ACCOUNT), not when a holder would be left without any role or group (PROJECT_MEMBERS_WITHOUT_ROLES).
     */
    async remove(ctx: SignedInContext, roleGroupId: string) {
      const scope = scopeOf(ctx);
      await db.transaction(async (tx) => {
        await repo.lockOrg(tx, scope.orgId);
        const row = await groupInScope(tx, scope, roleGroupId, { action: 'Delete', authorizer, ctx });
        if (await usedByAlarmGroups(tx, scope.orgId, row.id)) throw new AppError('ROLE_GROUP_USED_BY_ALARM_GROUP');
        const holders = await repo.holders(tx, scope.orgId, [row.id]);
        const callerId = ctx.caller?.uuid;
        if (holders.some((holder) => (holder.memberId ?? holder.iamMemberId) === callerId)) throw new AppError('ROLE_GROUP_HOLDS_OWN_ACCOUNT');
        const groupsOf = await repo.groupsOfMemberships(
          tx,
          scope.orgId,
          holders.map((holder) => holder.projectMemberId),
        );
        const stranded = holders.some(
          (holder) => holder.roleCodes.length === 0 && (groupsOf.get(holder.projectMemberId) ?? []).every((id) => id === row.id),
        );
        if (stranded) throw new AppError('PROJECT_MEMBERS_WITHOUT_ROLES');
        await repo.delete(tx, scope.orgId, row.id);
      });
      return { roleGroupId };
    },

    /**
     * What saving the group as sent would change for every member holding it (conditions ignored);
     * in a project, with `projectMemberUuids` (who holds it after the save, as `setMembers` will be
     * sent them), for every member it is given to or taken from too. Each must be a member of the
     * project (PROJECT_MEMBER_NOT_FOUND, as `setMembers` answers).
     */
    async preview(ctx: SignedInContext, input: RoleGroupInput & { roleGroupId?: string | undefined; projectMemberUuids?: readonly string[] | undefined }) {
      assertConditions(input.roles, ctx.lang);
      const scope = scopeOf(ctx);
      const after = storedRolesOf(input.roles);
      const row = input.roleGroupId ? await groupInScope(db, scope, input.roleGroupId, { action: 'Update', authorizer, ctx }) : undefined;
      let holdersAfter: HoldersAfter | undefined;
      if (input.projectMemberUuids && scope.kind === 'project') {
        const accountIds = input.projectMemberUuids;
        const wanted = await repo.membershipsByAccount(db, scope.orgId, scope.projectId, accountIds);
        const found = new Set(wanted.flatMap((membership) => [membership.memberId, membership.iamMemberId]));
        if (accountIds.some((id) => !found.has(id))) throw new AppError('PROJECT_MEMBER_NOT_FOUND');
        holdersAfter = { projectId: scope.projectId, projectMemberIds: new Set(wanted.map((membership) => membership.projectMemberId)) };
      }
      if (!row && !holdersAfter) return previewGroupChange([], undefined, new Map(), after);
      const holders = row ? await repo.holders(db, scope.orgId, [row.id]) : [];
      const projectIds = [...new Set([...holders.map((holder) => holder.projectId), ...(holdersAfter ? [holdersAfter.projectId] : [])])];
      const states = await membershipStates(db, scope.orgId, projectIds);
      const groupIds = [...new Set(states.flatMap((state) => state.groupIds))];
      const before = await repo.roles(db, groupIds);
      const preview = previewGroupChange(states, row?.id, before, after, holdersAfter);
      // People's data in plain only for callers who may list the members here (or about themselves).
      const disclose = disclosureOf(ctx.caller, [grantOf(ctx).view]);
      const kinds = new Map(states.map((state) => [state.projectMemberUuid, state.memberType]));
      return {
        ...preview,
        members: preview.members.map((member) => {
          const person = { kind: kinds.get(member.projectMemberUuid) ?? 'TOAST_CLOUD', id: member.projectMemberUuid };
          return { ...member, name: disclose.name(member.name, person), email: disclose.email(member.email, person) };
        }),
      };
    },

    /**
     * Sets which members of the project hold a group, all or nothing: every id must be a member
     * of the project (PROJECT_MEMBER_NOT_FOUND); a member taken out who would hold no role and no group is refused (PROJECT_MEMBERS_WITHOUT_ROLES).
     */
    async setMembers(ctx: SignedInContext, roleGroupId: string, accountIds: readonly string[]) {
      const scope = scopeOf(ctx);
      if (scope.kind !== 'project') throw new Error('setMembers: a project route');
      return db.transaction(async (tx) => {
        await repo.lockOrg(tx, scope.orgId);
        const project = await repo.findProject(tx, scope.orgId, scope.projectId);
        if (!project) throw new AppError('PROJECT_NOT_EXIST');
        const row = await groupInScope(tx, scope, roleGroupId);
        const wanted = await repo.membershipsByAccount(tx, scope.orgId, scope.projectId, accountIds);
        const found = new Set(wanted.flatMap((membership) => [membership.memberId, membership.iamMemberId]));
        if (accountIds.some((id) => !found.has(id))) throw new AppError('PROJECT_MEMBER_NOT_FOUND');
        const current = await repo.holders(tx, scope.orgId, [row.id], scope.projectId);
        const keep = new Set(wanted.map((membership) => membership.projectMemberId));
        const leaving = current.filter((holder) => !keep.has(holder.projectMemberId));
        const joining = wanted.filter((membership) => !current.some((holder) => holder.projectMemberId === membership.projectMemberId));
        const touchesIam = [...leaving, ...joining].some((membership) => membership.iamMemberId !== null);
        if (touchesIam) await authorizer.requirePermissions(grantOf(ctx), ['Project.Member.Iam.Update']);
        const groupsOf = await repo.groupsOfMemberships(
          tx,
          scope.orgId,
          leaving.map((holder) => holder.projectMemberId),
        );
        if (leaving.some((holder) => holder.roleCodes.length === 0 && (groupsOf.get(holder.projectMemberId) ?? []).every((id) => id === row.id))) {
          throw new AppError('PROJECT_MEMBERS_WITHOUT_ROLES');
        }
        await repo.setHoldersInProject(tx, scope.orgId, scope.projectId, row.id, [...keep], ctx.now());
        return { roleGroup: await detail(tx, ctx, scope, row) };
      });
    },
  };
}

export type RoleGroupsService = ReturnType<typeof createRoleGroupsService>;
