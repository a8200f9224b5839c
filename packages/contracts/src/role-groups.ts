/**
 * Role groups (spec §2 setting/role-group, project role-group; §3 "Role group", RoleDetail; §5
 * role group rules; §8 DUPLICATE_ROLE_GROUP, ROLE_GROUP_USED_BY_ALARM_GROUP, INVALID_CONDITION_DATA_TYPE, CONDITION_VALUES_EXIST): a named set of project roles, each with a deny
 * setting and conditions. A PROJECT group belongs to one project; a COMMON group belongs to the
 * organization and may be assigned in any of its projects. Groups are assigned to project members.
 */
import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { RoleConditionDetailSchema, RoleGroupRoleSchema, type RoleGroupRole } from './conditions.ts';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { MEMBER_LIST_LIMIT } from './limits.ts';
import { PERMISSION_ACTIONS } from './permissions.ts';
import { isProductPermissionId } from './product-permissions.ts';
import { builtInRoleOf, PROJECT_ADMIN_ROLE_ID, ROLE_GROUP_ROLE_IDS } from './role-catalogue.ts';
import { RoleSchema } from './role-tree.ts';
import { isNameText, multilineTextSchema } from './validation.ts';
import type { ValidationMessageKey } from './validation-messages.ts';

import {
  ROLE_GROUP_DESCRIPTION_MAX_LENGTH,
  ROLE_GROUP_MAX_ROLES,
  ROLE_GROUP_MEMBERS_PER_REQUEST,
  ROLE_GROUP_NAME_MAX_LENGTH,
  ROLE_GROUP_TYPE_CODES,
} from './role-groups-constants.ts';
export * from './role-groups-constants.ts';

// ---- input ----

/** Spec §5: required ('Required input. Enter a group name.'), 1-50 characters of the §5 name pattern. */
export const RoleGroupNameSchema = z
  .string()
  .normalize('NFC')
  .trim()
  .min(1, { error: 'validation.roleGroup.nameRequired' })
  .max(ROLE_GROUP_NAME_MAX_LENGTH)
  .refine(isNameText, { error: 'validation.name.pattern' });

/** Free text of several lines (tab and line breaks allowed, no other control character). */
export const RoleGroupDescriptionSchema = multilineTextSchema(ROLE_GROUP_DESCRIPTION_MAX_LENGTH);

/** A problem of one role of a group: where (index into roles, field) and the message key. */
export interface RoleGroupRoleProblem {
  readonly index: number;
  readonly field: 'roleId' | 'denialSetting' | 'conditions';
  readonly message: ValidationMessageKey;
}

/**
 * What is wrong with the roles of a group, role by role (the condition values themselves are
 * checked by `conditionProblem`, which answers INVALID_CONDITION_DATA_TYPE / CONDITION_VALUES_EXIST): a role a group may hold (project roles
 * but OWNER and NONE), none twice, PROJECT_ROLE:ADMIN alone (spec §5 "Admin role cannot be combined
 * with other project roles"), no conditions on a CONDITION_DISABLED role, no DENY on a
 * DENY_POLICY_DISABLED role.
 */
export function roleGroupRoleProblems(roles: readonly Pick<RoleGroupRole, 'roleId' | 'denialSetting' | 'conditions'>[]): RoleGroupRoleProblem[] {
  const problems: RoleGroupRoleProblem[] = [];
  const seen = new Set<string>();
  roles.forEach((role, index) => {
    // A built-in role a group may take, or a product permission named on its own (product-permissions.ts).
    if (!ROLE_GROUP_ROLE_IDS.includes(role.roleId) && !isProductPermissionId(role.roleId)) {
      problems.push({ index, field: 'roleId', message: 'validation.roleGroup.roleNotAllowed' });
      return;
    }
    if (seen.has(role.roleId)) problems.push({ index, field: 'roleId', message: 'validation.roles.duplicate' });
    seen.add(role.roleId);
    if (role.roleId === PROJECT_ADMIN_ROLE_ID && roles.length > 1) {
      problems.push({ index, field: 'roleId', message: 'validation.projectRoles.adminAlone' });
    }
    const properties = builtInRoleOf(role.roleId)?.roleProperties ?? [];
    if (properties.includes('CONDITION_DISABLED') && role.conditions.length > 0) {
      problems.push({ index, field: 'conditions', message: 'validation.roleGroup.conditionsDisabled' });
    }
    if (properties.includes('DENY_POLICY_DISABLED') && role.denialSetting === 'DENY') {
      problems.push({ index, field: 'denialSetting', message: 'validation.roleGroup.denyDisabled' });
    }
  });
  return problems;
}

