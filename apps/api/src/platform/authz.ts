import {
  CONDITION_OPERATORS,
  roleIdOf,
  rolesGranting,
  FAILED_CONDITION_REASON_OF,
  parseProductPermissionId,
  type OrgPermissionAccess,
  type PermissionDeniedExtra,
  type PermissionName,
  type ProductPermissionId,
  type ProjectPermissionAccess,
  type RoleCondition,
} from '@console/contracts';
import type { Database } from '../db/client.ts';
import { createAuthzCache } from './authz-cache.ts';
import { authzRepository as repo } from './authz.repository.ts';
import type { Caller, Grant, OrgGrant, ProjectGrant, RequestContext } from './context.ts';
import { AppError } from './errors.ts';
import { bindPolicy, compilePolicy, groupRoleBits, permissionIndexOf, type CompiledPolicy, type PolicyView } from './policy/engine.ts';
import { inChange } from '../db/unit-of-work.ts';
import {
  groupRolesOf,
  heldRoleGroupsOf,
  heldRoles,
  memberRefOf,
  NO_REQUEST,
  orgViewOf,
  projectRolesOf,
  projectViewOf,
  requestAttributesOf,
  seesProject,
} from './authz-views.ts';

const isReportable = (condition: RoleCondition | null | undefined): condition is RoleCondition =>
  typeof condition === 'object' &&
  condition !== null &&
  Object.hasOwn(FAILED_CONDITION_REASON_OF, condition.attributeId) &&
  (CONDITION_OPERATORS as readonly string[]).includes(condition.attributeOperatorTypeCode) &&
  Array.isArray(condition.attributeValues);

const isoOf = (epochMs: number) => new Date(epochMs).toISOString();

/** What a check may need: a permission, or a product permission (`Email:Project.Product.Get`). */
export type Needed = PermissionName | ProductPermissionId;
const unprefixed = (permission: Needed): PermissionName => parseProductPermissionId(permission)?.postfix ?? (permission as PermissionName);

type GrantBase = Omit<OrgGrant, 'permissions' | 'view'> | Omit<ProjectGrant, 'permissions' | 'view'>;

/**
 * The grant of a check: `permissions` (every permission held, as names) is listed only when a
 * service asks for it. A class, not an object literal with a getter: one shape for every grant, and
 * no property definition per request (issue 8).
 */
