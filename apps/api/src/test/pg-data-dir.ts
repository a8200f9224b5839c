import { readdir, readFile, rm, stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Memory-backed file systems' magic numbers (statfs `type`): tmpfs, and ramfs. */
const IN_MEMORY = new Set([0x01021994, 0x858458f6]);
/** Room the API suite's throw-away cluster may take there (its WAL is capped at 256 MB; docs/benchmarks-test-loop.md). */
export const IN_MEMORY_ROOM = 2 * 1024 ** 3;
/** The throw-away clusters' directories: `<parent>/console-test-pg-XXXXXX` (global-setup.ts). */
export const CLUSTER_PREFIX = 'console-test-pg-';

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
  statOfDir: (dir: string) => Promise<{ type: number; bavail: number; bsize: number }> = statfs,
): Promise<string> {
  if (env.TEST_PG_DATA_PARENT) return env.TEST_PG_DATA_PARENT;
  try {
    const shm = await statOfDir('/dev/shm');
    if (IN_MEMORY.has(shm.type) && shm.bavail * shm.bsize >= IN_MEMORY_ROOM) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows): the temporary directory.
  }
  return os.tmpdir();
}

/** Whether a process runs: signal 0 (EPERM: it runs as another user, e.g. the postgres user). */
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the clusters a killed run left in `parent` (its global teardown never ran): in memory
 * they would hold their RAM until a reboot. A cluster is left alone while its postmaster runs
 * (`pg/postmaster.pid`), or for `youngerThanMs` after its directory was made (another run's server
 * still starting, no postmaster.pid yet). Answers the directories removed.
 */
export async function removeAbandonedClusters(parent: string, youngerThanMs = 10 * 60_000, now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(parent).catch(() => [])) {
    if (!name.startsWith(CLUSTER_PREFIX)) continue;
    const dir = path.join(parent, name);
    try {
      if (now - (await stat(dir)).mtimeMs < youngerThanMs) continue;
      const pid = Number((await readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
      if (pid > 0 && running(pid)) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Gone meanwhile, or not ours to remove: left as it is.
    }
  }
  return removed;
}
