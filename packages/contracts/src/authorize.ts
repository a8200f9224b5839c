/**
 * The permission engine's public shapes (spec §3 "Permission result", "Related roles", §6, §7
 * "Console service: POST organizations/{orgId}/authorize and projects/{projectId}/authorize"):
 * - the authorize calls, which answer per permission id whether the caller holds it where the
 *   call names (organization or project), evaluated by the same engine that guards every route;
 * - the `extra` fields of a PERMISSION_DENIED answer, for the permission modal: what is
 *   missing, the roles and role groups that would grant it, which condition failed (and when it
 *   holds again), and which deny took it away.
 */
import { z } from 'zod';
import { FAILED_CONDITION_REASONS, type FailedConditionReason } from './condition-attributes.ts';
import { CONDITION_ATTRIBUTE_IDS, CONDITION_OPERATORS, type ConditionAttributeId } from './conditions.ts';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';

// Declared here rather than imported from organizations.ts, which imports this file (self/roles).
const OrgIdParams = z.object({ orgId: z.string().uuid() });
const ProjectIdParams = z.object({ projectId: z.string().uuid() });

export const MAX_AUTHORIZE_PERMISSION_IDS = 200;
export const MAX_AUTHORIZE_PRODUCT_PERMISSIONS = 200;

/** A product permission asked for: answered as `{productId}:{permissionIdPostfix}`. */
export const ProductPermissionRequestSchema = z.object({
  productId: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  /** An `Organization.*` / `Project.*` permission id, e.g. `Project.Product.Get`. */
  permissionIdPostfix: z.string().trim().min(1).max(200),
});

export const AuthorizeBodySchema = z.object({
  /** Permission ids, `[product:]Organization|Project.{Target}.{Action}`; unknown ids answer false. */
  permissionIds: z.array(z.string().trim().min(1).max(200)).max(MAX_AUTHORIZE_PERMISSION_IDS),
  productPermissions: z.array(ProductPermissionRequestSchema).max(MAX_AUTHORIZE_PRODUCT_PERMISSIONS).default([]),
});
export type AuthorizeBody = z.input<typeof AuthorizeBodySchema>;

export const PermissionIdResultSchema = z.object({ permissionId: z.string(), authorized: z.boolean() });
export const ProductPermissionResultSchema = z.object({
  productId: z.string(),
  permissionIdPostfix: z.string(),
  /** `{productId}:{permissionIdPostfix}`. */
  permissionId: z.string(),
  authorized: z.boolean(),
});

/** spec §3 "Permission result", in the order asked. */
export const AuthorizeResultSchema = z.object({
  permissionIds: z.array(PermissionIdResultSchema),
  productPermissions: z.array(ProductPermissionResultSchema),
});
export type AuthorizeResult = z.infer<typeof AuthorizeResultSchema>;

export const authorizeOrganization = defineEndpoint({
  id: 'console.authorizeOrganization',
  method: 'POST',
  path: '/api/console/v1/organizations/:orgId/authorize',
  summary: 'Which of the given permissions the caller holds in the organization (members of it only)',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgIdParams,
  body: AuthorizeBodySchema,
  response: AuthorizeResultSchema,
});

export const authorizeProject = defineEndpoint({
  id: 'console.authorizeProject',
  method: 'POST',
  path: '/api/console/v1/projects/:projectId/authorize',
  summary: 'Which of the given permissions the caller holds in the project (those who see it only); role groups and their conditions apply',
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectIdParams,
  body: AuthorizeBodySchema,
  response: AuthorizeResultSchema,
});

// ---- PERMISSION_DENIED details ----

export { FAILED_CONDITION_REASONS, type FailedConditionReason } from './condition-attributes.ts';

