import { APP_KEY_HEADER, INGEST_BODY_LIMIT_BYTES, ingestSamples, ingestUsage, listUsage, queryMetrics, SECRET_KEY_HEADER } from '@console/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type AppKeyIdentity, verifyAppKey } from '../../platform/app-keys.ts';
import { AppError } from '../../platform/errors.ts';
import { compileIpMatcher } from '../../platform/policy/ip.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { MetricsService } from './metrics.service.ts';

const identities = new WeakMap<FastifyRequest, AppKeyIdentity>();

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The identity the Appkey hook found for this request (the hook refused the call otherwise). */
function identityOf(request: FastifyRequest): AppKeyIdentity {
  const identity = identities.get(request);
  if (!identity) throw new Error('metrics: no Appkey identity (the onRequest hook did not run)');
  return identity;
}

export function registerMetricsRoutes(app: FastifyInstance, deps: { metrics: MetricsService; db: Database; box: SecretBox }) {
  const { metrics } = deps;

  // The ingestion calls: authenticated by X-Appkey and X-Secret-Key before the body is even read.
  // Any pair that does not authenticate (unknown, wrong secret, stopped) answers one 401 code.
  void app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const appKey = headerOf(request, APP_KEY_HEADER);
      const secretKey = headerOf(request, SECRET_KEY_HEADER);
      if (!appKey || !secretKey) throw new AppError('APPKEY_INVALID');
      const result = await verifyAppKey(deps.db, deps.box, appKey, secretKey, request.ctx.now());
      if (!result.ok) throw new AppError('APPKEY_INVALID');
      const identity = result.identity;
      if (identity.kind === 'PROJECT' && identity.ipAclList.length > 0 && !compileIpMatcher(identity.ipAclList)(request.ctx.clientIp)) {
        throw new AppError('IP_NOT_ALLOWED', { extra: { clientIp: request.ctx.clientIp } });
      }
      identities.set(request, identity);
    });
    registerEndpoint(
      scope,
      ingestSamples,
      async ({ body, request, ctx }) => metrics.ingestSamples(identityOf(request), body.samples, ctx.now(), ctx.lang),
      { bodyLimit: INGEST_BODY_LIMIT_BYTES },
    );
    registerEndpoint(
      scope,
      ingestUsage,
      async ({ body, request, ctx }) => metrics.ingestUsage(identityOf(request), body.records, ctx.now(), ctx.lang),
      { bodyLimit: INGEST_BODY_LIMIT_BYTES },
    );
  });

  registerEndpoint(app, queryMetrics, async ({ body, ctx }) => metrics.queryMetrics(ctx, body));
  registerEndpoint(app, listUsage, async ({ query, ctx }) => metrics.listUsage(ctx, query));
}
