import { authorizeOrganization, authorizeProject } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import { authorizeMany } from './authorize.service.ts';

export function registerAuthorizeRoutes(app: FastifyInstance) {
  // Questions with a body: they change nothing, so they answer like reads (registerEndpoint's readOnly).
  registerEndpoint(app, authorizeOrganization, async ({ ctx, body }) => authorizeMany(ctx, body), { readOnly: true });
  registerEndpoint(app, authorizeProject, async ({ ctx, body }) => authorizeMany(ctx, body), { readOnly: true });
}