/** The roles of a group as a request carries them: at least one, the rules of roleGroupRoleProblems. */
export const RoleGroupRolesInputSchema = z
  .array(RoleGroupRoleSchema)
  .min(1, { error: 'validation.roleGroup.rolesRequired' })
  .max(ROLE_GROUP_MAX_ROLES)
  .superRefine((roles, ctx) => {
    for (const problem of roleGroupRoleProblems(roles)) {
      ctx.addIssue({ code: 'custom', path: [problem.index, problem.field], message: problem.message });
    }
  });

/** The body of add and modify (and of the preview). */
export const RoleGroupBodySchema = z.object({
  roleGroupName: RoleGroupNameSchema,
  description: RoleGroupDescriptionSchema.default(''),
  roles: RoleGroupRolesInputSchema,
});
export type RoleGroupBody = z.input<typeof RoleGroupBodySchema>;

// ---- answers ----

/** Spec §3 "Role group": name, description, type, role count, member count, registration date. */
export const RoleGroupSummarySchema = z.object({
  roleGroupId: z.string(),
  roleGroupName: z.string(),
  description: z.string(),
  typeCode: z.enum(ROLE_GROUP_TYPE_CODES),
  orgId: z.string(),
  /** The project of a PROJECT group; null for COMMON groups. */
  projectId: z.string().nullable(),
  roleCount: z.number().int(),
  /** Project members holding the group (in every project for a COMMON group). */
  memberCount: z.number().int(),
  regDateTime: z.string(),
  modDateTime: z.string(),
  /** Whether the caller may change or delete the group where it was asked for (COMMON groups are read-only in a project). */
  editable: z.boolean(),
});
export type RoleGroupSummary = z.infer<typeof RoleGroupSummarySchema>;

/** Spec §3 RoleDetail: a role of the group, named in the caller's language, with its deny setting and conditions. */
export const RoleDetailSchema = RoleSchema.extend({
  denialSetting: z.enum(['ALLOW', 'DENY']),
  conditions: z.array(RoleConditionDetailSchema),
});
export type RoleDetail = z.infer<typeof RoleDetailSchema>;

/** A project member holding the group, with the project where they hold it. */
export const RoleGroupMemberSchema = z.object({
  projectMemberUuid: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  userCode: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  projectId: z.string(),
  projectName: z.string(),
});
export type RoleGroupMember = z.infer<typeof RoleGroupMemberSchema>;

export const RoleGroupDetailSchema = RoleGroupSummarySchema.extend({
  roles: z.array(RoleDetailSchema),
  members: z.array(RoleGroupMemberSchema),
});
export type RoleGroupDetail = z.infer<typeof RoleGroupDetailSchema>;

/** A group a project member holds (on ProjectMember.projectMemberRoleGroups). */
export const ProjectMemberRoleGroupSchema = z.object({
  roleGroupId: z.string(),
  roleGroupName: z.string(),
  typeCode: z.enum(ROLE_GROUP_TYPE_CODES),
});
export type ProjectMemberRoleGroup = z.infer<typeof ProjectMemberRoleGroupSchema>;

/** A permission name (`Project.Member.List`); kept as text so answers of later catalogues still parse. */
const PermissionText = z.string().regex(new RegExp(String.raw`^[A-Za-z][\w.:]*\.(${PERMISSION_ACTIONS.join('|')})$`));

/** What one member gains and loses if the group is saved as sent. */
export const RoleGroupPreviewMemberSchema = z.object({
  projectMemberUuid: z.string(),
  name: z.string(),
  email: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  gained: z.array(PermissionText),
  lost: z.array(PermissionText),
});