class ViewGrant {
  readonly scope: GrantBase['scope'];
  readonly orgId: string;
  readonly projectId: string | undefined;
  readonly roles: GrantBase['roles'];
  readonly roleGroups: GrantBase['roleGroups'];
  readonly storedProjectRoles: readonly string[] | undefined;
  readonly view: PolicyView;
  #held: Set<PermissionName> | undefined;
  constructor(base: GrantBase, view: PolicyView) {
    this.scope = base.scope;
    this.orgId = base.orgId;
    this.projectId = base.projectId;
    this.roles = base.roles;
    this.roleGroups = base.roleGroups;
    this.storedProjectRoles = base.storedProjectRoles;
    this.view = view;
  }
  get permissions(): Set<PermissionName> {
    return (this.#held ??= this.view.permissions());
  }
}
const grantOfView = (base: GrantBase, view: PolicyView): Grant => new ViewGrant(base, view) as Grant;

/**
 * What a caller's grant in a project is made of, before it is bound to a request: the project, the
 * compiled policy, the held roles and role groups — all read or derived from what the epoch's cache
 * holds, so the same for every request of that caller, project and epoch. Undefined: the caller
 * does not see the project.
 */
interface ProjectGrantParts {
  readonly project: { id: string; orgId: string; ownerMemberId: string; timeZone: string };
  readonly policy: CompiledPolicy;
  readonly base: Omit<ProjectGrant, 'permissions' | 'view'>;
}

/** The same for a grant in an organization (organization roles only: no project, no role group). */
interface OrgGrantParts {
  readonly policy: CompiledPolicy;
  readonly base: Omit<OrgGrant, 'permissions' | 'view'>;
}

export function createAuthorizer(deps: { db: Database }) {
  const { db } = deps;
  // What the checks read, kept while the authorization epoch read with the session stays the same.
  const cache = createAuthzCache();

  /** The caller's organization roles, or undefined when they do not belong to the organization. */
  function orgRolesOf(caller: Caller, orgId: string, epoch: number | undefined): Promise<readonly string[] | undefined> {
    return cache.get(epoch, `org-roles:${caller.memberType}:${caller.uuid}:${orgId}`, async () => {
      if (caller.memberType === 'IAM') {
        // An IAM account belongs to its own organization and holds no organization role (its project role groups act in projects).
        return caller.orgId === orgId && (await repo.orgExists(db, orgId)) ? [] : undefined;
      }
      const roles = await repo.orgRoleCodes(db, orgId, caller.uuid);
      return roles.length > 0 ? roles : undefined;
    });
  }

  /**
   * The parts of each caller's grants — in projects and in organizations — for one epoch (the
   * newest seen): a warm check takes them without a promise or a lookup per piece, then binds the
   * policy to its request. Like the authz cache, a request of an older epoch (or without one)
   * neither uses nor keeps them.
   */
  let partsEpoch = -1;
  let parts = new Map<string, ProjectGrantParts | null>();
  let orgParts = new Map<string, OrgGrantParts | null>();
  const PARTS_MAX = 20_000;

  /** Whether parts of this epoch may be used and kept; a newer epoch starts them over. */
  function partsUsable(epoch: number | undefined): epoch is number {
    const usable = epoch !== undefined && epoch >= partsEpoch;
    if (usable && epoch > partsEpoch) {
      partsEpoch = epoch;
      parts = new Map();
      orgParts = new Map();
    }
    return usable;
  }

  /** The caller's grant parts in an organization: their organization roles (cached), compiled. */
  async function loadOrgGrantParts(caller: Caller, orgId: string, epoch: number | undefined): Promise<OrgGrantParts | undefined> {
    const orgRoles = await orgRolesOf(caller, orgId, epoch);
    if (!orgRoles) return undefined;
    return {
      policy: compilePolicy({ orgRoles, projectRoles: undefined, groupRoles: [] }),
      base: { scope: 'org', orgId, projectId: undefined, roles: heldRoles('ORG_ROLE', orgId, orgRoles), roleGroups: [] },
    };
  }

  /**
   * The caller's grant in an organization: its parts (kept for the epoch, else read and compiled),
   * the policy bound to the request (organization scope evaluates no condition; the attributes are
   * the request's all the same).
   */
  async function orgGrant(caller: Caller, orgId: string, ctx?: RequestContext): Promise<Grant | undefined> {
    const epoch = ctx?.authzEpoch;
    const key = `${caller.memberType}:${caller.uuid}:${orgId}`;
    const usable = partsUsable(epoch);
    let found = usable ? orgParts.get(key) : undefined;
    if (found === undefined) {
      found = (await loadOrgGrantParts(caller, orgId, epoch)) ?? null;
      // Kept only if no newer epoch arrived while it was read.
      if (usable && epoch === partsEpoch) {
        if (orgParts.size >= PARTS_MAX) orgParts = new Map();
        orgParts.set(key, found);
      }
    }
    if (found === null) return undefined;
    return grantOfView(found.base, bindPolicy(found.policy, ctx ? requestAttributesOf(ctx, undefined, 'UTC') : NO_REQUEST));
  }

  /** The caller's grant parts in a project: three cached reads (the project with its organization's time zone; the organization roles; the membership with its role groups, their roles and conditions, joined), compiled. */
  async function loadProjectGrantParts(caller: Caller, projectId: string, epoch: number | undefined): Promise<ProjectGrantParts | undefined> {
    const project = await cache.get(epoch, `project:${projectId}`, () => repo.projectRef(db, projectId));
    if (!project) return undefined;
    const orgRoles = await orgRolesOf(caller, project.orgId, epoch);
    if (!orgRoles) return undefined;
    const membership = await cache.get(epoch, `membership:${caller.memberType}:${caller.uuid}:${project.id}`, () =>
      repo.projectMembership(db, project.orgId, project.id, memberRefOf(caller)),
    );
    const stored = membership?.roleCodes;
    const projectRoles = projectRolesOf(caller, project, stored);
    if (!seesProject(orgViewOf(orgRoles), projectRoles, stored)) return undefined;
    const groupRows = membership?.groupRoles ?? [];
    return {
      project,
      policy: compilePolicy({ orgRoles, projectRoles, groupRoles: groupRolesOf(groupRows) }),
      base: {
        scope: 'project',
        orgId: project.orgId,
        projectId: project.id,
        roles: [...heldRoles('ORG_ROLE', project.orgId, orgRoles), ...heldRoles('PROJECT_ROLE', project.id, projectRoles)],
        roleGroups: heldRoleGroupsOf(groupRows),
        storedProjectRoles: stored,
      },
    };
  }

  /**
   * The caller's grant in a project, for this request: its parts (kept for the epoch, else read and
   * compiled), the policy bound to the request (conditions evaluated against it, every time).
   */
  async function projectGrant(caller: Caller, projectId: string, ctx: RequestContext): Promise<Grant | undefined> {
    // Inside a change not yet committed (db/unit-of-work.ts) what is read is its own: used, never kept.
    const epoch = inChange() ? undefined : ctx.authzEpoch;
    const key = `${caller.memberType}:${caller.uuid}:${projectId}`;
    const usable = partsUsable(epoch);
    let found = usable ? parts.get(key) : undefined;
    if (found === undefined) {
      found = (await loadProjectGrantParts(caller, projectId, epoch)) ?? null;
      // Kept only if no newer epoch arrived while it was read.
      if (usable && epoch === partsEpoch) {
        if (parts.size >= PARTS_MAX) parts = new Map();
        parts.set(key, found);
      }
    }
    if (found === null) return undefined;
    return grantOfView(found.base, bindPolicy(found.policy, requestAttributesOf(ctx, found.project.id, found.project.timeZone)));
  }

  /**
   * The details of a PERMISSION_DENIED for permissions the grant lacks (one more query, for a project: the role
   * groups visible there that would grant them).
   */
  async function permissionDeniedDetails(grant: Grant, missing: readonly Needed[]): Promise<PermissionDeniedExtra> {
    const visibleGroupRoles = grant.projectId ? await repo.allowRolesVisibleInProject(db, grant.orgId, grant.projectId) : [];
    const { timeZone } = grant.view.attributes;
    const extra: PermissionDeniedExtra = {
      neededPermissions: [...missing],
      // A product permission is granted by the roles that grant the permission it prefixes.
      neededRoles: rolesGranting(missing.map(unprefixed)),
      relatedRoles: [],
      failedConditions: [],
      deniedBy: [],
    };
    for (const permission of missing) {
      const index = permissionIndexOf(unprefixed(permission));
      const roleGroupNames = new Set<string>();
      for (const row of visibleGroupRoles) {
        const bits = groupRoleBits(row.roleId);
        if (((bits[index >>> 5]! >>> (index & 31)) & 1) === 1 || row.roleId === permission) roleGroupNames.add(row.roleGroupName);
      }
      extra.relatedRoles.push({
        permissionId: permission,
        roleNames: rolesGranting([unprefixed(permission)]).map((role) => roleIdOf(role.category, role.roleName)),
        roleGroupNames: [...roleGroupNames].sort(),
      });
      const { deniedBy, failedConditions } = grant.view.explain(permission);
      for (const rule of deniedBy) {
        extra.deniedBy.push({ permissionId: permission, roleGroupName: rule.role.roleGroupName, roleId: rule.role.roleId });
      }
      for (const failed of failedConditions) {
        const { condition } = failed.condition;
        // A malformed stored condition is reported when it names a known attribute and operator.
        if (!isReportable(condition)) continue;
        extra.failedConditions.push({
          permissionId: permission,
          roleGroupId: failed.rule.role.roleGroupId,
          roleGroupName: failed.rule.role.roleGroupName,
          roleId: failed.rule.role.roleId,
          attributeId: condition.attributeId,
          attributeOperatorTypeCode: condition.attributeOperatorTypeCode,
          attributeValues: condition.attributeValues.map(String),
          timeZone,
          ...(failed.validFrom === undefined ? {} : { validFrom: isoOf(failed.validFrom) }),
          reason: FAILED_CONDITION_REASON_OF[condition.attributeId],
        });
      }
    }
    return extra;
  }

  /** PERMISSION_DENIED for the permissions a grant lacks, with the details the permission modal shows. */
  async function permissionDenied(grant: Grant, missing: readonly Needed[]): Promise<AppError> {
    return new AppError('PERMISSION_DENIED', { extra: { ...(await permissionDeniedDetails(grant, missing)) } });
  }

  /**
   * A service's own permission check, after the route's: the grant (the request's bound view,
   * `ctx.grant`, or one `orgGrant` / `projectGrant` compiled for another scope) must hold every
   * listed permission, else the same detailed PERMISSION_DENIED the route check answers.
   */
  async function requirePermissions(grant: Grant, permissions: readonly Needed[]): Promise<void> {
    const missing = permissions.filter((permission) => !grant.view.has(permission));
    if (missing.length > 0) throw await permissionDenied(grant, missing);
  }

  /**
   * The caller's bound views in many projects at once (lists: canDelete). The caller's
   * memberships of every listed project — stored roles, role groups, their roles and conditions —
   * come in ONE query; each project is then compiled from it (no query per row). Answers, per
   * project id, the stored roles (undefined: not a member) and the view.
   */
  async function projectViews(
    caller: Caller,
    ctx: RequestContext,
    projects: readonly { id: string; orgId: string; ownerMemberId: string; timeZone: string }[],
    orgRolesOfOrg: ReadonlyMap<string, readonly string[]>,
  ): Promise<Map<string, { stored: readonly string[] | undefined; view: PolicyView }>> {
    const orgIdOf = new Map(projects.map((project) => [project.id, project.orgId]));
    const keyOf = (projectId: string) => `membership:${caller.memberType}:${caller.uuid}:${projectId}`;
    const byKey = await cache.getMany(ctx.authzEpoch, projects.map((project) => keyOf(project.id)), async (missingKeys) => {
      const missing = projects.filter((project) => missingKeys.includes(keyOf(project.id)));
      const found = await repo.projectMemberships(
        db,
        [...new Set(missing.map((project) => orgIdOf.get(project.id)!))],
        missing.map((project) => project.id),
        memberRefOf(caller),
      );
      return new Map(missing.map((project) => [keyOf(project.id), found.get(project.id)]));
    });
    const memberships = new Map(projects.map((project) => [project.id, byKey.get(keyOf(project.id))]));
    const views = new Map<string, { stored: readonly string[] | undefined; view: PolicyView }>();
    // Projects where the caller holds the same roles and no role group share one compiled policy.
    const alike = new Map<string, CompiledPolicy>();
    for (const project of projects) {
      const membership = memberships.get(project.id);
      const orgRoles = orgRolesOfOrg.get(project.orgId) ?? [];
      views.set(project.id, { stored: membership?.roleCodes, view: projectViewOf(caller, project, orgRoles, membership, ctx, alike) });
    }
    return views;
  }

  /** The caller's organization roles in each of these organizations (absent: not a member), from the cache when it can. */
  async function orgRolesByOrg(caller: Caller, orgIds: readonly string[], ctx: RequestContext): Promise<Map<string, readonly string[]>> {
    const byOrg = new Map<string, readonly string[]>();
    for (const orgId of orgIds) {
      const roles = await orgRolesOf(caller, orgId, ctx.authzEpoch);
      if (roles) byOrg.set(orgId, roles);
    }
    return byOrg;
  }

  return {
    orgGrant,
    projectGrant,
    orgRolesByOrg,
    permissionDenied,
    requirePermissions,
    projectViews,

    /**
     * The one permission check, run before the handler of every `permission` route: the caller
     * must belong to the organization (or see the project) — else not-found, as if it did not
     * exist — and hold ALL the listed permissions there for this request (role groups, conditions
     * and denies included) — else PERMISSION_DENIED with what is missing, who would grant it, which condition
     * failed and which deny took it.
     */
    async authorize(caller: Caller, access: OrgPermissionAccess | ProjectPermissionAccess, id: string, ctx: RequestContext): Promise<Grant> {
      const grant = access.scope === 'org' ? await orgGrant(caller, id, ctx) : await projectGrant(caller, id, ctx);
      if (!grant) throw new AppError(access.scope === 'org' ? 'INVALID_ORG_ID' : 'PROJECT_NOT_EXIST');
      // requirePermissions, without its promise when nothing is missing (every allowed call).
      const missing = access.permissions.filter((permission) => !grant.view.has(permission));
      if (missing.length > 0) throw await permissionDenied(grant, missing);
      return grant;
    },
  };
}

export type Authorizer = ReturnType<typeof createAuthorizer>;
