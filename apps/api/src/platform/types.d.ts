import 'fastify';
import type { AuthNotifications } from './auth-notify.ts';
import type { Authorizer } from './authz.ts';
import type { Jobs } from './jobs.ts';
import type { RequestContext } from './context.ts';
import type { ResponseCache, Ticket } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by registerEndpoint's `readOnly`: a non-GET call that changes nothing (platform/session.ts). */
    readOnly?: boolean;
    /**
     * Set by registerEndpoint for a cached question with a body (authorize): app.ts's parser keeps
     * the JSON text and parses nothing; the route's preValidation parses it only when no answer is
     * kept for those bytes (`parseJsonBody`).
     */
    parseBodyOnMiss?: boolean;
  }
  interface FastifyRequest {
    ctx: RequestContext;
    /** A cached route's miss: what its answer is kept under (platform/response-cache.ts). */
    cacheTicket: Ticket | undefined;
    /** A JSON body's text as sent (app.ts's parser): what a cached question's answer is kept under. */
    bodyText: string | undefined;
  }
  interface FastifyInstance {
    /** The permission check of `permission` routes (platform/authz.ts). */
    authorizer: Authorizer;
    /** The job queue (platform/jobs.ts); started by server.ts, or by buildTestApp in manual mode. */
    jobs: Jobs;
    /** The notifications behind the in-memory session and permission cache; absent when AUTH_CACHE is off. */
    authNotifications?: AuthNotifications;
    /** Answers of `cache: true` reads kept in memory; absent when AUTH_CACHE or RESPONSE_CACHE is off. */
    responseCache?: ResponseCache;
    /** Parses a body its route left as text (`parseBodyOnMiss`), as the JSON parser would have: its errors are the parser's. */
    parseJsonBody(request: FastifyRequest): Promise<unknown>;
  }
}
