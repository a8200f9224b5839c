import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { SESSION_COOKIE } from '@console/contracts';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { createActivityRecorder } from './modules/activity/activity.recorder.ts';
import { createAuditRecorder } from './modules/audit/audit.recorder.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerConsoleRoutes } from './modules/console/console.routes.ts';
import { createDevClock, registerDevClockRoutes } from './modules/dev-clock/dev-clock.ts';
import { registerDevOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.ts';
import { createDevOutboxService } from './modules/dev-outbox/dev-outbox.service.ts';
import { geoCountry } from './modules/governance/geo-country.ts';
import { registerGovernanceRoutes } from './modules/governance/governance.routes.ts';
import { createGovernanceService } from './modules/governance/governance.service.ts';
import { createNetworkGuard } from './modules/governance/network-guard.ts';
import { createContactsService } from './modules/members/contacts.service.ts';
import { createInvitationsService } from './modules/members/invitations.service.ts';
import { registerMemberRoutes } from './modules/members/members.routes.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { defineMetricsJobs } from './modules/metrics/metrics.jobs.ts';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetricsService } from './modules/metrics/metrics.service.ts';
import { registerOrganizationRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import { createSupportTeamService } from './modules/organizations/support-team.service.ts';
import { registerProductRoutes } from './modules/products/products.routes.ts';
import { createProductsService } from './modules/products/products.service.ts';
import { productsRepository } from './modules/products/products.repository.ts';
import { setProductCatalogue } from './platform/policy/engine.ts';
import { defineProductHookJobs, enqueueProductHook, enqueueSecretKeyReissued } from './modules/products/product-hooks.ts';
import { productProxyKeyOf } from './modules/product-gateway/actor-token.ts';
import { registerProductGatewayRoutes } from './modules/product-gateway/product-gateway.routes.ts';
import { createProductGatewayService } from './modules/product-gateway/product-gateway.service.ts';
import { registerProductProxy } from './modules/product-gateway/product-proxy.ts';
import { defineDeliveryJobs } from './modules/notifications/delivery.ts';
import { defineDispatchJob } from './modules/notifications/dispatch.ts';
import { createLeaseHolder } from './modules/notifications/lease-holder.ts';
import { enqueueNotification } from './modules/notifications/outbox.ts';
import { registerReceiverGroupRoutes } from './modules/notifications/receiver-groups.routes.ts';
import { createReceiverGroupsService } from './modules/notifications/receiver-groups.service.ts';
import { createSystemNotificationsService, registerSystemNotificationRoutes } from './modules/notifications/system-notifications.ts';
import { registerProjectRoutes } from './modules/projects/projects.routes.ts';
import { registerSignInSecurityRoutes } from './modules/sign-in-security/sign-in-security.routes.ts';
import { createSignInSecurityService } from './modules/sign-in-security/sign-in-security.service.ts';
import { createSignInService } from './modules/sign-in-security/sign-in.service.ts';
import { createProjectsService } from './modules/projects/projects.service.ts';
import { createAuthNotifications } from './platform/auth-notify.ts';
import { createAuthorizer } from './platform/authz.ts';
import { type Clock, systemClock } from './platform/context.ts';
import { registerErrorHandling, sendError, sendFrameworkError } from './platform/envelope.ts';
import { serializerCompiler } from './platform/serializer.ts';
import { validatorCompiler } from './platform/validation.ts';
import { AppError } from './platform/errors.ts';
import { createFailureThrottle } from './platform/throttle.ts';
import { createJobs } from './platform/jobs.ts';
import { isApiModule, type ApiModule } from './platform/module.ts';
import { createMail, type MailTransport } from './platform/mail.ts';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY } from './platform/secrets.ts';
import { registerMetrics } from './platform/metrics.ts';
import { createRouteIndex } from './platform/route-index.ts';
import { registerRequestContext } from './platform/session.ts';
import { createResponseCache } from './platform/response-cache.ts';
import { registerWeb } from './platform/web.ts';
import { redactUrl } from './platform/log-redaction.ts';
import { lazyChildLogger } from './platform/lazy-logger.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { createSmsOutbox } from './platform/sms.ts';

export interface BuildAppOptions {
  config: AppConfig;
  db: Database;
  /** The database's URL: the job queue (pg-boss) keeps a small pool of its own on it. */
  databaseUrl: string;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMTP transport (tests). */
  mailTransport?: MailTransport;
}

/**
 * One access line per request, written when it is answered (method, URL, status, time), instead
 * of Fastify's two ("incoming request" and "request completed"): half the log writes of a busy
 * server, the same information.
 */
const INFO_LOGGED = new Set(['trace', 'debug', 'info']);

class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // Below the configured level (LOG_LEVEL=warn, as production may run), a success costs nothing.
    if (!error && !INFO_LOGGED.has(reply.log.level)) return;
    const line = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

const MODULES = new URL('./modules/', import.meta.url);

/**
 * The modules that declare themselves (`export const apiModule = defineApiModule(…)` in
 * `modules/<name>/<name>.routes.ts`), in the order of their folders' names: a new module is served
 * without a line here. The platform's tests fail for a contract no module serves.
 */
async function scanModules(): Promise<ApiModule[]> {
  const routeFiles = readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(new URL(`${folder.name}/`, MODULES)).filter((file) => file.endsWith('.routes.ts')).map((file) => `${folder.name}/${file}`))
    .toSorted();
  const exports = await Promise.all(routeFiles.map((file) => import(new URL(file, MODULES).href) as Promise<Record<string, unknown>>));
  return exports.map((module) => module['apiModule']).filter(isApiModule);
}

