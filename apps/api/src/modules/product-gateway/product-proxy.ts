import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { productPermissionIdOf } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import type { Caller } from '../../platform/context.ts';
import type { Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { productPermissionNameOf } from '../../platform/policy/engine.ts';
import { ACTOR_HEADER, signActorToken } from './actor-token.ts';
import { productGatewayRepository as repo } from './product-gateway.repository.ts';

/** The console's path prefix under which a product's UI is served (iframeTypeCode PROXY). */
export const PRODUCT_PROXY_PREFIX = '/product-proxy';

/** A project's service (`projectId`) or an organization's service (`orgId`, organization mode): one of them. */
/** Exactly one of `projectId` (a project's service) and `orgId` (an organization service), read as the scope it names. */
const ProxyQuerySchema = z.union([
  z.object({ projectId: z.string().uuid(), orgId: z.undefined().optional() }).transform(({ projectId }) => ({ scope: 'project' as const, id: projectId })),
  z.object({ orgId: z.string().uuid(), projectId: z.undefined().optional() }).transform(({ orgId }) => ({ scope: 'org' as const, id: orgId })),
]);
/** SaaS roles that may change things through an organization service's page (the others only read). */
const SAAS_WRITERS = new Set(['OWNER', 'ADMIN']);
const ProductIdParam = /^[a-z][a-z0-9-]{0,63}$/;

/** Request headers never forwarded: the console's credentials, hop-by-hop headers, and what the proxy sets itself. */
const DROPPED_REQUEST_HEADERS = new Set([
  'cookie',
  'authorization',
  'x-csrf-token',
  'host',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'x-secret-key',
  'x-appkey',
  ACTOR_HEADER,
  'x-forwarded-prefix',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);
/** Response headers never passed back: the product must not set cookies on, or loosen the policy of, the console's origin. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'strict-transport-security',
  'access-control-allow-origin',
  'access-control-allow-credentials',
]);

/**
 * The product pages run under the console's origin, inside the console's own frame: the console's
 * policy with frames allowed from itself only (its product page), never from elsewhere.
 */
const PROXIED_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/**
 * `/product-proxy/{productId}/…?projectId=…`: the console serves a product's UI under its own
 * origin (iframeTypeCode PROXY, docs/products.md). Only for a signed-in caller who sees the project
 * named by `projectId` (else PROJECT_NOT_EXIST, as for another tenant's project) and holds the
 * product's `{Product}:Project.Product.Get` there — `…:Project.Product.Update` too for a call that
 * changes something (a PERMISSION_DENIED names them) — with the
 * product enabled there (SERVICE_NOT_IN_USE otherwise). The request is streamed to the product's
 * URL without the console's cookies, with a signed X-Console-Actor header naming the caller, the
 * project and its Appkey (never the SecretKey); the answer is streamed back without cookies.
 * State-changing calls need the session's CSRF token like every other call (platform/session.ts).
 * An access token (`Authorization: Bearer`, platform/bearer.ts) serves instead of the session, as
 * its key's holder, without CSRF token: the same checks, `via: 'TOKEN'` in the actor header, and
 * the Authorization header is never forwarded.
 */
export function registerProductProxy(
  app: FastifyInstance,
  deps: { db: Database; authorizer: Authorizer; clock: Clock; signingKey: string; timeoutMs: number },
) {
  const { db, authorizer, clock, signingKey, timeoutMs } = deps;

  /**
   * A project's service: the caller sees the project (else PROJECT_NOT_EXIST, as for another tenant's) and holds
   * `{Product}:Project.Product.Get` there (`…Update` too for a change); the product is a project
   * service of the catalogue, enabled in the project (SERVICE_NOT_IN_USE otherwise).
   */
  async function projectTarget(request: FastifyRequest, caller: Caller, productId: string, projectId: string, writes: boolean) {
    const grant = await authorizer.projectGrant(caller, projectId, request.ctx);
    if (!grant) throw new AppError('PROJECT_NOT_EXIST');
    // The product's own permissions (`Email:Project.Product.Get`): held through the unprefixed
    // permission, or a role group naming this product's permission only. A product outside the
    // catalogue's project services (an organization service among them): not found.
    const permissionName = productPermissionNameOf(productId);
    if (!permissionName) throw new AppError('NOT_FOUND');
    const get = productPermissionIdOf(permissionName, 'Project.Product.Get');
    const update = productPermissionIdOf(permissionName, 'Project.Product.Update');
    await authorizer.requirePermissions(grant, writes ? [get, update] : [get]);
    // The organization's network rules, with this product's own IP list under the INDIVIDUAL type (IP_NOT_ALLOWED / COUNTRY_NOT_PERMITTED).
    if (app.hasDecorator('networkGuard')) await app.networkGuard.check(grant.orgId, request.ctx, request.headers, undefined, productId);
    const product = await repo.product(db, productId);
    if (!product || product.statusCode !== 'STABLE' || product.productCategoryCode === 'ORG' || !product.productUrl) throw new AppError('NOT_FOUND');
    const inUse = await repo.productInUse(db, grant.orgId, projectId, product.productId);
    if (!inUse || inUse.statusCode !== 'STABLE') throw new AppError('SERVICE_NOT_IN_USE');
    return { product, orgId: grant.orgId, projectId: projectId as string | null, appKey: inUse.appKey, write: grant.view.has(update), saasRole: undefined as string | undefined };
  }

  /**
   * Organization mode (`?orgId=`): an organization service (productCategoryCode ORG). The caller
   * belongs to the organization (else INVALID_ORG_ID, as for an organization that does not exist),
   * the service is enabled there (SERVICE_NOT_IN_USE), and the caller is one of its SaaS members (PERMISSION_DENIED otherwise:
   * the SaaS roles are the service's permissions, spec §6 "owners set per product"); a change needs
   * the SaaS OWNER or ADMIN. An IAM account is never a SaaS member.
   */
  async function orgTarget(request: FastifyRequest, caller: Caller, productId: string, orgId: string, writes: boolean) {
    const grant = await authorizer.orgGrant(caller, orgId, request.ctx);
    if (!grant) throw new AppError('INVALID_ORG_ID');
    if (app.hasDecorator('networkGuard')) await app.networkGuard.check(orgId, request.ctx, request.headers, undefined, productId);
    const product = await repo.product(db, productId);
    if (!product || product.statusCode !== 'STABLE' || product.productCategoryCode !== 'ORG' || !product.productUrl) throw new AppError('NOT_FOUND');
    const inUse = await repo.orgProductInUse(db, orgId, productId);
    if (!inUse || inUse.statusCode !== 'STABLE') throw new AppError('SERVICE_NOT_IN_USE');
    const saasRole = caller.memberType === 'TOAST_CLOUD' ? await repo.saasRole(db, orgId, productId, caller.uuid) : undefined;
    if (!saasRole || (writes && !SAAS_WRITERS.has(saasRole))) {
      throw new AppError('PERMISSION_DENIED', { extra: { productId, saasRoles: writes ? [...SAAS_WRITERS] : ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] } });
    }
    return { product, orgId, projectId: null as string | null, appKey: inUse.appKey, write: SAAS_WRITERS.has(saasRole), saasRole: saasRole as string | undefined };
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const params = request.params as { productId: string; '*'?: string };
    const caller = request.ctx.caller;
    if (!caller) throw new AppError(request.ctx.sessionEndedByAccount ? 'SESSION_EXPIRED' : 'LOGIN_REQUIRED');
    if (!ProductIdParam.test(params.productId)) throw new AppError('NOT_FOUND');
    const query = ProxyQuerySchema.safeParse(request.query);
    if (!query.success) throw new AppError('INVALID_PARAMETER');
    const writes = request.method !== 'GET' && request.method !== 'HEAD';
    const target =
      query.data.scope === 'org'
        ? await orgTarget(request, caller, params.productId, query.data.id, writes)
        : await projectTarget(request, caller, params.productId, query.data.id, writes);
    const { product } = target;

    const rest = params['*'] ?? '';
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const url = `${product.productUrl!.replace(/\/+$/, '')}/${rest}${search}`;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || DROPPED_REQUEST_HEADERS.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(
      ACTOR_HEADER,
      signActorToken(
        signingKey,
        {
          sub: caller.uuid,
          typ: caller.memberType,
          name: caller.profile.name,
          email: caller.profile.email,
          org: target.orgId,
          prj: target.projectId,
          pid: product.productId,
          ak: target.appKey,
          lang: request.ctx.lang,
          write: target.write,
          ...(target.saasRole ? { saas: target.saasRole } : {}),
          via: caller.accessTokenId ? 'TOKEN' : 'SESSION',
        },
        clock(),
      ),
    );
    headers.set('x-forwarded-prefix', `${PRODUCT_PROXY_PREFIX}/${product.productId}`);
    headers.set('x-forwarded-for', request.ip);
    headers.set('x-forwarded-host', request.host);
    headers.set('x-forwarded-proto', request.protocol);
    headers.set('x-request-id', request.id);

    let answer: Response;
    try {
      answer = await fetch(url, {
        method: request.method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        ...(writes && request.body ? { body: request.body as Readable, duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      request.log.warn({ err: error, productId: product.productId }, 'product did not answer the proxy');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    reply.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (DROPPED_RESPONSE_HEADERS.has(name)) return;
      if (name === 'location') {
        // A redirect of the product stays under the proxy.
        reply.header(name, value.startsWith('/') && !value.startsWith('//') ? `${PRODUCT_PROXY_PREFIX}/${product.productId}${value}` : value);
        return;
      }
      reply.header(name, value);
    });
    reply.header('content-security-policy', PROXIED_CSP);
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cache-control', answer.headers.get('cache-control') ?? 'no-store');
    if (!answer.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream));
  }

  // Its own context: bodies pass through untouched (streamed to the product), whatever their type.
  app.register(async (proxy) => {
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // HEAD is answered by the GET route (Fastify's exposeHeadRoutes).
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
    proxy.route({ method: [...methods], url: `${PRODUCT_PROXY_PREFIX}/:productId`, schema: { hide: true }, handler: forward });
    proxy.route({ method: [...methods], url: `${PRODUCT_PROXY_PREFIX}/:productId/*`, schema: { hide: true }, handler: forward });
  });
}
