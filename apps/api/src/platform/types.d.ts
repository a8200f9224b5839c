import 'fastify';
import type { Authorizer } from './authz.ts';
import type { Jobs } from './jobs.ts';
import type { RequestContext } from './context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyInstance {
    /** The permission check of `permission` routes (platform/authz.ts). */
    authorizer: Authorizer;
    /** The job queue (platform/jobs.ts); started by server.ts, or by buildTestApp in manual mode. */
    jobs: Jobs;
  }
}
