import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { IN_MEMORY_ROOM, pgDataParent } from './pg-data-dir.ts';

const TMPFS = 0x01021994;
const EXT4 = 0xef53;
const statOf = (type: number, bytesFree: number) => async (path: string) => {
  expect(path).toBe('/dev/shm');
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
