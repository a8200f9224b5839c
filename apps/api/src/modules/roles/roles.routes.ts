import {
  getOrgProjectRoleCategories,
  getOrgRelatedRoles,
  getOrgRoleCategories,
  getProjectRelatedRoles,
  getProjectRoleCategories,
  listOrgChildRoles,
  listOrgParentRoles,
  listOrgRoles,
  listProjectChildRoles,
  listProjectParentRoles,
  listRoleGroupRoles,
  searchOrgRoleTreeNodes,
  searchProjectRoles,
  searchProjectRoleTreeNodes,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { RolesService } from './roles.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createRolesService } from './roles.service.ts';

/** The role catalogue (spec §7 "Roles"): any member of the organization or project may read it. */
function registerRoleRoutes(app: FastifyInstance, deps: { roles: RolesService }) {
  const { roles } = deps;
  registerEndpoint(app, listOrgRoles, ({ ctx, query }) => roles.listOrgRoles(ctx, query));
  registerEndpoint(app, listRoleGroupRoles, async ({ ctx }) => roles.listRoleGroupRoles(ctx));
  for (const endpoint of [listOrgChildRoles, listProjectChildRoles]) {
    registerEndpoint(app, endpoint, async ({ ctx, params, query }) => roles.related(ctx, params.roleId, 'children', query));
  }
  for (const endpoint of [listOrgParentRoles, listProjectParentRoles]) {
    registerEndpoint(app, endpoint, async ({ ctx, params, query }) => roles.related(ctx, params.roleId, 'parents', query));
  }
  registerEndpoint(app, getOrgRoleCategories, async ({ ctx }) => roles.categories(ctx, 'ORG'));
  for (const endpoint of [getOrgProjectRoleCategories, getProjectRoleCategories]) {
    registerEndpoint(app, endpoint, async ({ ctx }) => roles.categories(ctx, 'PROJECT'));
  }
  for (const endpoint of [searchOrgRoleTreeNodes, searchProjectRoleTreeNodes]) {
    registerEndpoint(app, endpoint, async ({ ctx, body }) => roles.searchTreeNodes(ctx, body));
  }
  registerEndpoint(app, searchProjectRoles, ({ ctx, body }) => roles.searchProjectRoles(ctx, body));
  for (const endpoint of [getOrgRelatedRoles, getProjectRelatedRoles]) {
    registerEndpoint(app, endpoint, async ({ ctx, query }) => roles.relatedRoles(ctx, query.roleIds));
  }
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerRoleRoutes(app, { roles: createRolesService(platform) }));
