import type { FastifyRequest } from 'fastify';
import { EVERY_SCOPE, type AuthNotifications } from './auth-notify.ts';

/**
 * Answers of signed-in reads kept in memory while nothing they were computed from has changed
 * (issue 8): a route registered with `cache: true` (platform/routes.ts) answers a repeated read
 * with the JSON it sent before, after every check has run again — the session, the permission
 * check with its conditions, the network rules — and without running its handler or any SQL.
 *
 * What an answer depends on, and how each is covered:
 * - the rows it read: migration 0023 NOTIFYs `console_data` with the organization's id at the
 *   commit of any change to a row of that organization (`*` for rows outside any one), heard by
 *   platform/auth-notify.ts; the organization's answers are dropped when it arrives. An answer
 *   read while a change to its organization was being heard is not kept (the generation check).
 * - who asks and what they may see: the caller, and every request attribute a condition or the
 *   personal-data rule reads (client IP, user agent, referer, project header, region), are part
 *   of the key; a new authorization epoch drops everything.
 * - the time: conditions on the time of day or date are decided to the minute, and the minute is
 *   part of the key; nothing is kept longer than MAX_AGE_MS.
 * - the language: the locale is part of the key.
 * Identical requests arriving while an answer is being computed wait for it instead of computing it
 * again (a page opened in several tabs, a poll, a burst after a change); one arriving after a change
 * was heard never waits for an answer begun before it.
 * While the notification connection is down nothing is kept or answered from memory. A request
 * with `Cache-Control: no-cache` (a hard reload) is answered afresh, and that answer is kept.
 *
 * A route may opt in only if its answer is a function of those alone: no clock-derived fields
 * (an invitation's expiry, a lock's end), no response headers of its own. The bound on other
 * instances is auth-notify's: a change is heard there well under a millisecond after its commit.
 */
export interface ResponseCache {
  /**
   * The answer kept for this request; or, while the same answer is being computed for an identical
   * request, a promise of it (undefined if that one fails); else the ticket to keep this one's
   * answer with (undefined: do not keep it).
   */
  lookup(request: FastifyRequest, scope: string, scopeId: string | undefined): { hit: Buffer } | { pending: Promise<Buffer | undefined> } | { ticket: Ticket } | undefined;
  /**
   * Before validation (registerEndpoint's preValidation): the answer kept for this very request —
   * its raw URL and raw body, the caller and every attribute of the key — with the scope and the
   * validated scope id its access check was made on. Only answers of requests that passed
   * validation are kept, and the same raw input validates to the same value, so a hit needs no
   * validation; the caller's access check still runs on that id before it is sent (`still`).
   */
  peek(request: FastifyRequest): Peeked | undefined;
  /** Whether the answer `peek` found is still kept (nothing was heard about its scope since), counted as a hit if so. */
  still(peeked: Peeked): boolean;
  /**
   * Keeps an answer, its JSON text, unless its scope changed since its lookup; identical requests
   * waiting get it. The bytes a hit writes (with their length) are made from the text at its first
   * hit, once, and kept: an answer computed afresh is sent as text and makes no buffer (a 30 KB
   * buffer a fresh page was external memory, and V8 ran a full mark-compact, 11-37 ms paused,
   * about once a second under fresh reads; issue 8, thirteenth pass).
   */
  store(ticket: Ticket, text: string): void;
  /** The ticket's request is answered (whatever the outcome): those still waiting compute their own. */
  settle(ticket: Ticket): void;
  readonly size: number;
  readonly stats: { hits: number; misses: number; stored: number; dropped: number; shared: number };
}

export interface Peeked {
  readonly key: string;
  readonly body: Buffer;
  readonly scope: string;
  readonly scopeId: string | undefined;
}

export interface Ticket {
  readonly key: string;
  readonly scope: string;
  /** The validated organization or project id the access check was made on (undefined: a session route). */
  readonly scopeId: string | undefined;
  readonly generation: number;
  readonly minute: number;
  /** Resolves the identical requests that wait for this one's answer. */
  readonly share: (kept: Kept | undefined) => void;
}