export const ROLE_GROUP_PREVIEW_WARNINGS = ['PROJECT_WITHOUT_ADMIN'] as const;

export const RoleGroupPreviewSchema = z.object({
  /** Always true: the preview counts built-in roles and groups as if no condition applied. */
  conditionsIgnored: z.literal(true),
  members: z.array(RoleGroupPreviewMemberSchema),
  warnings: z.array(z.object({ code: z.enum(ROLE_GROUP_PREVIEW_WARNINGS), projectId: z.string(), projectName: z.string() })),
});
export type RoleGroupPreview = z.infer<typeof RoleGroupPreviewSchema>;

// ---- calls ----

export const ROLE_GROUP_SORTS = ['regDateTime,desc', 'regDateTime,asc', 'name,asc', 'name,desc'] as const;
export type RoleGroupSort = (typeof ROLE_GROUP_SORTS)[number];

const OrgParams = z.object({ orgId: z.string().uuid() });
const ProjectParams = z.object({ projectId: z.string().uuid() });
const OrgGroupParams = OrgParams.extend({ roleGroupId: z.string().uuid() });
const ProjectGroupParams = ProjectParams.extend({ roleGroupId: z.string().uuid() });

export const RoleGroupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MEMBER_LIST_LIMIT).default(20),
  sort: z.enum(ROLE_GROUP_SORTS).default('regDateTime,desc'),
  nameLike: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

const listResponse = z.object({ roleGroups: z.array(RoleGroupSummarySchema), paging: PagingSchema });
const detailResponse = z.object({ roleGroup: RoleGroupDetailSchema });
/** The members of a project who hold a group, by projectMemberUuid: each once. */
export const RoleGroupMemberUuidsSchema = z
  .array(z.string().uuid())
  .max(ROLE_GROUP_MEMBERS_PER_REQUEST)
  .superRefine((ids, ctx) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.member.alreadyAdded' });
    });
  });

const PreviewBodySchema = RoleGroupBodySchema.extend({
  /** The group being modified; absent when previewing a new group (it affects nobody yet, unless holders are named). */
  roleGroupId: z.string().uuid().optional(),
});
const ProjectPreviewBodySchema = PreviewBodySchema.extend({
  /**
   * Who holds the group after the save, as the form will send them (`PUT …/members`): the preview
   * then answers for current and future holders alike. Absent: the holders stay as they are.
   */
  projectMemberUuids: RoleGroupMemberUuidsSchema.optional(),
});
export type ProjectRoleGroupPreviewBody = z.input<typeof ProjectPreviewBodySchema>;

export const listOrgRoleGroups = defineEndpoint({
  id: 'cab.listOrgRoleGroups',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/role-groups',
  summary: "The organization's common role groups",
  tag: 'role-groups',
  access: orgPermission('params.orgId', 'Organization.RoleGroup.List'),
  params: OrgParams,
  query: RoleGroupListQuerySchema,
  response: listResponse,
});

export const createOrgRoleGroup = defineEndpoint({
  id: 'cab.createOrgRoleGroup',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/role-groups',
  summary: 'Add a common role group (name unique in the organization: 62004)',
  tag: 'role-groups',
  access: orgPermission('params.orgId', 'Organization.RoleGroup.Create'),
  params: OrgParams,
  body: RoleGroupBodySchema,
  response: detailResponse,
});

export const previewOrgRoleGroup = defineEndpoint({
  id: 'cab.previewOrgRoleGroup',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/role-groups/preview',
  summary: "What every member holding a common group would gain and lose if it were saved as sent, and projects left without an ADMIN",
  tag: 'role-groups',
  access: orgPermission('params.orgId', 'Organization.RoleGroup.Get'),
  params: OrgParams,
  body: PreviewBodySchema,
  response: RoleGroupPreviewSchema,
});

export const getOrgRoleGroup = defineEndpoint({
  id: 'cab.getOrgRoleGroup',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/role-groups/:roleGroupId',
  summary: 'A common role group with its roles (deny setting, conditions) and the members holding it',
  tag: 'role-groups',
  access: orgPermission('params.orgId', 'Organization.RoleGroup.Get'),
  params: OrgGroupParams,
  response: detailResponse,
});

