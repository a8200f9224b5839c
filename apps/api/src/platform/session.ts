import { timingSafeEqual } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, HEADERS, langOf, LOCALE_COOKIE, resolveLocale, SESSION_COOKIE } from '@console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Caller, Clock, RequestContext } from './context.ts';
import { AppError } from './errors.ts';
import type { AuthNotifications } from './auth-notify.ts';
import { aliasedHeaderOf, headerConflict } from './headers.ts';
import { sessionRepository, type SessionRow } from './session.repository.ts';
import { bearerTokenOf, createBearerAuth } from './bearer.ts';
import { profileOf } from './caller-profile.ts';
import { cookieOf } from './cookies.ts';

import { hashToken } from './tokens.ts';

/** Kept here too for the modules that take them with the session (platform/tokens.ts holds them). */
export { hashToken, newSessionToken } from './tokens.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Reads may answer from a session kept in memory (never a call that changes something). */
const READS = new Set(['GET', 'HEAD']);
/** A kept session is read again after this long even if no notification came (a second line of defence). */
const KEPT_SESSION_MS = 30_000;
/** Sessions kept at most; when full, the cache starts over (it refills at one statement per session). */
const KEPT_SESSIONS_MAX = 10_000;
/** Writing last_seen_at on every call would turn reads into writes; a minute's precision is plenty. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionCookieOptions {
  secure: boolean;
}

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  csrfToken: string,
  expiresAt: Date,
  options: SessionCookieOptions,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires: expiresAt,
  });
  // Readable by the console's script, which echoes it in the x-csrf-token header (double submit).
  reply.setCookie(CSRF_COOKIE, csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure: options.secure,
    expires: expiresAt,
  });
}

export function clearSessionCookies(reply: FastifyReply, options: SessionCookieOptions) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: options.secure });
  reply.clearCookie(CSRF_COOKIE, { path: '/', sameSite: 'strict', secure: options.secure });
}

/** When a session ends: idle for longer than its timeout, or past its absolute lifetime. */
export function sessionEndsAt(session: Pick<SessionRow, 'lastSeenAt' | 'idleTimeoutMinutes' | 'expiresAt'>): Date {
  const idleEnd = session.lastSeenAt.getTime() + session.idleTimeoutMinutes * 60_000;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

function sameToken(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Builds the request context of every /api call and resolves the session cookie to a caller.
 * State-changing calls made with a session cookie must echo the CSRF token; a cross-site Origin
 * is refused outright.
 */
/** What the request context offers the rest of the app beside its hook. */
export interface RequestContextHandle {
  /**
   * Whether a session token names a session that would let a call through now (not ended, its
   * account active, not revoked), read as a read-only call reads it (kept sessions first). Nothing
   * is touched, deleted or cleared: the console's HTML uses it to choose its preloads.
   */
  hasUsableSession(token: string): Promise<boolean>;
}

export function registerRequestContext(
  app: FastifyInstance,
  deps: { db: Database; config: AppConfig; clock: Clock; notifications?: AuthNotifications | undefined },
): RequestContextHandle {
  app.decorateRequest('ctx', undefined as unknown as RequestContext);
  const sessions = createSessionCache(deps.db, deps.notifications);
  const bearer = createBearerAuth(deps.db, deps.notifications);

  app.addHook('onRequest', async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const locale = resolveLocale(header(HEADERS.lang) ?? cookieOf(request, LOCALE_COOKIE), header('accept-language'));
    const lang = langOf(locale);
    const projectId = aliasedHeaderOf(request, 'projectId');
    request.ctx = {
      requestId: request.id,
      locale,
      lang,
      clientIp: request.ip,
      userAgent: header('user-agent') ?? '',
      referer: header('referer') ?? '',
      region: header(HEADERS.region),
      // Spec §7 "project-id"; the web sends x-project-id.
      projectId: projectId.value,
      caller: undefined,
      sessionEndedByAccount: false,
      grant: undefined,
      authzEpoch: undefined,
      now: deps.clock,
    };
    reply.header(HEADERS.requestId, request.id);
    if (projectId.conflicting) throw headerConflict('projectId', lang);
    // The API, and product pages the console serves under its origin (modules/product-gateway): signed-in, CSRF-checked.
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/product-proxy/')) return;

    if (STATE_CHANGING.has(request.method)) assertSameOrigin(request, deps.config.cookieSecure);

    // An access token (platform/bearer.ts) instead of the cookie: no CSRF token, since no cookie is involved.
    const bearerToken = bearerTokenOf(request);
    if (bearerToken !== undefined) {
      const reads = READS.has(request.method) || request.routeOptions.config?.readOnly === true;
      const found = await bearer.authenticate(bearerToken, reads, deps.clock());
      request.ctx.caller = found.caller;
      request.ctx.authzEpoch = found.authzEpoch;
      return;
    }

    // Only the session cookie is read (platform/cookies.ts); the CSRF check below compares the header with
    // the session's own token, never with a cookie.
    const token = cookieOf(request, SESSION_COOKIE);
    if (!token) return;
    const now = deps.clock();
    // A read may use the session kept in memory while nothing it depends on has changed
    // (platform/auth-notify.ts); one that looks ended or refused is read again to be sure.
    const reads = READS.has(request.method) || request.routeOptions.config?.readOnly === true;
    const kept = reads ? sessions.kept(token, now) : undefined;
    const keptUsable = kept !== undefined && isUsable(kept, now);
    const found = keptUsable ? kept : await sessions.read(token, now);
    const session = found?.session;
    // A session revoked from outside (account suspended, deleted, password set) ends like a suspension: 4000.
    const accountActive =
      (found?.member ?? found?.iam)?.status === 'STABLE' &&
      !found?.member?.restrictTypes.includes('CONSOLE_BLOCK') &&
      !session?.revokedAt;
    if (!found || !session || sessionEndsAt(session) <= now || !accountActive) {
      if (session) await sessionRepository.deleteSession(deps.db, session.id);
      clearSessionCookies(reply, { secure: deps.config.cookieSecure });
      request.ctx.sessionEndedByAccount = Boolean(session) && !accountActive;
      return;
    }
    if (STATE_CHANGING.has(request.method)) {
      const sent = header(CSRF_HEADER);
      if (!sent || !sameToken(sent, session.csrfToken)) throw new AppError('CSRF_TOKEN_INVALID');
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await sessionRepository.touchSession(deps.db, session.id, now);
      session.lastSeenAt = now;
    }
    request.ctx.caller = keptUsable ? callerOfKept(found) : callerOf(found);
    // A kept session goes with the newest epoch heard of; one read now with the epoch of its snapshot.
    request.ctx.authzEpoch = keptUsable ? deps.notifications!.epoch : found.authzEpoch;
  });

  return {
    async hasUsableSession(token) {
      const now = deps.clock();
      const kept = sessions.kept(token, now);
      if (kept !== undefined && isUsable(kept, now)) return true;
      const found = await sessions.read(token, now);
      return found !== undefined && isUsable(found, now);
    },
  };
}

type FoundSession = NonNullable<Awaited<ReturnType<typeof sessionRepository.findSessionByTokenHash>>>;

/** The caller of a kept session, built once per touch of the session (its end moves with it). */
const keptCallers = new WeakMap<FoundSession, { lastSeenAt: number; caller: Caller }>();
function callerOfKept(found: FoundSession): Caller {
  const lastSeenAt = found.session.lastSeenAt.getTime();
  const kept = keptCallers.get(found);
  if (kept?.lastSeenAt === lastSeenAt) return kept.caller;
  const caller = callerOf(found);
  keptCallers.set(found, { lastSeenAt, caller });
  return caller;
}

/** Whether a session lets its call through: not ended, its account active, not revoked. */
function isUsable(found: FoundSession, now: Date): boolean {
  const { session } = found;
  return (
    (found.member ?? found.iam)?.status === 'STABLE' &&
    !found.member?.restrictTypes.includes('CONSOLE_BLOCK') &&
    !session.revokedAt &&
    sessionEndsAt(session) > now
  );
}

/**
 * Sessions read for earlier calls, by token, kept while the notifications say nothing they
 * depend on has changed (platform/auth-notify.ts): a read kept only if no notification about
 * sessions arrived while it ran, all dropped at the next one, each read again after
 * KEPT_SESSION_MS. Without notifications (not listening, or AUTH_CACHE off) nothing is kept.
 * Keyed by the token itself, not its hash: a kept session's call hashes nothing (a SHA-256 per
 * request was 2 % of a cached read's CPU, issue 8). The process holds each token while it serves
 * its request anyway; the database still holds only hashes.
 */
function createSessionCache(db: Database, notifications: AuthNotifications | undefined) {
  let generation = -1;
  let entries = new Map<string, { found: FoundSession; readAt: number }>();
  function current(): Map<string, { found: FoundSession; readAt: number }> | undefined {
    if (!notifications?.listening) return undefined;
    if (notifications.sessionGeneration !== generation) {
      generation = notifications.sessionGeneration;
      entries = new Map();
    }
    return entries;
  }
  return {
    kept(token: string, now: Date): FoundSession | undefined {
      const entry = current()?.get(token);
      if (!entry) return undefined;
      if (now.getTime() - entry.readAt >= KEPT_SESSION_MS || now.getTime() < entry.readAt) {
        entries.delete(token);
        return undefined;
      }
      return entry.found;
    },
    async read(token: string, now: Date): Promise<FoundSession | undefined> {
      const before = notifications?.listening ? notifications.sessionGeneration : undefined;
      const found = await sessionRepository.findSessionByTokenHash(db, hashToken(token));
      if (found) notifications?.observeEpoch(found.authzEpoch);
      const map = current();
      // Kept only when nothing about sessions was announced while it was read, and only usable ones.
      if (map && found && before === generation && isUsable(found, now)) {
        if (map.size >= KEPT_SESSIONS_MAX) map.clear();
        map.set(token, { found, readAt: now.getTime() });
      } else if (map) {
        map.delete(token);
      }
      return found;
    },
  };
}

type SessionWithAccount = NonNullable<Awaited<ReturnType<typeof sessionRepository.findSessionByTokenHash>>>;

export function callerOf({ session, member, iam }: SessionWithAccount): Caller {
  const profile = profileOf(member, iam);
  return {
    sessionId: session.id,
    memberType: session.memberType,
    uuid: (session.memberType === 'IAM' ? session.iamMemberId : session.memberId)!,
    orgId: session.orgId,
    domain: session.domain,
    csrfToken: session.csrfToken,
    expiresAt: sessionEndsAt(session),
    profile,
  };
}

/**
 * A browser sends Origin on cross-site POSTs; one that names another origin — another host, or the
 * same host over another scheme (a page on http:// posting to the https:// console) — is a forgery
 * attempt. The console's scheme is https when cookies are Secure (it is served over HTTPS, whatever
 * a proxy in front says), else the request's own (X-Forwarded-Proto from a trusted proxy,
 * TRUST_PROXY_HOPS).
 */
function assertSameOrigin(request: FastifyRequest, secure: boolean) {
  const origin = request.headers.origin;
  if (!origin) return;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new AppError('CSRF_TOKEN_INVALID');
  }
  const scheme = secure ? 'https' : request.protocol;
  if (url.host !== request.host || url.protocol !== `${scheme}:`) throw new AppError('CSRF_TOKEN_INVALID');
}
