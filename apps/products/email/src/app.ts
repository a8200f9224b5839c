import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { ConsoleRefusal, ORG_PRODUCT_ID, PRODUCT_ID, type Identity } from './console-client.ts';
import { readActor, type Actor } from './crypto.ts';
import { registerConsoleHooks } from './hooks.ts';
import { langOf, t, type Lang } from './i18n.ts';
import { checkSendInput, InputError, type MailRow, type MailService } from './mail-service.ts';
import { orgOverviewPage, PERIODS, periodOf } from './org-page.ts';
import { historyPage, notFromConsolePage, sendPage, settingsPage, type PageContext } from './ui.ts';

const STATIC = {
  'app.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(path.join(import.meta.dirname, 'public/app.js')) },
  'app.css': { type: 'text/css; charset=utf-8', body: readFileSync(path.join(import.meta.dirname, 'public/app.css')) },
} as const;

/** A 1×1 transparent GIF: the open-tracking pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The query parameters the console passes to the iframe and every link keeps. */
const KEPT_QUERY = ['projectId', 'orgId', 'appKey', 'lang', 'region', 'theme', 'embedded'] as const;

/** NHN Cloud Email style envelope. */
const ok = (body: unknown) => ({ header: { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' }, body });
const failed = (resultCode: number, resultMessage: string, extra: object = {}) => ({
  header: { isSuccessful: false, resultCode, resultMessage },
  ...extra,
});

/** What a refused console call means to the product's caller. */
function refusalOf(error: ConsoleRefusal, lang: Lang) {
  if (error.status === 401) return { status: 401, code: 10401, key: 'errKeyRefused' as const };
  if (error.status === 403) return { status: 403, code: 10402, key: 'errKeyRefused' as const };
  return { status: 503, code: 10503, key: 'errConsole' as const, lang };
}

const mailView = (row: MailRow, withBody = false) => ({
  requestId: row.request_id,
  mailId: row.mail_id,
  senderAddress: row.sender_address,
  senderName: row.sender_name,
  receiveMailAddr: row.receive_address,
  receiveType: row.receive_type,
  title: row.title,
  ...(withBody ? { body: row.body } : {}),
  mailStatusCode: row.status,
  failureReason: row.failure_reason,
  openCount: row.open_count,
  firstOpenDate: row.first_opened_at?.toISOString() ?? null,
  source: row.source,
  createDate: row.created_at.toISOString(),
});

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const html = (reply: FastifyReply, body: string) => reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** pageNum / pageSize of the list call: 1-100,000 and 1-1,000. */
function pagingOf(query: Record<string, unknown>, pageKey: string, sizeKey: string, lang: Lang) {
  const page = Number(query[pageKey] ?? 1);
  const limit = Number(query[sizeKey] ?? 15);
  if (!Number.isInteger(page) || page < 1 || page > 100_000 || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new InputError({ [Number.isInteger(page) && page >= 1 ? sizeKey : pageKey]: t(lang, 'errGeneric') });
  }
  return { page, limit };
}

const langOfRequest = (request: FastifyRequest): Lang => {
  const query = request.query as Record<string, unknown>;
  return langOf(query.lang ?? header(request, 'lang') ?? header(request, 'accept-language'));
};

function pageOf(request: FastifyRequest, actor: Actor): PageContext {
  const query = request.query as Record<string, unknown>;
  const kept = new URLSearchParams();
  for (const key of KEPT_QUERY) if (typeof query[key] === 'string') kept.set(key, query[key]);
  // The proxy's prefix is trusted only with the proxy's signed header (checked by the caller).
  const prefix = header(request, 'x-forwarded-prefix') ?? '';
  return {
    lang: langOfRequest(request),
    theme: query.theme === 'dark' ? 'dark' : 'light',
    embedded: query.embedded === '1',
    base: /^\/[A-Za-z0-9/_-]*$/.test(prefix) ? prefix.replace(/\/+$/, '') : '',
    query: kept.toString(),
    actor,
  };
}
export interface ProductAppOptions {
  mail: MailService;
  proxySecret: string | undefined;
  clock?: () => Date;
  logLevel?: string;
}

/**
 * The email product's HTTP surface:
 * - its public API, like NHN Cloud Email: `POST /email/v2.0/appKeys/{appKey}/sender/mail`,
 *   `GET …/sender/mails`, `GET …/sender/mail/{requestId}`, with `X-Secret-Key`; every call is
 *   checked with the console (a regenerated SecretKey is refused at once);
 * - its UI (send, history, settings) and the UI's calls, shown in the console's iframe through
 *   the console's proxy, which names the caller in a signed X-Console-Actor header;
 * - the open-tracking pixel `/o/{mailId}/{token}.gif`.
 */
export function buildProductApp(options: ProductAppOptions) {
  const { mail } = options;
  const clock = options.clock ?? (() => new Date());
  const app = Fastify({ logger: { level: options.logLevel ?? 'info' }, bodyLimit: 512 * 1024, routerOptions: { ignoreTrailingSlash: true } });

  // Email's pages take Email's callers only; Email Insights' page (the organization service) its own.
  const actorOf = (request: FastifyRequest, productId: string = PRODUCT_ID): Actor | undefined => {
    const actor = readActor(options.proxySecret, header(request, 'x-console-actor'), productId, clock());
    return actor && (productId === ORG_PRODUCT_ID) === (actor.prj === null) ? actor : undefined;
  };
  // The console's signed hooks (enabled, disabled, SecretKey reissued): hooks.ts.
  registerConsoleHooks(app, { mail, key: options.proxySecret, clock });



  // ---- public API ----

  /** The caller's pair checked with the console; the answer (or the refusal) goes out as is. */
  async function authenticated(request: FastifyRequest, reply: FastifyReply): Promise<{ identity: Identity; secretKey: string } | undefined> {
    const { appKey } = request.params as { appKey: string };
    const secretKey = header(request, 'x-secret-key');
    const lang = langOfRequest(request);
    if (!secretKey) {
      reply.status(401).send(failed(10401, t(lang, 'errKeyRefused')));
      return undefined;
    }
    try {
      const identity = await mail.authenticate(appKey, secretKey);
      return { identity, secretKey };
    } catch (error) {
      if (!(error instanceof ConsoleRefusal)) throw error;
      const refusal = refusalOf(error, lang);
      reply.status(refusal.status).send(failed(refusal.code, t(lang, refusal.key)));
      return undefined;
    }
  }

  app.post('/email/v2.0/appKeys/:appKey/sender/mail', async (request, reply) => {
    const auth = await authenticated(request, reply);
    if (!auth) return reply;
    const lang = langOfRequest(request);
    let input;
    try {
      input = checkSendInput(request.body, lang);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return reply.status(400).send(failed(10001, t(lang, 'errCheckFields'), { fieldErrors: error.fieldErrors }));
    }
    // The console accepted this pair just now: the product keeps it for its reports (the newest good one).
    await mail.storeSecret(auth.identity, auth.secretKey, 'API');
    const { requestId, mails } = await mail.send(auth.identity, auth.secretKey, input, 'API', undefined, lang);
    return ok({
      data: {
        requestId,
        results: mails.map((row) => ({
          receiveMailAddr: row.receive_address,
          receiveType: row.receive_type,
          mailId: row.mail_id,
          mailStatusCode: row.status,
          resultCode: row.status === 'FAILED' ? -1 : 0,
          resultMessage: row.failure_reason ?? 'SUCCESS',
        })),
      },
    });
  });

  app.get('/email/v2.0/appKeys/:appKey/sender/mails', async (request, reply) => {
    const auth = await authenticated(request, reply);
    if (!auth) return reply;
    const query = request.query as Record<string, unknown>;
    const lang = langOfRequest(request);
    let paging;
    try {
      paging = pagingOf(query, 'pageNum', 'pageSize', lang);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      return reply.status(400).send(failed(10001, t(lang, 'errCheckFields'), { fieldErrors: error.fieldErrors }));
    }
    const requestId = typeof query.requestId === 'string' ? query.requestId : undefined;
    const { rows, totalCount } = await mail.list(auth.identity.projectId, paging.page, paging.limit, { requestId });
    return ok({ pageNum: paging.page, pageSize: paging.limit, totalCount, data: rows.map((row) => mailView(row)) });
  });

  app.get('/email/v2.0/appKeys/:appKey/sender/mail/:requestId', async (request, reply) => {
    const auth = await authenticated(request, reply);
    if (!auth) return reply;
    const { requestId } = request.params as { requestId: string };
    const { rows } = await mail.list(auth.identity.projectId, 1, 1000, { requestId });
    if (rows.length === 0) return reply.status(404).send(failed(10404, 'Not found'));
    return ok({ data: rows.map((row) => mailView(row, true)) });
  });

  // ---- open tracking ----

  app.get('/o/:mailId/:file', async (request, reply) => {
    const { mailId, file } = request.params as { mailId: string; file: string };
    if (file.endsWith('.gif')) await mail.recordOpen(mailId, file.slice(0, -4));
    // The same answer whatever the token: no oracle for guessed ids.
    return reply.header('content-type', 'image/gif').header('cache-control', 'no-store, max-age=0').send(PIXEL);
  });

  // ---- UI (through the console's proxy) ----

  app.get('/static/:file', async (request, reply) => {
    const file = STATIC[(request.params as { file: string }).file as keyof typeof STATIC];
    if (!file) return reply.status(404).send(failed(10404, 'Not found'));
    return reply.header('content-type', file.type).header('cache-control', 'no-cache').send(file.body);
  });

  /** A UI page or call: only with the console's signed caller header. */
  function withActor(handler: (request: FastifyRequest, reply: FastifyReply, actor: Actor) => Promise<unknown>, productId: string = PRODUCT_ID) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const actor = actorOf(request, productId);
      if (!actor) {
        const lang = langOfRequest(request);
        if (request.method === 'GET') return reply.status(401).header('content-type', 'text/html; charset=utf-8').send(notFromConsolePage(lang));
        return reply.status(401).send(failed(100, t(lang, 'errNotFromConsole')));
      }
      return handler(request, reply, actor);
    };
  }

  const sendHandler = withActor(async (request, reply, actor) => html(reply, sendPage(pageOf(request, actor))));
  app.get('/', sendHandler);
  app.get('/send', sendHandler);
  app.get(
    '/history',
    withActor(async (request, reply, actor) => {
      const page = pageOf(request, actor);
      const query = request.query as Record<string, unknown>;
      const number = Number(query.page ?? 1);
      const current = Number.isInteger(number) && number >= 1 && number <= 100_000 ? number : 1;
      const limit = 20;
      const { rows, totalCount } = await mail.list(actor.prj!, current, limit);
      return html(reply, historyPage(page, rows, { page: current, limit, totalCount }));
    }),
  );
  app.get(
    '/settings',
    withActor(async (request, reply, actor) => html(reply, settingsPage(pageOf(request, actor), await mail.keyState(actor.ak)))),
  );

  // Email Insights: the organization's overview (the console's organization mode: prj null, org set).
  app.get(
    '/org',
    withActor(async (request, reply, actor) => {
      const period = periodOf((request.query as Record<string, unknown>).period);
      const days = PERIODS[period];
      const since = days === null ? null : new Date(clock().getTime() - days * 86_400_000);
      return html(reply, orgOverviewPage(pageOf(request, actor), actor.org, period, await mail.orgOverview(actor.org, since)));
    }, ORG_PRODUCT_ID),
  );

  /** The UI's refusal for a console answer about the kept SecretKey: 401 with a link to Settings. */
  async function uiRefusal(reply: FastifyReply, actor: Actor, error: ConsoleRefusal, lang: Lang) {
    const refusal = refusalOf(error, lang);
    if (refusal.status === 401) await mail.markRefused(actor.ak);
    return reply
      .status(refusal.status)
      .send({ error: { code: refusal.status === 503 ? 'CONSOLE_UNREACHABLE' : 'SECRET_KEY_REFUSED', message: t(lang, refusal.key), settings: refusal.status !== 503 } });
  }

  app.post(
    '/ui/mails',
    withActor(async (request, reply, actor) => {
      const lang = langOfRequest(request);
      if (!actor.write) return reply.status(403).send({ error: { code: 'PERMISSION_DENIED', message: t(lang, 'errNoWrite') } });
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const receivers = typeof raw.receiverList === 'string' ? raw.receiverList.split(/[\s,;]+/).filter(Boolean) : [];
      let input;
      try {
        input = checkSendInput({ ...raw, receiverList: receivers.map((receiveMailAddr) => ({ receiveMailAddr, receiveType: 'MRT0' })) }, lang);
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        return reply.status(400).send({ error: { code: 'INVALID_INPUT', message: t(lang, 'errCheckFields'), fieldErrors: error.fieldErrors } });
      }
      const secretKey = await mail.secretOf(actor.ak);
      if (!secretKey) return reply.status(409).send({ error: { code: 'SECRET_KEY_MISSING', message: t(lang, 'errMissingKey'), settings: true } });
      let identity: Identity;
      try {
        identity = await mail.authenticate(actor.ak, secretKey);
      } catch (error) {
        if (!(error instanceof ConsoleRefusal)) throw error;
        return uiRefusal(reply, actor, error, lang);
      }
      if (identity.projectId !== actor.prj) return reply.status(403).send({ error: { code: 'SECRET_KEY_REFUSED', message: t(lang, 'errKeyRefused'), settings: true } });
      const { requestId, mails } = await mail.send(identity, secretKey, input, 'CONSOLE', actor.email, lang);
      return { requestId, mails: mails.map((row) => ({ receiveMailAddr: row.receive_address, mailStatusCode: row.status, failureReason: row.failure_reason })) };
    }),
  );

  app.put(
    '/ui/secret-key',
    withActor(async (request, reply, actor) => {
      const lang = langOfRequest(request);
      if (!actor.write) return reply.status(403).send({ error: { code: 'PERMISSION_DENIED', message: t(lang, 'errNoWrite') } });
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const secretKey = typeof raw.secretKey === 'string' ? raw.secretKey.trim() : '';
      if (!secretKey) return reply.status(400).send({ error: { code: 'INVALID_INPUT', message: t(lang, 'errCheckFields'), fieldErrors: { secretKey: t(lang, 'errRequired') } } });
      if (secretKey.length > 256 || !/^[A-Za-z0-9]+$/.test(secretKey)) {
        return reply.status(400).send({ error: { code: 'INVALID_INPUT', message: t(lang, 'errCheckFields'), fieldErrors: { secretKey: t(lang, 'errSecretWrong') } } });
      }
      let identity: Identity;
      try {
        identity = await mail.authenticate(actor.ak, secretKey);
      } catch (error) {
        if (!(error instanceof ConsoleRefusal)) throw error;
        if (error.status === 401 || error.status === 403) {
          return reply.status(400).send({ error: { code: 'INVALID_INPUT', message: t(lang, 'errCheckFields'), fieldErrors: { secretKey: t(lang, 'errSecretWrong') } } });
        }
        return uiRefusal(reply, actor, error, lang);
      }
      if (identity.projectId !== actor.prj || identity.appKey !== actor.ak) {
        return reply.status(400).send({ error: { code: 'INVALID_INPUT', message: t(lang, 'errCheckFields'), fieldErrors: { secretKey: t(lang, 'errSecretWrong') } } });
      }
      await mail.storeSecret(identity, secretKey, actor.email);
      return { saved: true };
    }),
  );

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.setNotFoundHandler((request, reply) => reply.status(404).send(failed(10404, t(langOfRequest(request), 'errGeneric'))));
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(failed(status === 500 ? -1 : 10001, t(langOfRequest(request), 'errGeneric')));
  });
  return app;
}
