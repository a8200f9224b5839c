import type { Access, Endpoint } from '@console/contracts';
import { envelopeOf } from '@console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { RequestContext, SignedInContext } from './context.ts';
import { successHeader } from './envelope.ts';
import { AppError } from './errors.ts';
import { EVERY_SCOPE } from './auth-notify.ts';
import { beforeChange } from '../db/unit-of-work.ts';

type Output<T> = T extends z.ZodType ? z.output<T> : never;

export interface HandlerInput<E extends Endpoint> {
  readonly params: Output<NonNullable<E['params']>>;
  readonly query: Output<NonNullable<E['query']>>;
  readonly body: Output<NonNullable<E['body']>>;
  /** Signed in for every route but a public one: the access rule refused the call otherwise. */
  readonly ctx: E['access'] extends { kind: 'public' } ? RequestContext : SignedInContext;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<z.input<E['response']>>;

/** The organization or project id a permission route names, where its descriptor says it is. */
function scopeIdOf(request: FastifyRequest, from: string): string {
  const [part, key] = from.split('.') as ['params' | 'query' | 'body', string];
  const value = (request[part] as Record<string, unknown> | undefined)?.[key];
  // The route's schema requires it, so this only fails for a descriptor that names a wrong field.
  if (typeof value !== 'string') throw new Error(`${request.routeOptions.url}: access.from ${from} names no string field`);
  return value;
}

/** What the OpenAPI page says about who may call. */
function describeAccess(access: Access): string {
  if (access.kind === 'public') return 'Access: anyone.';
  if (access.kind === 'session') return 'Access: any signed-in caller.';
  const where = access.scope === 'org' ? `the organization (${access.from})` : `the project (${access.from})`;
  return access.permissions.length === 0
    ? `Access: members of ${where}.`
    : `Access: members of ${where} holding ${access.permissions.join(' AND ')}.`;
}

/**
 * Binds a contract endpoint to its handler: the schemas validate the call and shape the answer
 * (undeclared fields are stripped), the access rule runs before the handler — for `permission`
 * routes the one permission check of platform/authz.ts, whose grant lands in `ctx.grant` — and
 * the body is wrapped in the spec envelope.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: {
    config?: RouteShorthandOptions['config'];
    bodyLimit?: number;
    /**
     * A call that changes nothing although it is not a GET (a question with a body, e.g. authorize):
     * it may answer from the session kept in memory like a GET, and does not wait for notifications.
     */
    readOnly?: boolean;
    /**
     * false: the organization's IP ACL and country rule do not stop this call (it answers about
     * them itself: ip-acl/validate). Every other organization or project call is checked.
     */
    networkRules?: boolean;
    /**
     * true: a repeated read answers from memory while nothing it was computed from has changed
     * (platform/response-cache.ts says when a route may opt in). Every check still runs first.
     */
    cache?: boolean;
  } = {},
) {
  const changes = endpoint.method !== 'GET' && !options.readOnly;
  if (options.cache && changes) throw new Error(`${endpoint.id}: only a read (a GET or a readOnly question) can answer from the response cache`);
  const cached = options.cache === true && endpoint.access.kind !== 'public';
  // A cached question's body is parsed only when no answer is kept for its bytes (preValidation below).
  const parseBodyOnMiss = cached && endpoint.body !== undefined;
  /** The answer kept for this very request, once the caller's checks have run again on its scope. */
  const answerKept = async (request: FastifyRequest): Promise<Buffer | undefined> => {
    const cache = app.responseCache;
    const caller = request.ctx.caller;
    if (!cache || !caller) return undefined;
    const peeked = cache.peek(request);
    if (!peeked) return undefined;
    const { access } = endpoint;
    if (access.kind === 'permission') {
      if (peeked.scopeId === undefined || (request.params as { productId?: unknown } | undefined)?.productId !== undefined) return undefined;
      request.ctx.grant = await app.authorizer.authorize(caller, access, peeked.scopeId, request.ctx);
      if (options.networkRules !== false && app.hasDecorator('networkGuard')) {
        await app.networkGuard.check(request.ctx.grant.orgId, request.ctx, request.headers, endpoint, undefined);
      }
    }
    // Still kept after the checks (a change heard meanwhile drops it), and of the scope they found.
    return (request.ctx.grant?.orgId ?? EVERY_SCOPE) === peeked.scope && cache.still(peeked) ? peeked.body : undefined;
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, ...(options.readOnly && { readOnly: true }), ...(parseBodyOnMiss && { parseBodyOnMiss }) },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: describeAccess(endpoint.access),
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.access.kind === 'public' ? {} : { security: [{ session: [] }] }),
      response: { 200: envelopeOf(endpoint.response) },
    },
    // A cached read asks the cache before validation: an answer kept for the same raw URL and body
    // (so for an input that passed validation) from the same caller with the same attributes is sent
    // once the caller's access check has run again on the id that answer's own check was made on —
    // no validation, no handler. Anything else (a miss, an answer being computed, a product route)
    // goes on to validation and the preHandler below as before.
    ...(cached
      ? {
          preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
            const kept = await answerKept(request);
            if (kept) {
              reply.header('content-type', 'application/json; charset=utf-8').header('content-length', kept.length);
              return reply.send(kept);
            }
            // Not answered from memory: the body its parser left as text (parseBodyOnMiss), parsed
            // now, before validation, as it would have been — a body that is not JSON is refused alike.
            if (parseBodyOnMiss) request.body = await app.parseJsonBody(request);
            return undefined;
          },
        }
      : {}),
    preHandler: async (request, reply) => {
      const { access } = endpoint;
      if (access.kind === 'public') return;
      const caller = request.ctx.caller;
      if (!caller) throw new AppError(request.ctx.sessionEndedByAccount ? 'SESSION_EXPIRED' : 'LOGIN_REQUIRED');
      if (access.kind === 'permission') {
        request.ctx.grant = await app.authorizer.authorize(caller, access, scopeIdOf(request, access.from), request.ctx);
        // The organization's network rules (modules/governance/network-guard.ts): IP_NOT_ALLOWED / COUNTRY_NOT_PERMITTED.
        if (options.networkRules !== false && app.hasDecorator('networkGuard')) {
          const productId = (request.params as { productId?: unknown } | undefined)?.productId;
          await app.networkGuard.check(request.ctx.grant.orgId, request.ctx, request.headers, endpoint, typeof productId === 'string' ? productId : undefined);
        }
      }
      // A read kept in memory (platform/response-cache.ts), once every check above has passed.
      if (cached && app.responseCache) {
        const scopeId = access.kind === 'permission' ? scopeIdOf(request, access.from) : undefined;
        const found = app.responseCache.lookup(request, request.ctx.grant?.orgId ?? EVERY_SCOPE, scopeId);
        // An identical request is computing it: its answer (or, if it fails, this one computes its own, not kept).
        const answer = found && 'pending' in found ? await found.pending : found && 'hit' in found ? found.hit : undefined;
        if (answer !== undefined) {
          // The bytes as kept, with their length: nothing to serialize, encode or measure again.
          reply.header('content-type', 'application/json; charset=utf-8').header('content-length', answer.length);
          return reply.send(answer);
        }
        if (found && 'ticket' in found) request.cacheTicket = found.ticket;
      }
      // The activity feed (modules/activity) reads a target's name before a call deletes it, and the
      // audit log (modules/audit) a settings call's state: side by side, each never throws; their
      // statements named as the change's (db/unit-of-work.ts, beforeChange).
      if (endpoint.method !== 'GET') {
        await beforeChange(() =>
          Promise.all([
            app.hasDecorator('activity') ? app.activity.before(endpoint, request) : undefined,
            app.hasDecorator('audit') ? app.audit.before(endpoint, request) : undefined,
          ]),
        );
      }
    },
    // The answer of a cached read, as sent, for the next identical read.
    // (Callback hooks: an async one costs a promise per request, hits included.)
    ...(cached
      ? {
          onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
            const ticket = request.cacheTicket;
            if (ticket && reply.statusCode === 200 && typeof payload === 'string' && app.responseCache) {
              // Encoded once, and those bytes both kept and sent with their length: sent as text, the
              // answer was measured (Fastify's content-length) and encoded again to be written — three
              // passes over a page's 30 KB where one does (issue 8, twelfth pass).
              const bytes = Buffer.from(payload);
              app.responseCache.store(ticket, bytes);
              reply.header('content-length', bytes.length);
              done(null, bytes);
              return;
            }
            done(null, payload);
          },
          // Answered or failed: identical requests still waiting on it stop waiting.
          onResponse: (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
            if (request.cacheTicket) app.responseCache?.settle(request.cacheTicket);
            done();
          },
          onRequestAbort: (request: FastifyRequest, done: () => void) => {
            if (request.cacheTicket) app.responseCache?.settle(request.cacheTicket);
            done();
          },
        }
      : {}),
    // The audit log records sign-in failures, refused tokens and permission denials; never throws.
    onError: async (request, _reply, error) => {
      if (app.hasDecorator('audit')) await app.audit.failed(endpoint, request, error);
    },
    handler: async (request, reply) => {
      // A change runs in a unit of work (db/unit-of-work.ts): the service's statements, its activity
      // row and its audit row join one transaction, committed here once all are written — one commit,
      // one NOTIFY — or rolled back together when anything after the change fails.
      // The unit NOTIFYs this instance's sync token right after its COMMIT, in the same write, so the
      // wait below (the caller's next read here sees the change) costs no round trip of its own.
      const unit = changes && app.hasDecorator('unitOfWork') ? app.unitOfWork.open({ expectSync: () => app.authNotifications?.expectSync() }) : undefined;
      let result: unknown;
      let sentByHandler = false;
      try {
        result = await (app.hasDecorator('unitOfWork') ? app.unitOfWork.within(unit, run) : run());
        await unit?.commit();
      } catch (error) {
        // A refusal keeps what the call's finished transactions wrote (as when each committed alone);
        // any other failure keeps nothing.
        await unit?.end(error instanceof AppError);
        throw error;
      }
      async function run() {
        const answer = await handler({
          params: request.params as HandlerInput<E>['params'],
          query: request.query as HandlerInput<E>['query'],
          body: request.body as HandlerInput<E>['body'],
          // The preHandler above refused a non-public call without a caller.
          ctx: request.ctx as HandlerInput<E>['ctx'],
          request,
          reply,
        });
        // A binary answer (a spreadsheet download) is sent by the handler itself, without the envelope.
        // An async handler that returns `reply` resolves to undefined once the answer is out (a reply
        // is a thenable): answer nothing more, or Fastify would send a second time.
        if ((answer as unknown) === reply || reply.sent) {
          sentByHandler = true;
          await reply;
          return undefined;
        }
        // A successful change joins the activity feed (ACTIVITY_RULES in contracts) and the audit log
        // (modules/audit: sign-ins, token issuance, every change), written in the change's transaction
        // one after the other: one connection runs one statement at a time (pg deprecates sending a
        // second while the first runs, and would only queue it).
        if (endpoint.method !== 'GET') {
          if (app.hasDecorator('activity')) await app.activity.after(endpoint, request, answer);
          if (app.hasDecorator('audit')) await app.audit.after(endpoint, request, answer);
        }
        return answer;
      }
      if (sentByHandler) return undefined;
      // A change answers once this instance has heard of it (platform/auth-notify.ts): the caller's
      // next read here never answers from a session or grant kept from before it.
      // Without a token sent with its commit (nothing written in a transaction), a sync of its own.
      if (changes) await (unit?.synced ?? app.authNotifications?.sync());
      return { ...(result as object), header: successHeader };
    },
  });
}
