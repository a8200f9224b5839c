import {
  createOrgRoleGroup,
  createProjectRoleGroup,
  deleteOrgRoleGroup,
  deleteProjectRoleGroup,
  getOrgRoleGroup,
  getProjectRoleGroup,
  listOrgRoleGroups,
  listProjectRoleGroups,
  previewOrgRoleGroup,
  previewProjectRoleGroup,
  setRoleGroupMembers,
  updateOrgRoleGroup,
  updateProjectRoleGroup,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { RoleGroupsService } from './role-groups.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createRoleGroupsService } from './role-groups.service.ts';

/** Role groups: COMMON ones under the organization, PROJECT ones (and the COMMON ones, read-only) under a project. */
function registerRoleGroupRoutes(app: FastifyInstance, deps: { roleGroups: RoleGroupsService }) {
  const { roleGroups } = deps;
  for (const endpoint of [listOrgRoleGroups, listProjectRoleGroups]) {
    registerEndpoint(app, endpoint, ({ ctx, query }) => roleGroups.list(ctx, query), { cache: true });
  }
  for (const endpoint of [createOrgRoleGroup, createProjectRoleGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, body }) => roleGroups.create(ctx, body));
  }
  for (const endpoint of [previewOrgRoleGroup, previewProjectRoleGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, body }) => roleGroups.preview(ctx, body));
  }
  for (const endpoint of [getOrgRoleGroup, getProjectRoleGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => roleGroups.get(ctx, params.roleGroupId));
  }
  for (const endpoint of [updateOrgRoleGroup, updateProjectRoleGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, params, body }) => roleGroups.update(ctx, params.roleGroupId, body));
  }
  for (const endpoint of [deleteOrgRoleGroup, deleteProjectRoleGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => roleGroups.remove(ctx, params.roleGroupId));
  }
  registerEndpoint(app, setRoleGroupMembers, ({ ctx, params, body }) => roleGroups.setMembers(ctx, params.roleGroupId, body.projectMemberUuids));
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerRoleGroupRoutes(app, { roleGroups: createRoleGroupsService(platform) }));
