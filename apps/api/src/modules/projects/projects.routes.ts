import {
  createProject,
  deleteProject,
  getProject,
  getProjectSelfRoles,
  listMyProjects,
  listProjects,
  transferProjectOwnership,
  updateProject,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ProjectsService } from './projects.service.ts';

export function registerProjectRoutes(app: FastifyInstance, deps: { projects: ProjectsService }) {
  const { projects } = deps;
  registerEndpoint(app, listProjects, ({ ctx, query }) => projects.listInOrg(ctx, query.sort, query.page, query.limit), { cache: true });
  registerEndpoint(app, listMyProjects, ({ ctx, query }) => projects.listMine(ctx, query.sort, query.page, query.limit), { cache: true });
  registerEndpoint(app, getProject, async ({ ctx }) => ({ project: await projects.getProject(ctx) }), { cache: true });
  registerEndpoint(app, createProject, ({ ctx, body }) => projects.create(ctx, body));
  registerEndpoint(app, updateProject, ({ ctx, body }) => projects.update(ctx, body));
  registerEndpoint(app, deleteProject, ({ ctx }) => projects.delete(ctx));
  registerEndpoint(app, transferProjectOwnership, async ({ ctx, body }) => ({
    project: await projects.transferOwnership(ctx, body.projectOwnerId),
  }));
  registerEndpoint(app, getProjectSelfRoles, async ({ ctx }) => projects.selfRoles(ctx));
}
