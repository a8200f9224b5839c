import { authorizeOrganization, authorizeProject } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import { authorizeMany } from './authorize.service.ts';
import { defineApiModule } from '../../platform/module.ts';

function registerAuthorizeRoutes(app: FastifyInstance) {
  // Questions with a body: they change nothing, so they answer like reads (registerEndpoint's readOnly).
  // The same question again answers from memory until the organization's rows or roles change (platform/response-cache.ts).
  registerEndpoint(app, authorizeOrganization, async ({ ctx, body }) => authorizeMany(ctx, body), { readOnly: true, cache: true });
  registerEndpoint(app, authorizeProject, async ({ ctx, body }) => authorizeMany(ctx, body), { readOnly: true, cache: true });
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app) => registerAuthorizeRoutes(app));
