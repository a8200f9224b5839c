import { exportAuditEvents, listAuditEvents } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { AuditService } from './audit.service.ts';
import { defineApiModule } from '../../platform/module.ts';
import { createAuditService, defineAuditJobs } from './audit.service.ts';

function registerAuditRoutes(app: FastifyInstance, deps: { audit: AuditService }) {
  const { audit } = deps;
  registerEndpoint(app, listAuditEvents, ({ ctx, params, query }) => {
    const { page, limit, ...filter } = query;
    return audit.list(ctx.lang, params.orgId, filter, page, limit);
  });
  // CSV, streamed; not the envelope (a refusal before it starts still is).
  registerEndpoint(app, exportAuditEvents, async ({ ctx, params, query, reply }) => {
    const stream = audit.exportCsv(ctx.lang, params.orgId, query);
    const stamp = ctx.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream) as never;
  });
}

/** Served through app.ts's scan of the modules (platform/module.ts). */
export const apiModule = defineApiModule((app, platform) => {
  registerAuditRoutes(app, { audit: createAuditService(platform) });
  defineAuditJobs(platform.jobs, platform);
});
