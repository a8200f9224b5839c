/**
 * What a durable commit waits on, measured beside the mutations of `npm run bench` (issue 8).
 *
 * A mutation's answer waits for its COMMIT, and the COMMIT for PostgreSQL's WAL to reach the disk
 * (fdatasync). On these machines that flush is the host's: one 8 KB write + fdatasync took 2-4 ms
 * at the median and 20-57 ms at p99 in four 5-second probes a minute apart (2026-11-28), so a
 * mutation's p99 moves with the disk's tail, whatever the request path does. The bench therefore
 * measures the disk in the same minutes as the mutations — as the hello world is measured beside
 * the reads — and PostgreSQL's own count and time of WAL flushes during each mutation case.
 */
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { withClient } from './bench-pg.ts';

export interface DiskSync {
  /** Writes + fdatasync done in the probe's time. */
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const ms = (value: number) => Math.round(value * 100) / 100;

/**
 * One 8 KB write and an fdatasync of it, in a loop for `seconds`, in `dir` (the database cluster's
 * directory, so the same disk as its WAL): the latency one flush of a commit cannot go below.
 */
export async function probeDiskSync(dir: string, seconds: number): Promise<DiskSync> {
  const file = path.join(dir, `disk-sync-probe-${process.pid}`);
  const handle = await open(file, 'w');
  const block = Buffer.alloc(8192, 1);
  const times: number[] = [];
  try {
    const end = performance.now() + seconds * 1000;
    let position = 0;
    while (performance.now() < end) {
      const start = performance.now();
      await handle.write(block, 0, block.length, position);
      await handle.datasync();
      times.push(performance.now() - start);
      // Over a 16 MB file (a WAL segment's size), as the WAL writes.
      position = (position + block.length) % (16 * 1024 * 1024);
    }
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
  times.sort((a, b) => a - b);
  return { count: times.length, p50: ms(quantile(times, 0.5)), p99: ms(quantile(times, 0.99)), max: ms(times.at(-1) ?? 0) };
}

export interface WalFlushes {
  fsyncs: number;
  /** Milliseconds PostgreSQL spent in them (track_wal_io_timing). */
  fsyncMs: number;
  /** WAL written (pg_stat_wal). */
  bytes: number;
  /** Full-page images in it: a page's first change after a checkpoint began writes the whole page. */
  fullPages: number;
  /** Checkpoints begun, timed and requested (pg_stat_checkpointer). */
  checkpoints: number;
}

/**
 * PostgreSQL's WAL flushes so far (pg_stat_io's wal rows, PostgreSQL 18), the WAL written and its
 * full-page images (pg_stat_wal), and the checkpoints begun. Each backend reports its
 * figures at most about once a second, so a reading taken at a case's end may miss its last second.
 */
export async function walFlushes(databaseUrl: string): Promise<WalFlushes> {
  return withClient(databaseUrl, async (client) => {
    const result = await client.query<{ fsyncs: string | null; fsync_ms: string | null; bytes: string; full_pages: string; checkpoints: string }>(
      `select (select sum(fsyncs)::bigint from pg_stat_io where object = 'wal') as fsyncs,
              (select sum(fsync_time) from pg_stat_io where object = 'wal') as fsync_ms,
              (select wal_bytes from pg_stat_wal) as bytes, (select wal_fpi from pg_stat_wal) as full_pages,
              (select num_timed + num_requested from pg_stat_checkpointer) as checkpoints`,
    );
    const row = result.rows[0];
    return {
      fsyncs: Number(row?.fsyncs ?? 0),
      fsyncMs: Number(row?.fsync_ms ?? 0),
      bytes: Number(row?.bytes ?? 0),
      fullPages: Number(row?.full_pages ?? 0),
      checkpoints: Number(row?.checkpoints ?? 0),
    };
  });
}

/** Turns on the timing of WAL flushes in the bench's own cluster (a reload, no restart). */
export async function timeWalFlushes(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    await client.query('alter system set track_wal_io_timing = on');
    await client.query('select pg_reload_conf()');
  });
}