/**
 * The whole server, without listen(): tests inject into it, server.ts listens. The job queue is
 * created here but started by the caller (`app.jobs.start('worker')` in server.ts, `'manual'` in
 * tests) and stopped when the app closes.
 */
export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  // DEV_CLOCK_CONTROL (never in production): the app's one clock becomes shiftable by /dev-clock.
  const devClock = config.devClockControl ? createDevClock(options.clock ?? systemClock) : undefined;
  const clock = devClock?.now ?? options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'req.headers.authorization'] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    logController: new AccessLog(),
    // A request's child logger is made when the request first logs (platform/lazy-logger.ts).
    childLoggerFactory: lazyChildLogger,
    // A URL that cannot be decoded is refused before any hook runs: answered in the envelope too.
    frameworkErrors: (error, request, reply) =>
      sendFrameworkError(request, reply, error) ?? sendError(request, reply, 'INVALID_PARAMETER'),
  });
  const routeIndex = createRouteIndex(app);
  // A JSON content type with no body is a call without a body (a DELETE from a generic client),
  // not malformed JSON; anything sent is parsed as before, prototype poisoning refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // The text is kept (request.bodyText): a cached question's answer is kept under the bytes sent (platform/response-cache.ts).
  app.decorateRequest('bodyText', undefined);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.bodyText = body as string;
    // A cached question is parsed only if no answer is kept for its bytes (platform/routes.ts).
    if ((body as string).length === 0 || request.routeOptions.config.parseBodyOnMiss === true) return done(null, undefined);
    return parseJson(request, body as string, done);
  });
  app.decorate('parseJsonBody', (request: FastifyRequest) =>
    new Promise<unknown>((resolve, reject) => {
      const text = request.bodyText;
      if (!text) return resolve(undefined);
      parseJson(request, text, (error, parsed) => (error ? reject(error) : resolve(parsed)));
    }),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Sets cookies; reads none per request (`hook: false`): the session hook reads the two it needs (platform/cookies.ts).
  await app.register(fastifyCookie, { hook: false });
  // Security headers (helmet's, worked out once at start; API answers the JSON set and no-store: platform/security-headers.ts).
  registerSecurityHeaders(app);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: Math.ceil(context.ttl / 1000) } }),
  });
  // One LISTEN connection: what lets reads answer from the session and grants kept in memory.
  const notifications = config.authCache ? createAuthNotifications({ databaseUrl: options.databaseUrl, log: app.log }) : undefined;
  if (notifications) {
    app.decorate('authNotifications', notifications);
    app.addHook('onClose', async () => notifications.close());
    // Answers of repeated reads, dropped at the commit of any change they were read from.
    if (config.responseCache) app.decorate('responseCache', createResponseCache(notifications, clock));
  }
  app.decorateRequest('cacheTicket', undefined);
  const requestContext = registerRequestContext(app, { db, config, clock, notifications });
  const authorizer = createAuthorizer({ db });
  app.decorate('authorizer', authorizer);
  // A change's statements, its activity row and its audit row in one transaction (db/unit-of-work.ts).
  app.decorate('unitOfWork', createUnitOfWork(db));
  // The activity feed, recorded by registerEndpoint with each successful change (ACTIVITY_RULES).
  app.decorate('activity', createActivityRecorder({ db, log: app.log }));
  // The audit log, recorded by registerEndpoint: sign-ins, denials, changes (modules/audit).
  app.decorate('audit', createAuditRecorder({ db, log: app.log }));
  const jobs = createJobs({ databaseUrl: options.databaseUrl, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.stop());
  const mail = createMail({ db, config, clock, jobs, ...(options.mailTransport ? { transport: options.mailTransport } : {}) });
  registerMetrics(app, { token: config.metricsToken });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Cloud console API',
        description:
          'Every answer is the envelope `{ header: { isSuccessful, resultCode, resultMessage }, ...body }`. ' +
          'Signed-in calls use the session cookie; state-changing calls echo the csrfToken cookie in x-csrf-token.',
        version: '1.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  const auth = createAuthService({ db, config });
  // Failed sign-ins and unknown links, per account and client IP (LOGIN_RATE_LIMIT_PER_MINUTE).
  const throttle = createFailureThrottle(config.loginRateLimitPerMinute);
  const organizations = createOrganizationsService({ db, config });
  const projects = createProjectsService({ db, authorizer });
  // IAM sign-in with the organization's sign-in security (login-fail lock, two-step, password policy, sessions).
  const secretBox = createSecretBox(config.secretsKey);
  const signIn = createSignInService({ db, config, auth, mail, box: secretBox });
  registerAuthRoutes(app, { auth, config, throttle });
  registerSignInSecurityRoutes(app, { security: createSignInSecurityService({ db, defaultTimeoutMinutes: config.sessionIdleMinutes, box: secretBox }), signIn, throttle, config });
  registerConsoleRoutes(app, { config });
  registerOrganizationRoutes(app, {
    organizations,
    supportTeam: createSupportTeamService({ db }),
    clientCountryHeader: config.clientCountryHeader,
  });
  registerProjectRoutes(app, { projects });
  registerMemberRoutes(app, {
    members: createMembersService({ db }),
    invitations: createInvitationsService({ db, config, clock, mail, jobs }),
    throttle,
    contacts: createContactsService({ db }),
  });
  const sms = createSmsOutbox({ db, clock });
  registerDevOutboxRoutes(app, { devOutbox: createDevOutboxService({ db, mail, sms, authorizer }) });
  // The modules that need only the platform: found in modules/*/*.routes.ts (platform/module.ts).
  for (const module of await scanModules()) module.register(app, { db, config, clock, authorizer, mail, sms, jobs, throttle, box: secretBox });
  registerDevClockRoutes(app, { devClock });
  // The product catalogue's permission names, for the engine's product permissions (Email:Project.Product.Get).
  // Only project services: the postfixes are project permissions (an organization service has none).
  setProductCatalogue((await productsRepository.products(db)).filter((product) => product.productCategoryCode !== 'ORG'));
  registerProductRoutes(app, {
    products: createProductsService({
      db,
      authorizer,
      box: createSecretBox(config.secretsKey),
      edition: config.edition,
      log: app.log,
      notify: (tx, event) => enqueueNotification(tx, jobs, clock, event),
      secretKeyReissued: (tx, event) => enqueueSecretKeyReissued(tx, jobs, event),
      productHook: (tx, event) => enqueueProductHook(tx, jobs, event),
    }),
  });
  // Product hooks (enabled, disabled, SecretKey reissued): signed deliveries retried until the product takes them.
  defineProductHookJobs(jobs, {
    db,
    clock,
    box: createSecretBox(config.secretsKey),
    signingKey: productProxyKeyOf(config.productProxySecret, config.secretsKey ?? DEVELOPMENT_SECRETS_KEY),
  });
  registerProductGatewayRoutes(app, {
    productGateway: createProductGatewayService({ db, box: createSecretBox(config.secretsKey), clock, mail }),
  });
  registerProductProxy(app, {
    db,
    authorizer,
    clock,
    signingKey: productProxyKeyOf(config.productProxySecret, config.secretsKey ?? DEVELOPMENT_SECRETS_KEY),
    timeoutMs: config.productProxyTimeoutMs,
  });
  // Usage and metric ingestion (Appkey-authenticated), rollups and the console's metric and usage reads.
  registerMetricsRoutes(app, { metrics: createMetricsService({ db }), db, box: createSecretBox(config.secretsKey) });
  defineMetricsJobs(jobs, { db, clock, retention: config.retention });
  // Governance and network rules: the IP ACL and country rule, enforced on every organization and project call.
  const networkGuard = createNetworkGuard({ db, countries: geoCountry, countryHeader: config.clientCountryHeader });
  registerGovernanceRoutes(app, { governance: createGovernanceService({ db, guard: networkGuard, authorizer, mail }), guard: networkGuard });
  // Notifications (issue 11): the outbox's dispatch job and webhook delivery (modules/notifications).
  defineDispatchJob(jobs, { db, mail, clock, publicUrl: config.publicUrl });
  const leases = createLeaseHolder(options.databaseUrl, app.log);
  app.addHook('onClose', async () => leases.close());
  defineDeliveryJobs(jobs, { db, clock, leases, box: createSecretBox(config.secretsKey), outbound: { allowedHosts: config.webhookAllowedHosts } });
  registerReceiverGroupRoutes(app, { receiverGroups: createReceiverGroupsService({ db, jobs, box: createSecretBox(config.secretsKey) }) });
  registerSystemNotificationRoutes(app, { systemNotifications: createSystemNotificationsService({ db }) });

  const serveConsole = await registerWeb(app, config.webDistDir, requestContext.hasUsableSession);
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    // A missing hashed asset must stay a 404: answering index.html would be parsed as a script.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      return serveConsole(request, reply);
    }
    // A known path asked with a method it does not answer: 405 naming the ones it does (RFC 9110).
    const allowed = routeIndex.methodsAt(request.url);
    if (allowed.length > 0) return sendError(request, reply.header('allow', allowed.join(', ')), 'METHOD_NOT_ALLOWED');
    return sendError(request, reply, 'NOT_FOUND');
  });

  return app;
}
