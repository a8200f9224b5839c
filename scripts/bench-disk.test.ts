import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { probeDiskSync } from './bench-disk.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('times writes flushed to disk for the given seconds and leaves no file behind', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'disk-probe-'));
  const started = performance.now();
  const sync = await probeDiskSync(dir, 0.2);
  expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  expect(sync.count).toBeGreaterThan(0);
  expect(sync.p50).toBeGreaterThan(0);
  expect(sync.p50).toBeLessThanOrEqual(sync.p99);
  expect(sync.p99).toBeLessThanOrEqual(sync.max);
  expect(await readdir(dir)).toEqual([]);
});
