import { statfs } from 'node:fs/promises';
import os from 'node:os';

/** Memory-backed file systems' magic numbers (statfs `type`): tmpfs, and ramfs. */
const IN_MEMORY = new Set([0x01021994, 0x858458f6]);
/** Room the API suite's throw-away cluster may take there (its WAL is capped at 256 MB; docs/benchmarks-test-loop.md). */
export const IN_MEMORY_ROOM = 2 * 1024 ** 3;

/**
 * Where the API suite's throw-away PostgreSQL keeps its data: /dev/shm when it is memory (tmpfs)
 * with room to spare, else the system's temporary directory. A test file's database is a clone of
 * the template (`CREATE DATABASE … TEMPLATE`): ≈ 1,500 files written and, when dropped, unlinked. On
 * this machine's ext4 (`discard`) a clone cost ≈ 0.49 s of kernel CPU, on tmpfs ≈ 0.03 s; every write
 * of the suite is cheaper there too. Nothing of the cluster outlives the run (the global teardown
 * removes it), so memory loses nothing a disk would keep. A small /dev/shm (a container's 64 MB)
 * is passed over. `TEST_PG_DATA_PARENT` names the directory instead.
 */
export async function pgDataParent(
  env: Record<string, string | undefined> = process.env,
  stat: (path: string) => Promise<{ type: number; bavail: number; bsize: number }> = statfs,
): Promise<string> {
  if (env.TEST_PG_DATA_PARENT) return env.TEST_PG_DATA_PARENT;
  try {
    const shm = await stat('/dev/shm');
    if (IN_MEMORY.has(shm.type) && shm.bavail * shm.bsize >= IN_MEMORY_ROOM) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows): the temporary directory.
  }
  return os.tmpdir();
}
