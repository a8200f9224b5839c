import { randomUUID } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, type ErrorBody } from '@console/contracts';
import { buildUrl, type BodyOf, type Endpoint, type ParamsOf, type QueryOf } from '@console/contracts/endpoint';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Client } from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { asc, sql } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.ts';
import type { Caller as AccountCaller, SignedInContext } from '../platform/context.ts';
import type { MailTransport } from '../platform/mail.ts';
import { afterFile } from './after-file.ts';
import { withDatabase } from './test-database.ts';
import { stillness } from './fixtures.ts';

/** A movable clock: tests move time instead of sleeping. */
export class TestClock {
  private current: number;
  constructor(start = Date.parse('2026-11-22T09:00:00Z')) {
    this.current = start;
  }
  now = () => new Date(this.current);
  advanceMinutes(minutes: number) {
    this.current += minutes * 60_000;
  }
  advanceDays(days: number) {
    this.advanceMinutes(days * 24 * 60);
  }
}

type Response = Awaited<ReturnType<FastifyInstance['inject']>>;

/**
 * A call through its contract: the URL is the endpoint's path with `params` filled and `query`
 * serialized as the web client does. `body` and `query` take the contract's shape, or any object
 * (tests send invalid input on purpose). `lang` is English unless told.
 */
export interface CallInput<E extends Endpoint> {
  /** The endpoint's path parameters by name; values are loose (a test may send a wrong one on purpose). */
  params?: { [K in keyof ParamsOf<E>]: string | number | undefined };
  query?: QueryOf<E> | Record<string, unknown>;
  body?: BodyOf<E> | object;
  headers?: Record<string, string>;
  lang?: string;
}

export interface TestApp {
  app: FastifyInstance;
  /**
   * Calls `endpoint` as `who` (see CallInput). The older form, `call(who, method, url, payload, lang)`,
   * stays for the calls that send a malformed path or a raw body on purpose.
   */
  call<E extends Endpoint>(who: Caller, endpoint: E, input?: CallInput<E>): Promise<Response>;
  call(who: Caller, method: InjectOptions['method'], url: string, payload?: object, lang?: string): Promise<Response>;
  /** Asserts a refusal: HTTP status, result code, and that the database is as it was. Answers the body. */
  expectRefusal(run: () => Promise<Response>, status: number, code: number | string): Promise<ErrorBody>;
  db: Database;
  /** The test database's address (for a second client, e.g. a job worker of its own). */
  databaseUrl: string;
  clock: TestClock;
  config: AppConfig;
  /** Signs in and returns the cookies and CSRF header to send as that caller. */
  login(email: string, password: string): Promise<Caller>;
  iamLogin(domain: string, userCode: string, password: string): Promise<Caller>;
  /** Runs the jobs waiting in the queue (mail delivery, expiry…) and those they enqueue; answers how many ran. */
  runPendingJobs(): Promise<number>;
  /** Jobs waiting in the queue (not yet run), optionally of one queue. */
  pendingJobs(name?: string): Promise<{ name: string; data: Record<string, unknown> }[]>;
  /** The dev outbox (mails kept instead of sent), oldest first. */
  mails(): Promise<(typeof mailOutbox.$inferSelect)[]>;
  /**
   * The request a service sees after the route check, for calling a service directly: a cloud
   * member's context with their real grant in the project (the app's authorizer, the test clock).
   */
  projectRequest(memberId: string, email: string, projectId: string): Promise<SignedInContext>;
}

/** `t.call` for a file whose `t` is set in its beforeAll. */
export const callOf = (app: () => TestApp): TestApp['call'] =>
  ((...args: unknown[]) => (app().call as (...rest: unknown[]) => Promise<Response>)(...args)) as TestApp['call'];

/** No session: a call as nobody. */
export const anonymous: Caller = { cookies: {}, headers: {}, as: (options) => options };

/** `who` (nobody unless given), calling from the client address `ip` (throttling, IP rules). */
export const fromAddress = (ip: string, who: Caller = anonymous): Caller => ({ ...who, as: (options) => ({ ...who.as(options), remoteAddress: ip }) });

export interface Caller {
  cookies: Record<string, string>;
  headers: Record<string, string>;
  /** inject() options for a call as this caller. */
  as(options: InjectOptions): InjectOptions;
}

