import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { SyncExpectation } from '../db/unit-of-work.ts';

/**
 * What lets a signed-in read answer without asking PostgreSQL who the caller is (issue 8): one
 * connection per instance LISTENs for the notifications of migration 0007 — the authorization
 * epoch's bump (roles, memberships, role groups, owners, time zones changed) and any change to
 * what the session lookup reads (a session ended or revoked, an account's status, restrictions
 * or profile). PostgreSQL delivers a notification at its transaction's commit, in commit order,
 * to every instance listening, so each instance drops what it keeps as soon as it hears of a
 * change made anywhere — by this instance, another, a job or a person with psql.
 *
 * The bound: between a change's commit and its notification reaching an instance (well under a
 * millisecond on a quiet server; it queues behind whatever that instance's event loop is doing),
 * a read on that instance can still be answered from before the change. Mutations never use the
 * kept session (they read it with the epoch, in one statement, as before), and every mutation
 * waits for `sync()` before it answers, so the caller's next request to the same instance sees
 * its own change. While the connection is down nothing is kept and every request reads the
 * database, as it would without this.
 *
 * The same connection hears `console_data` (migration 0023): the organization whose rows changed,
 * which drops the answers platform/response-cache.ts keeps for it (`onChange`).
 */
export interface AuthNotifications {
  /** Connected and listening: the in-memory caches may answer. */
  readonly listening: boolean;
  /** The newest authorization epoch heard of (or read when the connection was made). */
  readonly epoch: number;
  /**
   * Grows at each notification about sessions and each (re)connection: a session read that began
   * at an older generation may be from before a change, and is not kept.
   */
  readonly sessionGeneration: number;
  /** An epoch read from the database with a session: never go back to an older one. */
  observeEpoch(epoch: number): void;
  /**
   * Calls `listener` with what changed, as soon as it is heard (platform/response-cache.ts): an
   * organization's id when one of its rows changed (migration 0023's console_data), or `*` when
   * anything may have (a change outside any one organization, a new authorization epoch, or the
   * connection lost or made again).
   */
  onChange(listener: (scope: string) => void): void;
  /** Resolves once every notification committed before this call has been heard here. */
  sync(): Promise<void>;
  /**
   * sync() without its own round trip: a token for a change to NOTIFY on `channel` right after it
   * commits, in its COMMIT's own message (db/unit-of-work.ts); `heard()` resolves once it comes
   * back (every notification committed up to then heard here), the connection goes, or — as a
   * sync — it is not heard within the timeout. `cancel()` when it was not sent. Undefined while not
   * listening (sync() would not wait either).
   */
  expectSync(): SyncExpectation | undefined;
  close(): Promise<void>;
}

const CHANNELS = ['console_authz_epoch', 'console_sessions', 'console_sync', 'console_data'] as const;
/** The scope of a change that may concern any organization. */
export const EVERY_SCOPE = '*';
const RECONNECT_MS = [100, 500, 2_000, 5_000];
/**
 * A sync not heard back within this is a connection that stopped delivering: it is dropped (so
 * nothing is kept and every request reads the database) and reconnected, and the change answers.
 */
const SYNC_TIMEOUT_MS = 2_000;

