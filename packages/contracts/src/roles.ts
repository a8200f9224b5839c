/**
 * The calls of spec §7 "Roles": the catalogue (role-catalogue.ts), its categories
 * (role-categories.ts) and its tree (role-tree.ts) as the API answers them.
 */
import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { ROLE_CATEGORY_TYPE_CODES, RoleCategoryHierarchySchema } from './role-categories.ts';
import { RoleSchema, RoleTreeNodeSchema } from './role-tree.ts';

// Importers of `@console/contracts/roles` keep finding the catalogue, its categories and its tree here.
export * from './role-catalogue.ts';
export * from './role-categories.ts';
export * from './role-tree.ts';

// ---- calls (spec §7 "Roles") ----

const OrgParams = z.object({ orgId: z.string().uuid() });
const ProjectParams = z.object({ projectId: z.string().uuid() });
const RoleIdParam = z.string().trim().min(1).max(128);

/** Paging of the child/parent role calls: the console asks page 1, limit 9999. */
export const ROLE_LIST_LIMIT = 9999;
const RolePagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ROLE_LIST_LIMIT).default(ROLE_LIST_LIMIT),
});

/** A query flag: `true`/`false` (query strings carry text). */
const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** A repeated query parameter (`roleIds=a&roleIds=b`) or a single one, as a list. */
const RoleIdsQuery = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(RoleIdParam).min(1).max(100),
);

const likeText = z.string().trim().max(100).optional();
const categoryKeyText = z.string().trim().min(1).max(64);

export const TreeNodeSearchBodySchema = z.object({
  categoryKeys: z.array(categoryKeyText).max(50).optional(),
  roleNameLike: likeText,
});

export const IncludingRolesSchema = z.object({
  roleId: z.string(),
  /** The roles that contain the role (every ancestor in the tree), nearest first. */
  includeRoles: z.array(RoleSchema),
});

export const listOrgRoles = defineEndpoint({
  id: 'cab.listOrgRoles',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/roles',
  summary:
    "The organization's roles: built-in organization roles (categoryTypeCode ROLE) and its common role groups (ROLE_GROUP); assignableRole=true keeps the roles the caller may assign",
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams,
  query: z.object({ categoryTypeCode: z.enum(ROLE_CATEGORY_TYPE_CODES).optional(), assignableRole: QueryFlag.optional() }),
  response: z.object({ roles: z.array(RoleSchema) }),
});

export const listRoleGroupRoles = defineEndpoint({
  id: 'cab.listRoleGroupRoles',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/project-role-groups/roles',
  summary: 'The project roles a role group may hold (every project role but OWNER and NONE), with their properties',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams,
  response: z.object({ roles: z.array(RoleTreeNodeSchema) }),
});

const relatedRolesResponse = z.object({ roles: z.array(RoleTreeNodeSchema), paging: PagingSchema });

export const listOrgChildRoles = defineEndpoint({
  id: 'cab.listOrgChildRoles',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/roles/:roleId/child-roles',
  summary: 'Every role a role contains (its descendants in the derived tree), nearest first',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams.extend({ roleId: RoleIdParam }),
  query: RolePagingQuery,
  response: relatedRolesResponse,
});

export const listOrgParentRoles = defineEndpoint({
  id: 'cab.listOrgParentRoles',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/roles/:roleId/parent-roles',
  summary: 'Every role that contains a role (its ancestors in the derived tree), nearest first',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams.extend({ roleId: RoleIdParam }),
  query: RolePagingQuery,
  response: relatedRolesResponse,
});

export const getOrgRoleCategories = defineEndpoint({
  id: 'cab.getOrgRoleCategories',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/roles/org-category',
  summary: 'The category hierarchy of organization roles',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams,
  response: z.object({ categories: z.array(RoleCategoryHierarchySchema) }),
});

