import { listDevOutbox, listDevSmsOutbox } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { DevOutboxService } from './dev-outbox.service.ts';

export function registerDevOutboxRoutes(app: FastifyInstance, deps: { devOutbox: DevOutboxService }) {
  registerEndpoint(app, listDevOutbox, ({ ctx, query }) => deps.devOutbox.list(ctx, query.orgId, query.page, query.limit));
  registerEndpoint(app, listDevSmsOutbox, ({ ctx, query }) => deps.devOutbox.listSms(ctx, query.orgId, query.page, query.limit));
}
