import { getProductUiHierarchy, listProducts } from '@console/contracts/refs/products';
import type { RoleGroupSort } from '@console/contracts/role-groups';
import { getOrgRoleGroup, getProjectRoleGroup, listOrgRoleGroups, listProjectRoleGroups } from '@console/contracts/refs/role-groups';
import { ROLE_GROUP_ROLE_IDS } from '@console/contracts/role-catalogue';
import {
  getOrgProjectRoleCategories,
  getProjectRoleCategories,
  listRoleGroupRoles,
  searchProjectRoleTreeNodes,
} from '@console/contracts/refs/roles';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';
import { scopeKey, type RoleGroupScope } from './scope.ts';

export interface RoleGroupListFilters {
  readonly page: number;
  readonly limit: number;
  readonly sort: RoleGroupSort;
  readonly nameLike?: string | undefined;
}

/** One server page of role groups: a project's own and the organization's common ones, or the organization's common ones. */
export const roleGroupsQuery = (scope: RoleGroupScope, filters: RoleGroupListFilters) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'role-groups', 'list', filters] as const,
    queryFn: (context) => {
      const query = { page: filters.page, limit: filters.limit, sort: filters.sort, ...(filters.nameLike ? { nameLike: filters.nameLike } : {}) };
      return scope.kind === 'org'
        ? callApi(listOrgRoleGroups, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(listProjectRoleGroups, { params: { projectId: scope.projectId }, query, projectId: scope.projectId, ...fromQuery(context) });
    },
    placeholderData: keepPreviousData,
  });

/** A role group with its roles (deny setting, conditions) and members. */
export const roleGroupQuery = (scope: RoleGroupScope, roleGroupId: string, locale: string) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'role-groups', 'detail', roleGroupId, locale] as const,
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(getOrgRoleGroup, { params: { orgId: scope.orgId, roleGroupId }, ...fromQuery(context) })
        : callApi(getProjectRoleGroup, { params: { projectId: scope.projectId, roleGroupId }, projectId: scope.projectId, ...fromQuery(context) }),
    select: (data) => data.roleGroup,
  });

/**
 * The roles a group may hold (project roles but OWNER and NONE) with their category, description
 * and properties, named in the user's language.
 */
export const roleGroupCatalogueQuery = (scope: RoleGroupScope, locale: string) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'role-groups', 'catalogue', locale] as const,
    queryFn: async (context) => {
      if (scope.kind === 'org') {
        return (await callApi(listRoleGroupRoles, { params: { orgId: scope.orgId }, ...fromQuery(context) })).roles;
      }
      const answer = await callApi(searchProjectRoleTreeNodes, {
        params: { projectId: scope.projectId },
        body: {},
        projectId: scope.projectId,
        ...fromQuery(context),
      });
      return answer.roles.filter((role) => ROLE_GROUP_ROLE_IDS.includes(role.roleId));
    },
    staleTime: 5 * 60_000,
  });

/**
 * The project services of the catalogue whose permissions a role group may name (the role picker's
 * product permissions): the permission name from the products, the name in the user's language
 * from their menu entries.
 */
export const productPermissionChoicesQuery = (locale: string) =>
  queryOptions({
    queryKey: ['products', 'permission-choices', locale] as const,
    queryFn: async (context) => {
      const [{ products }, { productUis }] = await Promise.all([
        callApi(listProducts, { query: {}, ...fromQuery(context) }),
        callApi(getProductUiHierarchy, { query: { productUiType: 'PROJECT' }, ...fromQuery(context) }),
      ]);
      return products
        .filter((product) => product.productCategoryCode === 'PROJECT')
        .map((product) => ({
          productId: product.productId,
          productName: productUis.find((ui) => ui.productId === product.productId && ui.parentProductUiId === null)?.productUiName ?? product.productName,
          permissionName: product.permissionName,
        }));
    },
    staleTime: 5 * 60_000,
  });

/** The project role categories, named in the user's language (to group the role picker). */
export const roleCategoriesQuery = (scope: RoleGroupScope, locale: string) =>
  queryOptions({
    queryKey: [...scopeKey(scope), 'role-groups', 'categories', locale] as const,
    queryFn: async (context) => {
      const answer =
        scope.kind === 'org'
          ? await callApi(getOrgProjectRoleCategories, { params: { orgId: scope.orgId }, ...fromQuery(context) })
          : await callApi(getProjectRoleCategories, { params: { projectId: scope.projectId }, projectId: scope.projectId, ...fromQuery(context) });
      const names = new Map<string, string>();
      const walk = (nodes: typeof answer.categories) => {
        for (const node of nodes) {
          names.set(node.categoryKey, node.categoryName);
          walk(node.subCategories);
        }
      };
      walk(answer.categories);
      return names;
    },
    staleTime: 5 * 60_000,
  });
