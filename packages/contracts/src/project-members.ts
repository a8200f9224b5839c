import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { defineEndpoint, projectPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { MEMBERS_PER_REQUEST } from './limits.ts';
import { likeQueryParam, MEMBER_STATUS_CODES, MemberPagingQuery, PROJECT_MEMBER_STATUS_CODES } from './member-fields.ts';
import { ProjectMemberRoleGroupSchema } from './role-groups.ts';
import { projectRoleListMessage } from './validation.ts';

const ProjectParams = z.object({ projectId: z.string().uuid() });

// ---- project members (spec §7 "Projects and organizations") ----

export const ProjectMemberSchema = z.object({
  /** members.id of a cloud member, iam_members.id of an IAM account. */
  projectMemberUuid: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  /** The IAM ID of an IAM account; null for cloud members. */
  userCode: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  projectMemberRoleCodeList: z.array(z.string()),
  projectMemberStatusCode: z.enum(PROJECT_MEMBER_STATUS_CODES),
  isProjectOwner: z.boolean(),
  memberStatusCode: z.enum(MEMBER_STATUS_CODES),
  regDateTime: z.string(),
  /** The role groups the member holds in the project (its own groups and the organization's common ones). */
  projectMemberRoleGroups: z.array(ProjectMemberRoleGroupSchema).optional(),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

const ProjectMemberParams = ProjectParams.extend({ memberId: z.string().uuid() });

export const listProjectMembers = defineEndpoint({
  id: 'cab.listProjectMembers',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/members',
  summary: "The project's members (cloud members and IAM accounts) with their project roles",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.List'),
  params: ProjectParams,
  query: MemberPagingQuery.extend({
    emailLike: likeQueryParam,
    nameLike: likeQueryParam,
    memberTypeCode: z.enum(MEMBER_TYPES).optional(),
  }),
  response: z.object({ projectMembers: z.array(ProjectMemberSchema), paging: PagingSchema }),
});

export const getProjectMember = defineEndpoint({
  id: 'cab.getProjectMember',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/members/:memberId',
  summary:
    'One member of the project (cloud member or IAM account) with their project roles and role groups (12100 when not a member of this project; an IAM account also needs Project.Member.Iam.Get)',
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Get'),
  params: ProjectMemberParams,
  response: z.object({ projectMember: ProjectMemberSchema }),
});

export const listProjectMemberCandidates = defineEndpoint({
  id: 'cab.listProjectMemberCandidates',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/member-candidates',
  summary: "Members of the project's organization (cloud members and active IAM accounts) not yet in the project, to add",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Create'),
  params: ProjectParams,
  query: MemberPagingQuery.extend({ keyword: likeQueryParam, memberTypeCode: z.enum(MEMBER_TYPES).optional() }),
  response: z.object({
    candidates: z.array(
      z.object({
        memberUuid: z.string(),
        memberType: z.enum(MEMBER_TYPES),
        userCode: z.string().nullable(),
        email: z.string(),
        name: z.string(),
      }),
    ),
    paging: PagingSchema,
  }),
});

/** A batch item's roles: the role rules apply, an empty list is the batch's own refusal (PROJECT_MEMBERS_WITHOUT_ROLES). */
const BatchProjectRoleListSchema = z
  .array(z.string().trim().toUpperCase().max(64))
  .max(64)
  .superRefine((roles, ctx) => {
    const problem = roles.length === 0 ? undefined : projectRoleListMessage(roles);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
  });

/** Role groups to give a project member (ids of the project's groups or the organization's common ones); none twice. */
export const ProjectMemberRoleGroupIdListSchema = z
  .array(z.string().uuid())
  .max(64)
  .superRefine((ids, ctx) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.roles.duplicate' });
    });
  });

/** A membership holds at least one role or one role group. */
const requireRoleOrGroup = (
  value: { projectMemberRoleCodeList: readonly string[]; projectMemberRoleGroupIdList?: readonly string[] | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.projectMemberRoleCodeList.length === 0 && (value.projectMemberRoleGroupIdList ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['projectMemberRoleCodeList'], message: 'validation.roles.required' });
  }
};

export const addProjectMember = defineEndpoint({
  id: 'cab.addProjectMember',
  method: 'POST',
  path: '/api/cab/v5/projects/:projectId/members',
  summary:
    'Add a member of the organization (cloud member, or IAM account of the organization) to the project with project roles',
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Create'),
  params: ProjectParams,
  body: z
    .object({
      projectMemberUuid: z.string().uuid(),
      /** May be empty when role groups are given. */
      projectMemberRoleCodeList: BatchProjectRoleListSchema,
      projectMemberRoleGroupIdList: ProjectMemberRoleGroupIdListSchema.optional(),
      projectMemberStatusCode: z.enum(PROJECT_MEMBER_STATUS_CODES).default('STABLE'),
    })
    .superRefine(requireRoleOrGroup),
  response: z.object({ projectMember: ProjectMemberSchema }),
});

export const updateProjectMember = defineEndpoint({
  id: 'cab.updateProjectMember',
  method: 'PUT',
  path: '/api/cab/v5/projects/:projectId/members/:memberId',
  summary: "Change a project member's roles (the sole ADMIN keeps ADMIN: 10012)",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Update'),
  params: ProjectMemberParams,
  body: z
    .object({
      /** May be empty when role groups are given. */
      projectMemberRoleCodeList: BatchProjectRoleListSchema,
      /** Replaces the member's role groups; left as they are when absent. */
      projectMemberRoleGroupIdList: ProjectMemberRoleGroupIdListSchema.optional(),
    })
    .superRefine(requireRoleOrGroup),
  response: z.object({ projectMember: ProjectMemberSchema }),
});

export const updateProjectMembers = defineEndpoint({
  id: 'cab.updateProjectMembers',
  method: 'PUT',
  path: '/api/cab/v5/projects/:projectId/members',
  summary:
    "Change several project members' roles at once: all or nothing (10010 when a member would have no role, 10012 when no ADMIN would remain)",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Update'),
  params: ProjectParams,
  body: z.object({
    projectMembers: z
      .array(z.object({ projectMemberUuid: z.string().uuid(), projectMemberRoleCodeList: BatchProjectRoleListSchema }))
      .min(1)
      .max(MEMBERS_PER_REQUEST)
      .superRefine((items, ctx) => {
        const ids = items.map((item) => item.projectMemberUuid);
        ids.forEach((id, index) => {
          if (ids.indexOf(id) !== index) {
            ctx.addIssue({ code: 'custom', path: [index, 'projectMemberUuid'], message: 'validation.member.alreadyAdded' });
          }
        });
      }),
  }),
  response: z.object({ projectMembers: z.array(ProjectMemberSchema) }),
});

export const removeProjectMember = defineEndpoint({
  id: 'cab.removeProjectMember',
  method: 'DELETE',
  path: '/api/cab/v5/projects/:projectId/invited-members/:memberId',
  summary: 'Remove a member from the project (not its owner; not the sole ADMIN: 10012)',
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Delete'),
  params: ProjectMemberParams,
  response: z.object({ projectMemberUuid: z.string() }),
});
