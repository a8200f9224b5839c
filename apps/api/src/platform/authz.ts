import {
  BUILT_IN_ORG_ROLES,
  ORG_ROLE_NAMES,
  permissionsOfBuiltInRoles,
  rolesGranting,
  type OrgPermissionAccess,
  type PermissionName,
  type ProjectPermissionAccess,
} from '@console/contracts';
import type { Database } from '../db/client.ts';
import { authzRepository as repo, type MemberRef } from './authz.repository.ts';
import type { Caller, Grant, HeldRole } from './context.ts';
import { AppError } from './errors.ts';

/** Roles a caller holds in one organization, and in one of its projects when the call names one. */
export interface RoleAssignment {
  readonly orgRoles: readonly string[];
  /** Undefined for an organization-scoped call. */
  readonly projectRoles: readonly string[] | undefined;
}

/**
 * THE role → permission resolution. Today: the built-in roles of contracts `permissions.ts`,
 * with the organization roles that hold every project permission (OWNER, ADMIN). The roles issue
 * extends this one function with role groups, conditions and deny rules.
 */
export function resolvePermissions(assignment: RoleAssignment): Set<PermissionName> {
  return permissionsOfBuiltInRoles(assignment.orgRoles, assignment.projectRoles);
}

/** Organization roles whose holders see every project of the organization (Organization.Project.List). */
export const ORG_ROLES_SEEING_ALL_PROJECTS: readonly string[] = ORG_ROLE_NAMES.filter((role) =>
  (BUILT_IN_ORG_ROLES[role] as readonly string[]).includes('Organization.Project.List'),
);

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

/** Whether a caller who belongs to the organization sees a project: by org permission, membership or ownership. */
export function seesProject(orgPermissions: ReadonlySet<PermissionName>, projectRoles: readonly string[], stored: readonly string[] | undefined) {
  return orgPermissions.has('Organization.Project.List') || stored !== undefined || projectRoles.includes('OWNER');
}

const heldRoles = (category: HeldRole['category'], categoryKey: string, roles: readonly string[]): HeldRole[] =>
  roles.map((roleName) => ({ category, roleName, categoryKey }));

/** GET self/roles: what the permission check found, for the console to enable or explain actions. */
export const selfRolesOf = (grant: Grant) => ({ roles: [...grant.roles], permissions: [...grant.permissions].sort() });

export function createAuthorizer(deps: { db: Database }) {
  const { db } = deps;

  /** The caller's organization roles, or undefined when they do not belong to the organization. */
  async function orgRolesOf(caller: Caller, orgId: string): Promise<string[] | undefined> {
    if (caller.memberType === 'IAM') {
      // An IAM account belongs to its own organization and holds no organization role (yet: role groups).
      return caller.orgId === orgId && (await repo.orgExists(db, orgId)) ? [] : undefined;
    }
    const roles = await repo.orgRoleCodes(db, orgId, caller.uuid);
    return roles.length > 0 ? roles : undefined;
  }

  async function orgGrant(caller: Caller, orgId: string): Promise<Grant | undefined> {
    const orgRoles = await orgRolesOf(caller, orgId);
    if (!orgRoles) return undefined;
    return {
      scope: 'org',
      orgId,
      projectId: undefined,
      roles: heldRoles('ORG_ROLE', orgId, orgRoles),
      permissions: resolvePermissions({ orgRoles, projectRoles: undefined }),
    };
  }

  async function projectGrant(caller: Caller, projectId: string): Promise<Grant | undefined> {
    const project = await repo.projectRef(db, projectId);
    if (!project) return undefined;
    const orgRoles = await orgRolesOf(caller, project.orgId);
    if (!orgRoles) return undefined;
    const stored = await repo.projectRoleCodes(db, project.orgId, project.id, memberRefOf(caller));
    const projectRoles = projectRolesOf(caller, project, stored);
    if (!seesProject(resolvePermissions({ orgRoles, projectRoles: undefined }), projectRoles, stored)) return undefined;
    return {
      scope: 'project',
      orgId: project.orgId,
      projectId: project.id,
      roles: [...heldRoles('ORG_ROLE', project.orgId, orgRoles), ...heldRoles('PROJECT_ROLE', project.id, projectRoles)],
      permissions: resolvePermissions({ orgRoles, projectRoles }),
    };
  }

  return {
    orgGrant,
    projectGrant,

    /**
     * The one permission check, run before the handler of every `permission` route: the caller
     * must belong to the organization (or see the project) — else not-found, as if it did not
     * exist — and hold ALL the listed permissions there — else -6 with what is missing and the
     * built-in roles that would grant it.
     */
    async authorize(caller: Caller, access: OrgPermissionAccess | ProjectPermissionAccess, id: string): Promise<Grant> {
      const grant = access.scope === 'org' ? await orgGrant(caller, id) : await projectGrant(caller, id);
      if (!grant) throw new AppError(access.scope === 'org' ? 'INVALID_ORG_ID' : 'PROJECT_NOT_EXIST');
      const missing: PermissionName[] = access.permissions.filter((permission) => !grant.permissions.has(permission));
      if (missing.length > 0) {
        throw new AppError('PERMISSION_DENIED', {
          extra: { neededPermissions: missing, neededRoles: rolesGranting(missing) },
        });
      }
      return grant;
    },
  };
}

export type Authorizer = ReturnType<typeof createAuthorizer>;
