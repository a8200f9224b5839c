import { authorizeOrganization, authorizeProject } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import { authorizeMany } from './authorize.service.ts';

export function registerAuthorizeRoutes(app: FastifyInstance) {
  registerEndpoint(app, authorizeOrganization, async ({ ctx, body }) => authorizeMany(ctx, body));
  registerEndpoint(app, authorizeProject, async ({ ctx, body }) => authorizeMany(ctx, body));
}