export const updateOrgRoleGroup = defineEndpoint({
  id: 'cab.updateOrgRoleGroup',
  method: 'PUT',
  path: '/api/cab/v6/organizations/:orgId/role-groups/:roleGroupId',
  summary: "Change a common role group's name, description and roles",
  tag: 'role-groups',
  access: orgPermission('params.orgId', 'Organization.RoleGroup.Update'),
  params: OrgGroupParams,
  body: RoleGroupBodySchema,
  response: detailResponse,
});

export const deleteOrgRoleGroup = defineEndpoint({
  id: 'cab.deleteOrgRoleGroup',
  method: 'DELETE',
  path: '/api/cab/v6/organizations/:orgId/role-groups/:roleGroupId',
  summary:
    'Delete a common role group (not while a receiver group uses it: 62011; not one the caller holds: 62012; not if a member would be left without roles: 10010)',
  tag: 'role-groups',
  access: orgPermission('params.orgId', 'Organization.RoleGroup.Delete'),
  params: OrgGroupParams,
  response: z.object({ roleGroupId: z.string() }),
});

export const listProjectRoleGroups = defineEndpoint({
  id: 'cab.listProjectRoleGroups',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/role-groups',
  summary: "The project's role groups and its organization's common groups (typeCode tells them apart)",
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.RoleGroup.List'),
  params: ProjectParams,
  query: RoleGroupListQuerySchema,
  response: listResponse,
});

export const createProjectRoleGroup = defineEndpoint({
  id: 'cab.createProjectRoleGroup',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/role-groups',
  summary: "Add a project role group (name unique in the project and among the organization's common groups: 62004)",
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.RoleGroup.Create'),
  params: ProjectParams,
  body: RoleGroupBodySchema,
  response: detailResponse,
});

export const previewProjectRoleGroup = defineEndpoint({
  id: 'cab.previewProjectRoleGroup',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/role-groups/preview',
  summary:
    'What every member holding a project group (and, with projectMemberUuids, every member it is given to or taken from: 12100 for a non-member) would gain and lose if it were saved as sent, and whether the project keeps an ADMIN',
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.RoleGroup.Get'),
  params: ProjectParams,
  body: ProjectPreviewBodySchema,
  response: RoleGroupPreviewSchema,
});

export const getProjectRoleGroup = defineEndpoint({
  id: 'cab.getProjectRoleGroup',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/role-groups/:roleGroupId',
  summary: "A project group, or a common group of the project's organization, with its roles and its members in this project",
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.RoleGroup.Get'),
  params: ProjectGroupParams,
  response: detailResponse,
});

export const updateProjectRoleGroup = defineEndpoint({
  id: 'cab.updateProjectRoleGroup',
  method: 'PUT',
  path: '/api/cab/v6/projects/:projectId/role-groups/:roleGroupId',
  summary: "Change a project group's name, description and roles (common groups change in the organization: -6)",
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.RoleGroup.Update'),
  params: ProjectGroupParams,
  body: RoleGroupBodySchema,
  response: detailResponse,
});

export const deleteProjectRoleGroup = defineEndpoint({
  id: 'cab.deleteProjectRoleGroup',
  method: 'DELETE',
  path: '/api/cab/v6/projects/:projectId/role-groups/:roleGroupId',
  summary: 'Delete a project group (62011, 62012 and 10010 as for common groups; common groups: -6)',
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.RoleGroup.Delete'),
  params: ProjectGroupParams,
  response: z.object({ roleGroupId: z.string() }),
});

export const setRoleGroupMembers = defineEndpoint({
  id: 'cab.setRoleGroupMembers',
  method: 'PUT',
  path: '/api/cab/v6/projects/:projectId/role-groups/:roleGroupId/members',
  summary:
    'Set which members of the project hold a group (its own or a common one): all or nothing; members outside the project refused (12100); a member left without role or group refused (10010)',
  tag: 'role-groups',
  access: projectPermission('params.projectId', 'Project.Member.Update'),
  params: ProjectGroupParams,
  body: z.object({ projectMemberUuids: RoleGroupMemberUuidsSchema }),
  response: detailResponse,
});