export function createAuthNotifications(options: {
  databaseUrl: string;
  log: { warn(object: object, message: string): void; info?(object: object, message: string): void };
}): AuthNotifications {
  let client: Client | undefined;
  let listening = false;
  let epoch = -1;
  let sessionGeneration = 0;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const instance = randomUUID();
  let syncSeq = 0;
  const waiting = new Map<string, () => void>();
  const changeListeners: ((scope: string) => void)[] = [];
  const changed = (scope: string) => {
    for (const listener of changeListeners) listener(scope);
  };

  function releaseWaiting() {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  }

  function lost(from: Client, error?: Error) {
    if (client !== from) return;
    client = undefined;
    listening = false;
    sessionGeneration++;
    changed(EVERY_SCOPE);
    // Nothing is kept while not listening: a sync has nothing left to wait for.
    releaseWaiting();
    from.removeAllListeners('notification');
    from.end().catch(() => {});
    if (closed) return;
    if (error) options.log.warn({ err: error }, 'auth notifications: connection lost; reading every session from the database until it is back');
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
    reconnectTimer = setTimeout(() => void connect(), delay);
    reconnectTimer.unref();
  }

  async function connect() {
    if (closed) return;
    const next = new Client({ connectionString: options.databaseUrl, application_name: 'console-auth-notify', keepAlive: true });
    next.on('notification', (message) => {
      if (client !== next) return;
      if (message.channel === 'console_authz_epoch') {
        const announced = Number(message.payload);
        if (Number.isFinite(announced) && announced > epoch) epoch = announced;
        changed(EVERY_SCOPE);
      } else if (message.channel === 'console_data') {
        changed(message.payload || EVERY_SCOPE);
      } else if (message.channel === 'console_sessions') {
        sessionGeneration++;
      } else if (message.channel === 'console_sync' && message.payload) {
        const resolve = waiting.get(message.payload);
        if (resolve) {
          waiting.delete(message.payload);
          resolve();
        }
      }
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
      // Listening first, then the epoch: a bump committed after this read is heard.
      const { rows } = await next.query<{ epoch: string }>('select epoch from authz_epoch where id = 1');
      if (closed) {
        await next.end().catch(() => {});
        return;
      }
      epoch = Math.max(epoch, Number(rows[0]?.epoch ?? 0));
      sessionGeneration++;
      changed(EVERY_SCOPE);
      client = next;
      listening = true;
      attempt = 0;
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      await next.end().catch(() => {});
      if (closed) return;
      options.log.warn({ err: error }, 'auth notifications: cannot listen; reading every session from the database meanwhile');
      const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
      reconnectTimer = setTimeout(() => void connect(), delay);
      reconnectTimer.unref();
    }
  }

  let syncInFlight: Promise<void> | undefined;
  let nextSync: Promise<void> | undefined;

  /** Sends one notification to itself and resolves when it comes back (or the connection goes). */
  async function syncOnce(): Promise<void> {
    const current = client;
    if (!current || !listening) return;
    const token = `${instance}:${++syncSeq}`;
    const heard = new Promise<void>((resolve) => waiting.set(token, resolve));
    try {
      await current.query('select pg_notify($1, $2)', ['console_sync', token]);
    } catch {
      // The connection went: `lost` released every waiter and nothing is kept any more.
      waiting.delete(token);
      return;
    }
    await heardOrLost(current, heard);
  }

  /** Waits for `heard`; not heard within SYNC_TIMEOUT_MS: the connection stopped delivering (`lost`). */
  async function heardOrLost(current: Client, heard: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), SYNC_TIMEOUT_MS);
      timer.unref();
    });
    const outcome = await Promise.race([heard, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') lost(current, new Error(`no notification heard back within ${SYNC_TIMEOUT_MS} ms`));
  }

  void connect();

  return {
    get listening() {
      return listening;
    },
    get epoch() {
      return epoch;
    },
    get sessionGeneration() {
      return sessionGeneration;
    },
    observeEpoch(seen: number) {
      if (seen > epoch) epoch = seen;
    },
    onChange(listener) {
      changeListeners.push(listener);
    },
    // One sync at a time on the connection; callers arriving while one is out share the next one
    // (sent after theirs began, so it covers their commit).
    expectSync() {
      const current = client;
      if (!current || !listening) return undefined;
      const token = `${instance}:${++syncSeq}`;
      // Waiting from now: the notification may come back before the change's answer asks for it.
      const heard = new Promise<void>((resolve) => waiting.set(token, resolve));
      let waited: Promise<void> | undefined;
      return {
        channel: 'console_sync',
        token,
        heard: () => (waited ??= heardOrLost(current, heard)),
        cancel: () => void waiting.delete(token),
      };
    },
    sync() {
      if (!client || !listening) return Promise.resolve();
      if (nextSync) return nextSync;
      if (!syncInFlight) return (syncInFlight = syncOnce().finally(() => (syncInFlight = undefined)));
      nextSync = syncInFlight.then(() => {
        nextSync = undefined;
        return (syncInFlight = syncOnce().finally(() => (syncInFlight = undefined)));
      });
      return nextSync;
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = undefined;
      listening = false;
      releaseWaiting();
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}

/** Resolves when `notifications` listens (tests and the first requests after a start); false after `timeoutMs`. */
export async function untilListening(notifications: AuthNotifications, timeoutMs = 5_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (!notifications.listening) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
