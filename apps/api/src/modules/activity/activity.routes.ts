import { listOrgActivities, listProjectActivities } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ActivityService } from './activity.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createActivityService } from './activity.service.ts';

function registerActivityRoutes(app: FastifyInstance, deps: { activity: ActivityService }) {
  const { activity } = deps;
  registerEndpoint(app, listOrgActivities, ({ ctx, query }) => activity.listForOrg(ctx, query), { cache: true });
  registerEndpoint(app, listProjectActivities, ({ ctx, query }) => activity.listForProject(ctx, query), { cache: true });
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => registerActivityRoutes(app, { activity: createActivityService(platform) }));
