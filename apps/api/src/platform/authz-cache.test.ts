import { describe, expect, it } from 'vitest';
import { createAuthzCache } from './authz-cache.ts';

describe('the permission check cache', () => {
  it('reads once per key and epoch, and starts over when the epoch grows', async () => {
    const cache = createAuthzCache();
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get(1, 'a', load)).toBe(1);
    expect(await cache.get(1, 'a', load)).toBe(1);
    expect(await cache.get(2, 'a', load)).toBe(2);
    expect(await cache.get(2, 'a', load)).toBe(2);
  });

  it('never keeps what a request of an older epoch read, nor answers it from the newer one', async () => {
    const cache = createAuthzCache();
    expect(await cache.get(5, 'a', async () => 'new')).toBe('new');
    expect(await cache.get(4, 'a', async () => 'old')).toBe('old');
    expect(await cache.get(5, 'a', async () => 'never read')).toBe('new');
  });

  it('keeps nothing without an epoch (no session)', async () => {
    const cache = createAuthzCache();
    let reads = 0;
    await cache.get(undefined, 'a', async () => ++reads);
    await cache.get(undefined, 'a', async () => ++reads);
    expect(reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('shares one read between concurrent requests, and forgets a failed one', async () => {
    const cache = createAuthzCache();
    let reads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 5));
    expect(await Promise.all([cache.get(1, 'a', slow), cache.get(1, 'a', slow)])).toEqual([1, 1]);
    await expect(cache.get(1, 'b', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await Promise.resolve();
    expect(await cache.get(1, 'b', async () => 'read again')).toBe('read again');
  });

  it('reads only the missing keys of a batch, in one call', async () => {
    const cache = createAuthzCache();
    const calls: string[][] = [];
    const loadMissing = async (missing: readonly string[]) => {
      calls.push([...missing]);
      return new Map(missing.filter((key) => key !== 'none').map((key) => [key, key.toUpperCase()]));
    };
    expect([...(await cache.getMany(1, ['a', 'b'], loadMissing))]).toEqual([['a', 'A'], ['b', 'B']]);
    expect([...(await cache.getMany(1, ['a', 'b', 'c', 'none'], loadMissing))]).toEqual([['a', 'A'], ['b', 'B'], ['c', 'C'], ['none', undefined]]);
    expect(calls).toEqual([['a', 'b'], ['c', 'none']]);
    await cache.getMany(1, ['none'], loadMissing);
    expect(calls).toHaveLength(2);
  });

  it('starts over when full', async () => {
    const cache = createAuthzCache({ maxEntries: 2 });
    await cache.get(1, 'a', async () => 1);
    await cache.get(1, 'b', async () => 2);
    await cache.get(1, 'c', async () => 3);
    expect(cache.size).toBe(1);
  });
});
