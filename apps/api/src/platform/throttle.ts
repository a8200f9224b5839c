import type { ResultCodeKey } from '@console/contracts';
import type { RequestContext } from './context.ts';
import { AppError } from './errors.ts';

/** A client IP may fail this many times the per-account limit in a window, over all accounts. */
export const CLIENT_FAILURE_FACTOR = 5;
/** Keys remembered at most; beyond it expired ones go first, then the oldest. */
const MAX_KEYS = 100_000;
const WINDOW_MS = 60_000;

interface Window {
  failures: number;
  /** When the window that began with the first failure ends (epoch ms). */
  endsAt: number;
}

/** Failures counted per key in windows of a minute that begin with a key's first failure. */
class FailureCounter {
  private readonly windows = new Map<string, Window>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }

  /** Seconds until the key may try again (0: it may now). */
  waitOf(key: string, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) return 0;
    return window.failures >= this.max ? Math.ceil((window.endsAt - now) / 1000) : 0;
  }

  fail(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && window.endsAt > now) {
      window.failures++;
      return;
    }
    this.windows.delete(key);
    if (this.windows.size >= MAX_KEYS) this.prune(now);
    this.windows.set(key, { failures: 1, endsAt: now + WINDOW_MS });
  }

  clear(key: string) {
    this.windows.delete(key);
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
    // Still full (a flood of distinct keys): forget the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

/** What is guessed: a password (sign-in, per account) or a secret link (invitation, password setup). */
export type ThrottledKind = 'sign-in' | 'link';

const clientKey = (kind: ThrottledKind, ctx: RequestContext) => `${kind}\u0000${ctx.clientIp}`;
const accountKey = (kind: ThrottledKind, ctx: RequestContext, account: string) => `${kind}\u0000${ctx.clientIp}\u0000${account}`;

/**
 * Throttles guessing without letting one person's typo block another (docs/decisions.md "Sign-in
 * throttling"). Only failures count — a wrong password, an unknown link — never successes nor
 * refused input:
 * - per account and client IP: `perMinute` failures (LOGIN_RATE_LIMIT_PER_MINUTE) for one account
 *   from one IP, then that account is refused from that IP (TOO_MANY_REQUESTS with retryAfter) until the
 *   minute that began with its first failure ends; a successful sign-in starts it afresh;
 * - per client IP: CLIENT_FAILURE_FACTOR times as many failures over every account (or every
 *   link), against one IP trying many accounts.
 * Counted in this process's memory, like the per-IP limit it replaces.
 */
export function createFailureThrottle(perMinute: number) {
  const perAccount = new FailureCounter(perMinute);
  const perClient = new FailureCounter(perMinute * CLIENT_FAILURE_FACTOR);

  return {
    /**
     * Runs an attempt: refused at once while the account (or the client) is throttled; a failure
     * whose code is in `failures` is counted; a success clears the account's count.
     * `account` is the normalized thing guessed at (null for links: every link counts per client).
     */
    async attempt<T>(ctx: RequestContext, kind: ThrottledKind, account: string | null, failures: readonly ResultCodeKey[], run: () => Promise<T>): Promise<T> {
      const now = ctx.now().getTime();
      const keyOfAccount = account === null ? null : accountKey(kind, ctx, account);
      const wait = Math.max(perClient.waitOf(clientKey(kind, ctx), now), keyOfAccount ? perAccount.waitOf(keyOfAccount, now) : 0);
      if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: wait } });
      try {
        const result = await run();
        if (keyOfAccount) perAccount.clear(keyOfAccount);
        return result;
      } catch (error) {
        if (error instanceof AppError && failures.includes(error.key)) {
          perClient.fail(clientKey(kind, ctx), now);
          if (keyOfAccount) perAccount.fail(keyOfAccount, now);
        }
        throw error;
      }
    },
  };
}

export type FailureThrottle = ReturnType<typeof createFailureThrottle>;
