import { ORG_ROLE_NAMES, type PermissionName, type RoleCondition } from '@console/contracts';
import type { HeldGroupRoleRow, MemberRef } from './authz.repository.ts';
import type { Caller, Grant, HeldRole, HeldRoleGroup, RequestContext } from './context.ts';
import type { RequestAttributes } from './policy/conditions.ts';
import { bindPolicy, compilePolicy, type CompiledPolicy, type GroupRoleInput, type PolicyView } from './policy/engine.ts';

/**
 * The engine's views of a caller built from what is already loaded — no query, no cache: the
 * organization view, a project's view bound to a request, the roles and role groups a grant
 * reports. `authz.ts` (the authorizer) reads and keeps the rows, and decides with these.
 */

/** The request attributes of a check without a request (organization scope evaluates no condition). */
export const NO_REQUEST: RequestAttributes = { now: 0, clientIp: '', userAgent: '', referer: '', projectId: undefined, timeZone: 'UTC' };

/**
 * The engine's view of a caller's organization roles in their organization, from roles already
 * loaded (no query). Organization-scoped checks use no role groups and evaluate no condition, so
 * this is what `orgGrant` decides with, for services asking about organizations other than the
 * route's (member profiles) or about many at once.
 */
export const orgViewOf = (orgRoles: readonly string[], attributes: RequestAttributes = NO_REQUEST): PolicyView =>
  bindPolicy(compilePolicy({ orgRoles, projectRoles: undefined, groupRoles: [] }), attributes);

/** Organization roles whose holders see every project of the organization (Organization.Project.List). */
export const ORG_ROLES_SEEING_ALL_PROJECTS: readonly string[] = ORG_ROLE_NAMES.filter((role) => orgViewOf([role]).has('Organization.Project.List'));

/** The caller as a project-membership filter. */
export const memberRefOf = (caller: Caller): MemberRef =>
  caller.memberType === 'IAM' ? { kind: 'iam', iamMemberId: caller.uuid } : { kind: 'member', memberId: caller.uuid };

/**
 * A caller's project roles: the stored ones, plus OWNER for the project's owner (projectOwnerId
 * is a cloud member; OWNER is never stored).
 */
export function projectRolesOf(caller: Caller, project: { ownerMemberId: string }, stored: readonly string[] | undefined) {
  const isOwner = caller.memberType === 'TOAST_CLOUD' && project.ownerMemberId === caller.uuid;
  return [...(isOwner ? ['OWNER'] : []), ...(stored ?? []).filter((role) => role !== 'OWNER')];
}

/**
 * Whether a caller who belongs to the organization sees a project: by org permission, membership
 * or ownership. Visibility is membership: role groups and their conditions decide what the caller
 * may do in the project, not whether it exists for them.
 */
export function seesProject(orgView: Pick<PolicyView, 'has'>, projectRoles: readonly string[], stored: readonly string[] | undefined) {
  return orgView.has('Organization.Project.List') || stored !== undefined || projectRoles.includes('OWNER');
}

export const heldRoles = (category: HeldRole['category'], categoryKey: string, roles: readonly string[]): HeldRole[] =>
  roles.map((roleName) => ({ category, roleName, categoryKey }));

/** GET self/roles: what the permission check found (for this request), for the console to enable or explain actions. */
export const selfRolesOf = (grant: Grant) => ({
  roles: [...grant.roles],
  permissions: [...grant.permissions].sort(),
  roleGroups: grant.roleGroups.map((group) => ({ ...group, roles: [...group.roles] })),
});

/** The request attributes conditions read, from the request context (the injectable clock). */
export function requestAttributesOf(ctx: RequestContext, projectId: string | undefined, timeZone: string): RequestAttributes {
  return {
    now: ctx.now().getTime(),
    clientIp: ctx.clientIp,
    userAgent: ctx.userAgent,
    referer: ctx.referer,
    projectId,
    timeZone,
  };
}

const MALFORMED_CONDITION = {} as RoleCondition;

