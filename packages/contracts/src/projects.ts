import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { PagingQuerySchema, PagingSchema } from './envelope.ts';
import { ORG_PROJECT_LIST_LIMIT, PROJECT_LIST_LIMIT } from './limits.ts';
import { SelfRolesSchema } from './self-roles.ts';
import { ProjectDescriptionSchema, ProjectNameSchema } from './validation.ts';

export const PROJECT_STATUS_CODES = ['BLOCKED', 'CLOSED', 'DISABLED', 'STABLE', 'TERMINATED'] as const;

export const ProjectSchema = z.object({
  projectOrgId: z.string(),
  projectId: z.string(),
  shortenProjectId: z.string(),
  projectName: z.string(),
  projectOwnerId: z.string(),
  projectMemberRoleCodes: z.array(z.string()),
  projectStatusCode: z.enum(PROJECT_STATUS_CODES),
  projectDescription: z.string(),
  /**
   * Spec §3: the project's tenant in the IaaS (OpenStack-style: 32 lower-case hex digits). It is
   * the project id without hyphens, so the console and the IaaS name a project alike
   * (docs/decisions.md "Projects"). Optional so answers of older servers still parse.
   */
  projectIaasTenantId: z.string().optional(),
  regDateTime: z.string(),
  modDateTime: z.string(),
  /** Added with the projects issue; optional so answers of older servers still parse. */
  ownerEmail: z.string().optional(),
  ownerName: z.string().optional(),
  /** Whether the caller may delete the project now: the permission, and no services in use. */
  canDelete: z.boolean().optional(),
  /** Name of the project's organization (lists across organizations). */
  orgName: z.string().optional(),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectIdParams = z.object({ projectId: z.string().uuid() });


/** Orders of a project list: `field,direction`. */
export const PROJECT_SORTS = ['regDateTime,asc', 'regDateTime,desc', 'name,asc', 'name,desc'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

export const listProjects = defineEndpoint({
  id: 'cab.listProjects',
  method: 'GET',
  path: '/api/cab/v5/projects',
  summary: 'Projects of an organization the caller can see',
  tag: 'projects',
  access: orgPermission('query.orgId'),
  query: PagingQuerySchema.extend({
    orgId: z.string().uuid(),
    limit: z.coerce.number().int().min(1).max(PROJECT_LIST_LIMIT).default(ORG_PROJECT_LIST_LIMIT),
    sort: z.enum(PROJECT_SORTS).default('regDateTime,asc'),
  }),
  response: z.object({ projects: z.array(ProjectSchema), paging: PagingSchema }),
});

export const getProject = defineEndpoint({
  id: 'cab.getProject',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId',
  summary: 'One project the caller can see',
  tag: 'projects',
  access: projectPermission('params.projectId'),
  params: ProjectIdParams,
  response: z.object({ project: ProjectSchema }),
});


export const listMyProjects = defineEndpoint({
  id: 'cab.listMyProjects',
  method: 'GET',
  path: '/api/cab/v6/projects',
  summary: "Projects the caller can see across all their organizations",
  tag: 'projects',
  access: SESSION,
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(PROJECT_LIST_LIMIT).default(PROJECT_LIST_LIMIT),
    sort: z.enum(PROJECT_SORTS).default('regDateTime,asc'),
  }),
  response: z.object({ projects: z.array(ProjectSchema), paging: PagingSchema }),
});

export const CreateProjectBodySchema = z.object({
  projectName: ProjectNameSchema,
  description: ProjectDescriptionSchema.default(''),
  orgId: z.string().uuid(),
});

export const UpdateProjectBodySchema = z.object({
  projectName: ProjectNameSchema,
  /** Left as it is when absent. */
  description: ProjectDescriptionSchema.optional(),
});

/**
 * Answer of a create or rename: `duplicateNameWarning` is true when another project of the
 * organization that the caller sees has the same name (letter case and surrounding spaces aside).
 * Duplicates are warned about, not refused, as organization names are.
 */
const ProjectWriteResponse = z.object({ project: ProjectSchema, duplicateNameWarning: z.boolean() });

export const createProject = defineEndpoint({
  id: 'cab.createProject',
  method: 'POST',
  path: '/api/cab/v5/projects',
  summary: "Create a project in an organization (within its project limit); the caller becomes its owner and ADMIN",
  tag: 'projects',
  access: orgPermission('body.orgId', 'Organization.Project.Create'),
  body: CreateProjectBodySchema,
  response: ProjectWriteResponse,
});

export const updateProject = defineEndpoint({
  id: 'cab.updateProject',
  method: 'PUT',
  path: '/api/cab/v5/projects/:projectId',
  summary: "Change a project's name and description",
  tag: 'projects',
  access: projectPermission('params.projectId', 'Project.Setting.Update'),
  params: ProjectIdParams,
  body: UpdateProjectBodySchema,
  response: ProjectWriteResponse,
});

export const deleteProject = defineEndpoint({
  id: 'cab.deleteProject',
  method: 'DELETE',
  path: '/api/cab/v5/projects/:projectId',
  summary: 'Delete a project; refused (12500) while services are in use in it',
  tag: 'projects',
  access: projectPermission('params.projectId', 'Project.Setting.Delete'),
  params: ProjectIdParams,
  response: z.object({ projectId: z.string() }),
});

export const transferProjectOwnership = defineEndpoint({
  id: 'cab.transferProjectOwnership',
  method: 'PUT',
  path: '/api/cab/v5/projects/:projectId/owner',
  summary: 'Hand the project to another cloud member of it, who becomes its owner and ADMIN',
  tag: 'projects',
  access: projectPermission('params.projectId', 'Project.Owner.Update'),
  params: ProjectIdParams,
  body: z.object({ projectOwnerId: z.string().uuid() }),
  response: z.object({ project: ProjectSchema }),
});

export const getProjectSelfRoles = defineEndpoint({
  id: 'cab.getProjectSelfRoles',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/self/roles',
  summary: "The caller's roles in a project (organization roles that reach it included) and the permissions they give",
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectIdParams,
  response: SelfRolesSchema,
});
