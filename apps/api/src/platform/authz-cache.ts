import { inChange } from '../db/unit-of-work.ts';

/**
 * What the permission check read from the database (organization roles, a project's reference, a
 * membership with its role groups), kept in memory while the authorization epoch stays the same
 * (db/schema/authz-epoch.ts). Every request reads the epoch with its session, in one statement:
 * when anything a decision reads has changed — through this instance, another, a job or by hand —
 * the epoch has grown, and the cache starts empty. Requests of an older epoch (still in flight
 * when a newer one arrived) read the database and keep nothing.
 */
export interface AuthzCache {
  /** The value for `key` at `epoch`: from memory when read at that epoch, else loaded (and kept). */
  get<T>(epoch: number | undefined, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Values for many keys at once: those read at `epoch` from memory, the others by ONE call of
   * `loadMissing` (which answers a map of the keys it was given; absent keys are kept as undefined).
   */
  getMany<T>(epoch: number | undefined, keys: readonly string[], loadMissing: (missing: readonly string[]) => Promise<ReadonlyMap<string, T>>): Promise<Map<string, T | undefined>>;
  readonly size: number;
}

function keep(kept: Map<string, Promise<unknown>>, key: string, loading: Promise<unknown>) {
  kept.set(key, loading);
  // A failed read is not kept: the next request tries again.
  loading.catch(() => {
    if (kept.get(key) === loading) kept.delete(key);
  });
}

export function createAuthzCache(options: { maxEntries?: number } = {}): AuthzCache {
  const maxEntries = options.maxEntries ?? 20_000;
  let current = -1;
  let entries = new Map<string, Promise<unknown>>();

  /** The entries of `epoch`, or undefined when the request is older than what the cache holds. */
  function entriesAt(epoch: number | undefined): Map<string, Promise<unknown>> | undefined {
    // Read inside a change not yet committed (db/unit-of-work.ts): its own writes, kept for nobody.
    if (epoch === undefined || epoch < current || inChange()) return undefined;
    if (epoch > current) {
      current = epoch;
      entries = new Map();
    }
    // Full: start over rather than track recency; a full cache is rare and refills at once.
    if (entries.size >= maxEntries) entries = new Map();
    return entries;
  }

  return {
    get size() {
      return entries.size;
    },
    async getMany<T>(epoch: number | undefined, keys: readonly string[], loadMissing: (missing: readonly string[]) => Promise<ReadonlyMap<string, T>>) {
      const kept = entriesAt(epoch);
      const missing = new Set(kept ? keys.filter((key) => !kept.has(key)) : keys);
      const loading = missing.size > 0 ? loadMissing([...missing]) : Promise.resolve(new Map<string, T>());
      if (kept) for (const key of missing) keep(kept, key, loading.then((loaded) => loaded.get(key)));
      const loaded = await loading;
      const found = new Map<string, T | undefined>();
      for (const key of keys) found.set(key, missing.has(key) ? loaded.get(key) : ((await kept!.get(key)) as T | undefined));
      return found;
    },
    async get<T>(epoch: number | undefined, key: string, load: () => Promise<T>): Promise<T> {
      const kept = entriesAt(epoch);
      if (!kept) return load();
      const found = kept.get(key) as Promise<T> | undefined;
      if (found) return found;
      const loading = load();
      keep(kept, key, loading);
      return loading;
    },
  };
}