/** The reason code of each attribute. */
export const FAILED_CONDITION_REASON_OF: Readonly<Record<ConditionAttributeId, FailedConditionReason>> = {
  REQUEST_IP: 'IP_NOT_ALLOWED',
  DATE_TIME: 'DATE_OUTSIDE',
  DAY_OF_WEEK: 'DAY_NOT_ALLOWED',
  TIME: 'OUTSIDE_TIME',
  USER_AGENT: 'USER_AGENT',
  REFERER: 'REFERER',
  PROJECT_ID_LIST: 'PROJECT',
};

/** spec §3 "Related roles": who would grant a missing permission. */
export const PermissionRelatedRolesSchema = z.object({
  permissionId: z.string(),
  /** Built-in role ids that grant it, e.g. `PROJECT_ROLE:MEMBER`, `ORG_ROLE:ADMIN`, the narrowest first. */
  roleNames: z.array(z.string()),
  /** Names of the organization's role groups visible in the project (its PROJECT groups and the COMMON ones) with an ALLOW role granting it. */
  roleGroupNames: z.array(z.string()),
});
export type PermissionRelatedRoles = z.infer<typeof PermissionRelatedRolesSchema>;

/**
 * A condition that kept one of the caller's role-group roles from granting a missing permission
 * (the first failing condition of that role; conditions are ANDed).
 */
export const FailedConditionSchema = z.object({
  permissionId: z.string(),
  roleGroupId: z.string(),
  roleGroupName: z.string(),
  roleId: z.string(),
  attributeId: z.enum(CONDITION_ATTRIBUTE_IDS as [ConditionAttributeId, ...ConditionAttributeId[]]),
  attributeOperatorTypeCode: z.enum(CONDITION_OPERATORS),
  attributeValues: z.array(z.string()),
  /** The organization's IANA time zone, in which TIME and DAY_OF_WEEK are evaluated (e.g. Asia/Seoul). */
  timeZone: z.string(),
  /**
   * For TIME, DAY_OF_WEEK and DATE_TIME: the next instant (ISO 8601, UTC) at which this condition
   * holds, when that is within the next 8 days; absent otherwise (and for the other attributes).
   */
  validFrom: z.string().optional(),
  reason: z.enum(FAILED_CONDITION_REASONS),
});
export type FailedCondition = z.infer<typeof FailedConditionSchema>;

/** A deny of one of the caller's role groups that took a permission away (deny wins over any allow). */
export const DeniedBySchema = z.object({
  permissionId: z.string(),
  roleGroupName: z.string(),
  roleId: z.string(),
});
export type DeniedBy = z.infer<typeof DeniedBySchema>;

/**
 * The body fields a PERMISSION_DENIED answer adds next to the header. The route check fills
 * every field; a few service-level refusals send only some, hence the defaults when parsing.
 */
export const PermissionDeniedExtraSchema = z.object({
  /** Every permission the call needs that the caller does not hold now. */
  neededPermissions: z.array(z.string()).default([]),
  /** Built-in roles that would grant ALL the missing permissions, the narrowest first. */
  neededRoles: z.array(z.object({ category: z.string(), roleName: z.string() })).default([]),
  /** Per missing permission: the built-in roles and the role groups that grant it. */
  relatedRoles: z.array(PermissionRelatedRolesSchema).default([]),
  /** The conditions of the caller's own role-group roles that failed for a missing permission. */
  failedConditions: z.array(FailedConditionSchema).default([]),
  /** The denies of the caller's role groups that took a missing permission away. */
  deniedBy: z.array(DeniedBySchema).default([]),
});
export type PermissionDeniedExtra = z.infer<typeof PermissionDeniedExtraSchema>;

/** A role group the caller holds in a project (GET projects/{projectId}/self/roles). */
export const SelfRoleGroupSchema = z.object({
  roleGroupId: z.string(),
  roleGroupName: z.string(),
  typeCode: z.enum(['PROJECT', 'COMMON']),
  roles: z.array(z.object({ roleId: z.string(), denialSetting: z.enum(['ALLOW', 'DENY']), conditionCount: z.number().int() })),
});
export type SelfRoleGroup = z.infer<typeof SelfRoleGroupSchema>;
