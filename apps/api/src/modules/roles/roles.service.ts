import {
  builtInRoleOf,
  isInCategory,
  ORG_ROLE_CATALOGUE,
  PROJECT_ROLE_CATALOGUE,
  PROJECT_ROLE_ROOT_CATEGORY,
  relatedRoleIds,
  ROLE_CATALOGUE,
  ROLE_GROUP_ROLE_IDS,
  roleCategoryHierarchy,
  roleOf,
  roleTreeNodeOf,
  validationMessage,
  type BuiltInRole,
  type Role,
  type RoleCategoryTypeCode,
} from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { roleGroupsRepository } from '../role-groups/role-groups.repository.ts';
import { scopeOf } from '../role-groups/role-groups.service.ts';

/** The built-in roles a scope answers about: the organization's calls know every role, a project's the project roles. */
const catalogueOf = (ctx: SignedInContext): readonly BuiltInRole[] => (grantOf(ctx).scope === 'org' ? ROLE_CATALOGUE : PROJECT_ROLE_CATALOGUE);

/** A name filter: the role's name in the caller's language or its code, letter case ignored. */
const nameMatches = (like: string | undefined, ...texts: string[]) =>
  !like || texts.some((text) => text.toLowerCase().includes(like.toLowerCase()));

const categoryMatches = (categoryKey: string, asked: readonly string[]) => asked.length === 0 || asked.some((key) => isInCategory(categoryKey, key));

function page<T>(items: readonly T[], pageNo: number, limit: number) {
  return { items: items.slice((pageNo - 1) * limit, pageNo * limit), paging: { page: pageNo, limit, totalCount: items.length } };
}

function knownRole(ctx: SignedInContext, roleId: string): BuiltInRole {
  const role = catalogueOf(ctx).find((candidate) => candidate.roleId === roleId);
  if (!role) throw new AppError('NOT_FOUND');
  return role;
}

export function createRolesService(deps: { db: Database }) {
  const { db } = deps;

  /** The scope's role groups as catalogue entries (categoryTypeCode ROLE_GROUP, roleId the group's uuid). */
  async function groupRoles(ctx: SignedInContext): Promise<Role[]> {
    const rows = await roleGroupsRepository.all(db, scopeOf(ctx));
    return rows.map((row) => ({
      category: row.typeCode === 'COMMON' ? 'ORG_ROLE_GROUP' : 'PROJECT_ROLE_GROUP',
      categoryTypeCode: 'ROLE_GROUP',
      categoryKey: PROJECT_ROLE_ROOT_CATEGORY,
      roleId: row.id,
      roleName: row.name,
      description: row.description,
      roleProperties: [],
    }));
  }

  return {
    /**
     * The organization's roles: built-in organization roles (ROLE) and its COMMON groups
     * (ROLE_GROUP). assignableRole keeps what the caller may hand out: organization roles but
     * OWNER for holders of Organization.Member.Update, else none; groups for holders of
     * Organization.RoleGroup.List.
     */
    async listOrgRoles(ctx: SignedInContext, query: { categoryTypeCode?: RoleCategoryTypeCode | undefined; assignableRole?: boolean | undefined }) {
      const { permissions } = grantOf(ctx);
      const wants = (type: RoleCategoryTypeCode) => query.categoryTypeCode === undefined || query.categoryTypeCode === type;
      const roles: Role[] = [];
      if (wants('ROLE')) {
        const mayAssign = permissions.has('Organization.Member.Update');
        for (const role of ORG_ROLE_CATALOGUE) {
          if (query.assignableRole && !(mayAssign && role.assignable)) continue;
          roles.push(roleOf(role, ctx.lang));
        }
      }
      if (wants('ROLE_GROUP') && (!query.assignableRole || permissions.has('Organization.RoleGroup.List'))) roles.push(...(await groupRoles(ctx)));
      return { roles };
    },

    /** The project roles a role group may hold. */
    listRoleGroupRoles(ctx: SignedInContext) {
      return { roles: ROLE_GROUP_ROLE_IDS.map((roleId) => roleTreeNodeOf(builtInRoleOf(roleId)!, ctx.lang)) };
    },

    related(ctx: SignedInContext, roleId: string, direction: 'parents' | 'children', query: { page: number; limit: number }) {
      knownRole(ctx, roleId);
      const nodes = relatedRoleIds(roleId, direction).map((id) => roleTreeNodeOf(builtInRoleOf(id)!, ctx.lang));
      const { items, paging } = page(nodes, query.page, query.limit);
      return { roles: items, paging };
    },

    categories(ctx: SignedInContext, scope: 'ORG' | 'PROJECT') {
      return { categories: [roleCategoryHierarchy(scope, ctx.lang)] };
    },

    searchTreeNodes(ctx: SignedInContext, body: { categoryKeys?: string[] | undefined; roleNameLike?: string | undefined }) {
      const roles = catalogueOf(ctx)
        .filter((role) => categoryMatches(role.categoryKey, body.categoryKeys ?? []))
        .filter((role) => nameMatches(body.roleNameLike, role.names[ctx.lang], role.roleName))
        .map((role) => roleTreeNodeOf(role, ctx.lang));
      return { roles };
    },

    /** v7 project role search: project roles and the role groups usable in the project, filtered and paged. */
    async searchProjectRoles(
      ctx: SignedInContext,
      body: {
        categoryTypeCode?: RoleCategoryTypeCode | undefined;
        categoryKey?: string | undefined;
        categoryKeys?: string[] | undefined;
        roleNameLike?: string | undefined;
        paging: { page: number; limit: number };
      },
    ) {
      const asked = [...(body.categoryKey ? [body.categoryKey] : []), ...(body.categoryKeys ?? [])];
      const wants = (type: RoleCategoryTypeCode) => body.categoryTypeCode === undefined || body.categoryTypeCode === type;
      const all: Role[] = [];
      if (wants('ROLE')) {
        for (const role of PROJECT_ROLE_CATALOGUE) {
          if (categoryMatches(role.categoryKey, asked) && nameMatches(body.roleNameLike, role.names[ctx.lang], role.roleName)) all.push(roleOf(role, ctx.lang));
        }
      }
      if (wants('ROLE_GROUP')) {
        for (const group of await groupRoles(ctx)) {
          if (categoryMatches(group.categoryKey, asked) && nameMatches(body.roleNameLike, group.roleName)) all.push(group);
        }
      }
      const { items, paging } = page(all, body.paging.page, body.paging.limit);
      return { roles: items, paging };
    },

    /** For each role id, every role that contains it. Ids the scope does not know are a field error. */
    relatedRoles(ctx: SignedInContext, roleIds: readonly string[]) {
      const known = catalogueOf(ctx);
      const unknown = roleIds.findIndex((roleId) => !known.some((role) => role.roleId === roleId));
      if (unknown !== -1) throw invalidFields({ field: `query.roleIds.${unknown}`, message: validationMessage('validation.roles.unknown', ctx.lang) });
      return {
        relatedRoles: [...new Set(roleIds)].map((roleId) => ({
          roleId,
          includeRoles: relatedRoleIds(roleId, 'parents').map((id) => roleOf(builtInRoleOf(id)!, ctx.lang)),
        })),
      };
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