/** The stored group-role rows as the engine's input (groups without roles contribute nothing). */
export function groupRolesOf(rows: readonly HeldGroupRoleRow[]): GroupRoleInput[] {
  const roles: GroupRoleInput[] = [];
  for (const row of rows) {
    if (row.roleId === null) continue;
    roles.push({
      roleGroupId: row.roleGroupId,
      roleGroupName: row.roleGroupName,
      roleId: row.roleId,
      denialSetting: row.denialSetting ?? 'ALLOW',
      // Stored conditions that are not a list are malformed: one malformed condition makes the
      // role fail closed (an ALLOW never applies, a DENY always does), never unconditional.
      conditions: Array.isArray(row.conditions) ? row.conditions : [MALFORMED_CONDITION],
    });
  }
  return roles;
}

export function heldRoleGroupsOf(rows: readonly HeldGroupRoleRow[]): HeldRoleGroup[] {
  const groups = new Map<string, { roleGroupId: string; roleGroupName: string; typeCode: 'PROJECT' | 'COMMON'; roles: HeldRoleGroup['roles'][number][] }>();
  for (const row of rows) {
    let group = groups.get(row.roleGroupId);
    if (!group) {
      group = { roleGroupId: row.roleGroupId, roleGroupName: row.roleGroupName, typeCode: row.typeCode, roles: [] };
      groups.set(row.roleGroupId, group);
    }
    if (row.roleId !== null) {
      group.roles.push({
        roleId: row.roleId,
        denialSetting: row.denialSetting ?? 'ALLOW',
        conditionCount: Array.isArray(row.conditions) ? row.conditions.length : 0,
      });
    }
  }
  return [...groups.values()];
}

/** A caller's membership of a project as the permission queries read it (absent: not a member). */
export interface ProjectMembershipInput {
  readonly roleCodes: readonly string[];
  readonly groupRoles: readonly HeldGroupRoleRow[];
}

/**
 * The caller's view in one project, bound to the request, from data already loaded: the project
 * (its owner, its organization's time zone), the caller's organization roles there and their
 * membership with its role groups. `projectGrant` decides with it, and lists call it per row
 * after loading every row's membership in one query (`authorizer.projectViews`).
 */
export function projectViewOf(
  caller: Caller,
  project: { id: string; ownerMemberId: string; timeZone: string },
  orgRoles: readonly string[],
  membership: ProjectMembershipInput | undefined,
  ctx: RequestContext,
  alike?: Map<string, CompiledPolicy>,
): PolicyView {
  const projectRoles = projectRolesOf(caller, project, membership?.roleCodes);
  return bindPolicy(policyOf(orgRoles, projectRoles, membership?.groupRoles ?? [], alike), requestAttributesOf(ctx, project.id, project.timeZone));
}

/**
 * The compiled policy of these roles. With `alike` (a list's projects, authorizer.projectViews),
 * roles without role groups — most rows of a page: the same organization roles, no membership or
 * the same stored roles — are compiled once and shared (a compiled policy is only read by
 * bindPolicy); each project is still bound to its own request attributes.
 */
function policyOf(orgRoles: readonly string[], projectRoles: readonly string[], groupRoles: readonly HeldGroupRoleRow[], alike: Map<string, CompiledPolicy> | undefined): CompiledPolicy {
  if (!alike || groupRoles.length > 0) return compilePolicy({ orgRoles, projectRoles, groupRoles: groupRolesOf(groupRoles) });
  const key = `${orgRoles.join(',')}\n${projectRoles.join(',')}`;
  let policy = alike.get(key);
  if (!policy) alike.set(key, (policy = compilePolicy({ orgRoles, projectRoles, groupRoles: [] })));
  return policy;
}

/**
 * What a member would hold in a project with every condition ignored (the role-group preview's
 * reading, which shows what a group change does whatever the hour): the engine's compile of their
 * built-in roles and group roles with the conditions dropped — deny still wins. Project permissions only.
 */
export function projectPermissionsIgnoringConditions(
  orgRoles: readonly string[],
  projectRoles: readonly string[],
  groupRoles: readonly { roleId: string; denialSetting: 'ALLOW' | 'DENY' }[],
): Set<PermissionName> {
  const policy = compilePolicy({
    orgRoles,
    projectRoles,
    groupRoles: groupRoles.map((role) => ({ roleGroupId: '', roleGroupName: '', roleId: role.roleId, denialSetting: role.denialSetting, conditions: [] })),
  });
  const held = bindPolicy(policy, NO_REQUEST).permissions();
  for (const permission of held) if (!permission.startsWith('Project.')) held.delete(permission);
  return held;
}