/** How long an identical request waits for another's answer before computing its own. */
const SHARE_WAIT_MS = 5_000;

/** An answer kept: its text, its length in characters (what the limits count), and its bytes once a hit has needed them. */
interface Kept {
  text: string;
  readonly length: number;
  bytes?: Buffer;
}

/** The UTF-8 bytes of a kept answer, made from its text the first time they are asked for. */
function bytesOf(kept: Kept): Buffer {
  if (!kept.bytes) {
    kept.bytes = Buffer.from(kept.text);
    kept.text = '';
  }
  return kept.bytes;
}

interface Entry {
  kept: Kept;
  scope: string;
  scopeId: string | undefined;
  storedAt: number;
}

/** Kept answers at most, and their characters: past either the cache starts over. */
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** A body longer than this (characters) is not kept (a page of 50 rows is a few tens of thousands). */
const MAX_BODY_BYTES = 512 * 1024;
/** A second line of defence: an answer is computed again after this long whatever was heard. */
const MAX_AGE_MS = 60_000;

const FRESH = /no-cache|no-store|max-age=0/i;
const asksFresh = (request: FastifyRequest) => {
  const asked = request.headers['cache-control'];
  return (typeof asked === 'string' && FRESH.test(asked)) || request.headers.pragma === 'no-cache';
};

/**
 * Everything of the request an answer may depend on besides its rows (see ResponseCache). The URL
 * and the body as sent, not as validated: two requests share a key only if they sent the same bytes,
 * so they validate to the same input (two spellings of one input are two keys, never one key for two
 * inputs), and the key is known before validation runs.
 */
function keyOf(request: FastifyRequest, minute: number): string | undefined {
  const { ctx } = request;
  const caller = ctx.caller;
  if (!caller) return undefined;
  const reads = request.method === 'GET' || request.method === 'HEAD';
  // A question with a body (authorize): the JSON text it sent (app.ts keeps it); any other body is not kept.
  if (!reads && request.bodyText === undefined) return undefined;
  return [
    request.method,
    request.url,
    reads ? '' : request.bodyText,
    ctx.locale,
    `${caller.memberType}:${caller.uuid}`,
    ctx.clientIp,
    ctx.userAgent,
    ctx.referer,
    ctx.projectId ?? '',
    ctx.region ?? '',
    minute,
  ].join('\n');
}