export const getOrgProjectRoleCategories = defineEndpoint({
  id: 'cab.getOrgProjectRoleCategories',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/roles/project-category',
  summary: 'The category hierarchy of project roles',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams,
  response: z.object({ categories: z.array(RoleCategoryHierarchySchema) }),
});

export const searchOrgRoleTreeNodes = defineEndpoint({
  id: 'cab.searchOrgRoleTreeNodes',
  method: 'POST',
  path: '/api/cab/v6/organizations/:orgId/roles/tree-nodes/search',
  summary: 'Organization and project roles as tree nodes, filtered by categories (a root category takes all beneath it) and name',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams,
  body: TreeNodeSearchBodySchema,
  response: z.object({ roles: z.array(RoleTreeNodeSchema) }),
});

export const listProjectChildRoles = defineEndpoint({
  id: 'cab.listProjectChildRoles',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/roles/:roleId/child-roles',
  summary: 'Every role a project role contains, nearest first',
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectParams.extend({ roleId: RoleIdParam }),
  query: RolePagingQuery,
  response: relatedRolesResponse,
});

export const listProjectParentRoles = defineEndpoint({
  id: 'cab.listProjectParentRoles',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/roles/:roleId/parent-roles',
  summary: 'Every project role that contains a project role, nearest first',
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectParams.extend({ roleId: RoleIdParam }),
  query: RolePagingQuery,
  response: relatedRolesResponse,
});

export const getProjectRoleCategories = defineEndpoint({
  id: 'cab.getProjectRoleCategories',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/roles/project-category',
  summary: 'The category hierarchy of project roles',
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectParams,
  response: z.object({ categories: z.array(RoleCategoryHierarchySchema) }),
});

export const searchProjectRoleTreeNodes = defineEndpoint({
  id: 'cab.searchProjectRoleTreeNodes',
  method: 'POST',
  path: '/api/cab/v6/projects/:projectId/roles/tree-nodes/search',
  summary: 'Project roles as tree nodes, filtered by categories and name',
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectParams,
  body: TreeNodeSearchBodySchema,
  response: z.object({ roles: z.array(RoleTreeNodeSchema) }),
});

export const searchProjectRoles = defineEndpoint({
  id: 'cab.searchProjectRoles',
  method: 'POST',
  path: '/api/cab/v7/projects/:projectId/roles/search',
  summary:
    "Project roles (ROLE) and the role groups usable in the project (ROLE_GROUP: its own and the organization's common groups), filtered and paged",
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectParams,
  body: z.object({
    categoryTypeCode: z.enum(ROLE_CATEGORY_TYPE_CODES).optional(),
    categoryKey: categoryKeyText.optional(),
    categoryKeys: z.array(categoryKeyText).max(50).optional(),
    roleNameLike: likeText,
    paging: z
      .object({
        page: z.number().int().min(1).default(1),
        limit: z.number().int().min(1).max(ROLE_LIST_LIMIT).default(20),
      })
      .default({ page: 1, limit: 20 }),
  }),
  response: z.object({ roles: z.array(RoleSchema), paging: PagingSchema }),
});

export const getOrgRelatedRoles = defineEndpoint({
  id: 'cab.getOrgRelatedRoles',
  method: 'GET',
  path: '/api/cab/v7/organizations/:orgId/roles/parent-roles',
  summary: 'For each role id, the roles that contain it',
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgParams,
  query: z.object({ roleIds: RoleIdsQuery }),
  response: z.object({ relatedRoles: z.array(IncludingRolesSchema) }),
});

export const getProjectRelatedRoles = defineEndpoint({
  id: 'cab.getProjectRelatedRoles',
  method: 'GET',
  path: '/api/cab/v7/projects/:projectId/roles/parent-roles',
  summary: 'For each project role id, the project roles that contain it',
  tag: 'roles',
  access: projectPermission('params.projectId'),
  params: ProjectParams,
  query: z.object({ roleIds: RoleIdsQuery }),
  response: z.object({ relatedRoles: z.array(IncludingRolesSchema) }),
});