function callerFrom(response: Awaited<ReturnType<FastifyInstance['inject']>>): Caller {
  const cookies: Record<string, string> = {};
  for (const cookie of response.cookies) cookies[cookie.name] = cookie.value;
  if (!cookies[SESSION_COOKIE]) throw new Error(`sign-in failed: ${response.body}`);
  const headers = { [CSRF_HEADER]: cookies[CSRF_COOKIE] ?? '' };
  return {
    cookies,
    headers,
    as: (options) => ({
      ...options,
      cookies: { ...cookies, ...options.cookies },
      headers: { ...headers, ...(options.headers as Record<string, string> | undefined) },
    }),
  };
}

/**
 * A fresh database of the file's own (a clone of the migrated template, pg-boss's schema included),
 * dropped after the file's tests; answers its address.
 */
export async function createTestDatabase(): Promise<string> {
  const { adminUrl, template, prefix } = inject('testDatabase');
  const name = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  // Registered first, so it runs after whatever uses the database is closed (last registered first).
  afterFile(async () => {
    const cleanup = new Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return withDatabase(adminUrl, name);
}

/**
 * The app on a fresh database of its own (a clone of the migrated template), closed after the
 * file's tests. Config overrides go through the same parser as production.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { mailTransport?: MailTransport; logger?: BuildAppOptions['logger'] } = {},
): Promise<TestApp> {
  const databaseUrl = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
  const db = createDatabase(databaseUrl, 4);
  const clock = new TestClock();
  const app = await buildApp({ config, db, databaseUrl, clock: clock.now, logger: false, ...options });
  await app.ready();
  // Manual mode: nothing runs in the background; a test drains the queue with runPendingJobs().
  await app.jobs.start('manual');

  afterFile(async () => {
    await app.close();
    await db.$client.end();
  });

  const call = ((who: Caller, target: Endpoint | InjectOptions['method'], ...rest: unknown[]) => {
    if (typeof target === 'object') {
      const input = (rest[0] ?? {}) as CallInput<Endpoint>;
      return app.inject(
        who.as({
          method: target.method,
          url: buildUrl(target, input.params, input.query),
          headers: { lang: input.lang ?? 'en_US', ...input.headers },
          ...(input.body === undefined ? {} : { payload: input.body as object }),
        }),
      );
    }
    const [url, payload, lang = 'en_US'] = rest as [string, object | undefined, string | undefined];
    return app.inject(who.as({ method: target, url, headers: { lang }, ...(payload === undefined ? {} : { payload }) }));
  }) as TestApp['call'];

  // The "as it was" of expectRefusal: a snapshot reused while the tables' row versions stay the same.
  const still = stillness(db);

  return {
    app,
    db,
    databaseUrl,
    clock,
    config,
    call,
    async expectRefusal(run, status, code) {
      const before = await still.before();
      const response = await run();
      expect(response.json().header, response.body).toMatchObject({ isSuccessful: false, resultCode: code });
      expect(response.statusCode).toBe(status);
      expect(await still.after(before)).toEqual(before.rows);
      return response.json();
    },
    async login(email, password) {
      return callerFrom(
        await app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email, password } }),
      );
    },
    async iamLogin(domain, userCode, password) {
      return callerFrom(
        await app.inject({ method: 'POST', url: '/api/auth/v1/iam/login', payload: { domain, userCode, password } }),
      );
    },
    runPendingJobs: () => app.jobs.runPendingJobs(),
    async pendingJobs(queue) {
      const { rows } = await db.execute<{ name: string; data: Record<string, unknown> }>(
        sql`select name, data from pgboss.job where state in ('created', 'retry') ${queue ? sql`and name = ${queue}` : sql``} order by created_on, id`,
      );
      return rows;
    },
    mails: () => db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id)),
    async projectRequest(memberId, email, projectId) {
      const caller: AccountCaller = {
        sessionId: 'service-test',
        memberType: 'TOAST_CLOUD',
        uuid: memberId,
        orgId: null,
        domain: null,
        csrfToken: '',
        expiresAt: new Date(clock.now().getTime() + 3_600_000),
        profile: { id: email, name: email, email, mobileNumber: null, country: 'KR', bizMember: false, partnerOwner: false, accountType: 'INDIVIDUAL', restrictTypes: [] },
      };
      const ctx: SignedInContext = {
        requestId: 'service-test',
        locale: 'en_US',
        lang: 'en',
        clientIp: '127.0.0.1',
        userAgent: 'vitest',
        referer: '',
        region: undefined,
        projectId: undefined,
        caller,
        sessionEndedByAccount: false,
        grant: undefined,
        authzEpoch: undefined,
        now: clock.now,
      };
      ctx.grant = await app.authorizer.projectGrant(caller, projectId, ctx);
      return ctx;
    },
  };
}
