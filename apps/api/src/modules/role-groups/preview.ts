/**
 * What a member holds in a project from built-in roles and role groups, with every condition
 * ignored (the preview's reading; the policy engine evaluates conditions per request): the
 * engine's compile with the conditions dropped (platform/authz.ts) — built-in roles' project
 * permissions, plus the ALLOW roles of the member's groups, minus their DENY roles (deny wins).
 */
import { PROJECT_ADMIN_ROLE_ID, type PermissionName } from '@console/contracts';
import { projectPermissionsIgnoringConditions } from '../../platform/authz-views.ts';
import type { StoredGroupRole } from './role-groups.repository.ts';

export interface MembershipState {
  readonly projectMemberId: string;
  readonly projectMemberUuid: string;
  readonly memberType: 'TOAST_CLOUD' | 'IAM';
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

/** The key a group being added stands under in a preview (no stored group has it: ids are uuids). */
export const NEW_GROUP_KEY = 'new-group';

/** Who holds the group in one project after the save: memberships by projectMemberId. */
export interface HoldersAfter {
  readonly projectId: string;
  readonly projectMemberIds: ReadonlySet<string>;
}

/**
 * For every member holding the group before or after the save: what they gain and lose when the
 * group's roles change from `before` to `afterRoles` and, when `holdersAfter` is given, its holders
 * in that project become exactly those (a member added gains the group's permissions they did not
 * have; a member removed loses what only the group gave). Each project of those members that had a
 * member holding ADMIN and would have none after the save is warned about. `roleGroupId` undefined:
 * a group being added (it has no holders before).
 */
export function previewGroupChange(
  memberships: readonly MembershipState[],
  roleGroupId: string | undefined,
  before: GroupRoles,
  afterRoles: readonly StoredGroupRole[],
  holdersAfter?: HoldersAfter,
): PreviewResult {
  const key = roleGroupId ?? NEW_GROUP_KEY;
  const after = new Map(before);
  after.set(key, afterRoles);
  const afterStates = memberships.map((state): MembershipState => {
    if (!holdersAfter || state.projectId !== holdersAfter.projectId) return state;
    const others = state.groupIds.filter((groupId) => groupId !== key);
    return { ...state, groupIds: holdersAfter.projectMemberIds.has(state.projectMemberId) ? [...others, key] : others };
  });
  const affected = memberships
    .map((state, index) => ({ state, next: afterStates[index]! }))
    .filter(({ state, next }) => state.groupIds.includes(key) || next.groupIds.includes(key));
  const members = affected.map(({ state, next }) => {
    const was = projectPermissionsOf(state, before);
    const will = projectPermissionsOf(next, after);
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
  const affectedProjects = new Map(affected.map(({ state }) => [state.projectId, state.projectName]));
  for (const [projectId, projectName] of affectedProjects) {
    const hadAdmin = memberships.some((state) => state.projectId === projectId && holdsAdmin(state, before));
    const keepsAdmin = afterStates.some((state) => state.projectId === projectId && holdsAdmin(state, after));
    if (hadAdmin && !keepsAdmin) warnings.push({ code: 'PROJECT_WITHOUT_ADMIN', projectId, projectName });
  }
  return { conditionsIgnored: true, members, warnings };
}
