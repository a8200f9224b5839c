import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLUSTER_PREFIX, IN_MEMORY_ROOM, pgDataParent, removeAbandonedClusters } from './pg-data-dir.ts';

const TMPFS = 0x01021994;
const EXT4 = 0xef53;
const statOf = (type: number, bytesFree: number) => async (dir: string) => {
  expect(dir).toBe('/dev/shm');
  return { type, bavail: bytesFree / 4096, bsize: 4096 };
};

describe('where the API suite keeps its throw-away PostgreSQL', () => {
  it('is /dev/shm when it is tmpfs with room to spare', async () => {
    expect(await pgDataParent({}, statOf(TMPFS, IN_MEMORY_ROOM))).toBe('/dev/shm');
  });

  it('is the temporary directory when /dev/shm is small (a container), on disk, or missing', async () => {
    expect(await pgDataParent({}, statOf(TMPFS, 64 * 1024 ** 2))).toBe(os.tmpdir());
    expect(await pgDataParent({}, statOf(EXT4, 100 * 1024 ** 3))).toBe(os.tmpdir());
    expect(
      await pgDataParent({}, async () => {
        throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      }),
    ).toBe(os.tmpdir());
  });

  it('is TEST_PG_DATA_PARENT when it is set', async () => {
    expect(await pgDataParent({ TEST_PG_DATA_PARENT: '/var/tmp/pg' }, statOf(TMPFS, IN_MEMORY_ROOM))).toBe('/var/tmp/pg');
  });
});

/** A cluster's directory as global-setup.ts makes it, with a postmaster.pid naming `postmasterPid`, or none. */
const cluster = async (parent: string, postmasterPid?: number) => {
  const dir = await mkdtemp(path.join(parent, CLUSTER_PREFIX));
  await mkdir(path.join(dir, 'pg'));
  if (postmasterPid !== undefined) await writeFile(path.join(dir, 'pg', 'postmaster.pid'), `${postmasterPid}\n/some/dir\n`);
  return dir;
};

describe('clusters a killed run left behind', () => {
  const made: string[] = [];
  afterEach(async () => {
    for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('are removed once old enough with no postmaster running; a running or young one, and other directories, are kept', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'pg-parent-'));
    made.push(parent);
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const abandoned = await cluster(parent, dead);
    const noPid = await cluster(parent);
    const live = await cluster(parent, process.pid);
    const other = await mkdtemp(path.join(parent, 'something-else-'));
    const later = Date.now() + 11 * 60_000;
    expect((await removeAbandonedClusters(parent, 10 * 60_000, later)).sort()).toEqual([abandoned, noPid].sort());
    expect((await readdir(parent)).sort()).toEqual([path.basename(live), path.basename(other)].sort());
    // Young: another run's server may still be starting (no postmaster.pid yet).
    const starting = await cluster(parent);
    expect(await removeAbandonedClusters(parent)).toEqual([]);
    expect(await readdir(parent)).toContain(path.basename(starting));
  });
});