export function createResponseCache(notifications: AuthNotifications, now: () => Date): ResponseCache {
  /** By key; and the keys of each scope (an organization's id, or `*` for answers that span organizations). */
  let byKey = new Map<string, Entry>();
  let scopes = new Map<string, Set<string>>();
  let size = 0;
  let bytes = 0;
  let minuteOfEntries = -1;
  /** Grows with every change heard of anywhere: what a multi-organization answer checks. */
  let anyGeneration = 0;
  /** Grows with every change that may concern every organization. */
  let everyGeneration = 0;
  const scopeGeneration = new Map<string, number>();
  const stats = { hits: 0, misses: 0, stored: 0, dropped: 0, shared: 0 };
  /** Answers being computed, by key: identical requests arriving meanwhile wait for them. */
  const inFlight = new Map<string, { scope: string; answer: Promise<Kept | undefined>; ticket: Ticket }>();
  const forgetInFlight = (matches: (scope: string) => boolean) => {
    for (const [key, flight] of inFlight) if (matches(flight.scope)) inFlight.delete(key);
  };

  const clear = () => {
    stats.dropped += size;
    byKey = new Map();
    scopes = new Map();
    size = 0;
    bytes = 0;
  };

  const dropScope = (scope: string) => {
    const kept = scopes.get(scope);
    if (!kept) return;
    scopes.delete(scope);
    for (const key of kept) {
      const entry = byKey.get(key);
      if (entry?.scope !== scope) continue;
      byKey.delete(key);
      bytes -= entry.kept.length;
      size--;
      stats.dropped++;
    }
  };

  /** The entry kept under this key for this scope, if it is still fresh. */
  const fresh = (key: string, at: number): Entry | undefined => {
    const entry = byKey.get(key);
    return entry && at - entry.storedAt < MAX_AGE_MS && at >= entry.storedAt ? entry : undefined;
  };

  const generationOf = (scope: string) =>
    scope === EVERY_SCOPE ? anyGeneration : everyGeneration + (scopeGeneration.get(scope) ?? 0);

  notifications.onChange((scope) => {
    anyGeneration++;
    // A request arriving after a change is never given an answer computed before it.
    if (scope === EVERY_SCOPE) {
      everyGeneration++;
      scopeGeneration.clear();
      clear();
      inFlight.clear();
      return;
    }
    scopeGeneration.set(scope, (scopeGeneration.get(scope) ?? 0) + 1);
    dropScope(scope);
    dropScope(EVERY_SCOPE);
    forgetInFlight((flight) => flight === scope || flight === EVERY_SCOPE);
  });

  return {
    peek(request) {
      if (!notifications.listening || asksFresh(request)) return undefined;
      const at = now().getTime();
      const minute = Math.floor(at / 60_000);
      if (minute !== minuteOfEntries) return undefined;
      const key = keyOf(request, minute);
      const entry = key === undefined ? undefined : fresh(key, at);
      return entry && key !== undefined ? { key, body: bytesOf(entry.kept), scope: entry.scope, scopeId: entry.scopeId } : undefined;
    },
    still(peeked) {
      if (!notifications.listening) return false;
      const at = now().getTime();
      if (Math.floor(at / 60_000) !== minuteOfEntries || fresh(peeked.key, at)?.kept.bytes !== peeked.body) return false;
      stats.hits++;
      return true;
    },
    lookup(request, scope, scopeId) {
      if (!notifications.listening) return undefined;
      const at = now().getTime();
      const minute = Math.floor(at / 60_000);
      if (minute !== minuteOfEntries) {
        clear();
        minuteOfEntries = minute;
      }
      const key = keyOf(request, minute);
      if (key === undefined) return undefined;
      // A client asking for a fresh answer (a hard reload sends Cache-Control: no-cache) gets one, kept for the next.
      const entry = asksFresh(request) ? undefined : fresh(key, at);
      if (entry?.scope === scope && entry.scopeId === scopeId) {
        stats.hits++;
        return { hit: bytesOf(entry.kept) };
      }
      const flight = inFlight.get(key);
      if (flight && !asksFresh(request)) {
        stats.shared++;
        return { pending: flight.answer.then((kept) => kept && bytesOf(kept)) };
      }
      stats.misses++;
      const shared: { resolve?: (kept: Kept | undefined) => void } = {};
      const answer = new Promise<Kept | undefined>((resolve) => (shared.resolve = resolve));
      const share = shared.resolve!;
      setTimeout(() => share(undefined), SHARE_WAIT_MS).unref();
      const ticket: Ticket = { key, scope, scopeId, generation: generationOf(scope), minute, share };
      inFlight.set(key, { scope, answer, ticket });
      return { ticket };
    },
    settle(ticket) {
      if (inFlight.get(ticket.key)?.ticket === ticket) inFlight.delete(ticket.key);
      ticket.share(undefined);
    },
    store(ticket, text) {
      if (!notifications.listening || ticket.minute !== minuteOfEntries) return;
      if (generationOf(ticket.scope) !== ticket.generation) return;
      const { length } = text;
      const kept: Kept = { text, length };
      ticket.share(kept);
      if (length > MAX_BODY_BYTES) return;
      if (size >= MAX_ENTRIES || bytes + length > MAX_BYTES) clear();
      let keys = scopes.get(ticket.scope);
      if (!keys) scopes.set(ticket.scope, (keys = new Set()));
      keys.add(ticket.key);
      const previous = byKey.get(ticket.key);
      if (previous) bytes -= previous.kept.length;
      else size++;
      byKey.set(ticket.key, { kept, scope: ticket.scope, scopeId: ticket.scopeId, storedAt: now().getTime() });
      bytes += length;
      stats.stored++;
    },
    get size() {
      return size;
    },
    stats,
  };
}
