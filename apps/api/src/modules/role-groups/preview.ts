/**
 * What a member holds in a project from built-in roles and role groups, with every condition
 * ignored (the preview's reading; the policy engine evaluates conditions per request): the
 * engine's compile with the conditions dropped (platform/authz.ts) — built-in roles' project
 * permissions, plus the ALLOW roles of the member's groups, minus their DENY roles (deny wins).
 */
import { PROJECT_ADMIN_ROLE_ID, type PermissionName } from '@console/contracts';
import { projectPermissionsIgnoringConditions } from '../../platform/authz.ts';
import type { StoredGroupRole } from './role-groups.repository.ts';

export interface MembershipState {
  readonly projectMemberId: string;
  readonly projectMemberUuid: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly name: string;
  readonly email: string;
  /** The account's organization roles (none for IAM accounts without one). */
  readonly orgRoles: readonly string[];
  /** Stored project roles, plus OWNER for the project's owner. */
  readonly projectRoles: readonly string[];
  readonly groupIds: readonly string[];
}

export type GroupRoles = ReadonlyMap<string, readonly StoredGroupRole[]>;

export function projectPermissionsOf(state: MembershipState, groups: GroupRoles): Set<PermissionName> {
  const groupRoles = state.groupIds.flatMap((groupId) => groups.get(groupId) ?? []);
  return projectPermissionsIgnoringConditions(state.orgRoles, state.projectRoles, groupRoles);
}

/** Whether a member holds ADMIN in the project: the built-in role, or an unconditional ALLOW ADMIN of one of their groups. */
export function holdsAdmin(state: MembershipState, groups: GroupRoles): boolean {
  if (state.projectRoles.includes('ADMIN')) return true;
  return state.groupIds.some((groupId) =>
    (groups.get(groupId) ?? []).some((role) => role.roleId === PROJECT_ADMIN_ROLE_ID && role.denialSetting === 'ALLOW' && role.conditions.length === 0),
  );
}

export interface PreviewResult {
  conditionsIgnored: true;
  members: { projectMemberUuid: string; name: string; email: string; projectId: string; projectName: string; gained: PermissionName[]; lost: PermissionName[] }[];
  warnings: { code: 'PROJECT_WITHOUT_ADMIN'; projectId: string; projectName: string }[];
}

/**
 * For every holder of `roleGroupId`: what they gain and lose when the group's roles change from
 * `before` to `after`; and each project (of the memberships given) that had a member holding ADMIN
 * and would have none.
 */
export function previewGroupChange(
  memberships: readonly MembershipState[],
  roleGroupId: string | undefined,
  before: GroupRoles,
  afterRoles: readonly StoredGroupRole[],
): PreviewResult {
  const after = new Map(before);
  if (roleGroupId) after.set(roleGroupId, afterRoles);
  const holders = roleGroupId ? memberships.filter((state) => state.groupIds.includes(roleGroupId)) : [];
  const members = holders.map((state) => {
    const was = projectPermissionsOf(state, before);
    const will = projectPermissionsOf(state, after);
    return {
      projectMemberUuid: state.projectMemberUuid,
      name: state.name,
      email: state.email,
      projectId: state.projectId,
      projectName: state.projectName,
      gained: [...will].filter((permission) => !was.has(permission)).sort(),
      lost: [...was].filter((permission) => !will.has(permission)).sort(),
    };
  });
  const warnings: PreviewResult['warnings'] = [];
  const affectedProjects = new Map(holders.map((state) => [state.projectId, state.projectName]));
  for (const [projectId, projectName] of affectedProjects) {
    const inProject = memberships.filter((state) => state.projectId === projectId);
    const hadAdmin = inProject.some((state) => holdsAdmin(state, before));
    const keepsAdmin = inProject.some((state) => holdsAdmin(state, after));
    if (hadAdmin && !keepsAdmin) warnings.push({ code: 'PROJECT_WITHOUT_ADMIN', projectId, projectName });
  }
  return { conditionsIgnored: true, members, warnings };
}
