/**
 * The ingestion part of `npm run bench` (`BENCH_ONLY=ingest` runs it alone): on the bench's
 * production server (embedded PostgreSQL, 2 shared cores),
 * - metric samples: 1,000-sample batches through POST /api/metrics/v1/ingest/samples at a paced
 *   10,000 samples/s for BENCH_INGEST_DURATION seconds (default 60), then count in = count stored;
 *   baseline: the same batches written straight to PostgreSQL with the same statement for 10 s;
 * - the rollup catching up: the server's own rollup job (every minute) until every closed minute of
 *   the run is rolled up, and raw = rollup for them;
 * - a one-day query of one metric over 100 resources (step 5 minutes, avg) from the 5-minute
 *   rollup tier (a day of minutes seeded: 144,000 rows, rolled into 28,800), timed over HTTP; baseline: a Fastify hello world
 *   round trip in the same run.
 * Both also report the CPU time spent per 1,000 samples and per query by the server and by its
 * PostgreSQL (read from /proc), the figure a loaded machine does not distort.
 * Writes the section to docs/benchmarks-ingest.md and answers it.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import { createSecretBox } from '../apps/api/src/platform/secrets.ts';
import { ensurePartitions, monthsBetween } from '../apps/api/src/modules/metrics/partitions.ts';
import { insertSamples, queryPoints, type SampleRow } from '../apps/api/src/modules/metrics/metrics.repository.ts';
import type { Database } from '../apps/api/src/db/client.ts';

const TARGET_PER_S = 10_000;
const BATCH = 1000;
const RESOURCES = 100;
const METRICS = BATCH / RESOURCES;
const QUERY_GOAL_MS = 100;
const QUERY_RUNS = 30;

interface Options {
  baseUrl: string;
  helloUrl: string;
  databaseUrl: string;
  cookie: string;
  csrf: string;
  secretsKey: Buffer;
  durationS: number;
  /** The server's process and its PostgreSQL's data directory: their CPU time is read from /proc. */
  serverPid: number;
  pgDataDir: string;
}

/** A process's parent and CPU ticks (user + system) from /proc. */
const procStat = async (pid: number) => {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // exited meanwhile
  }
};

/** CPU ticks per PostgreSQL process (the postmaster and every process it forked), and whether it is a client backend. */
type PgTicks = Map<number, { ticks: number; client: boolean }>;

/**
 * CPU time spent so far by the server's process, and per process of its PostgreSQL, from /proc:
 * what a figure costs whatever the load — the wall times of a shared machine depend on the others,
 * CPU time per sample or per query hardly does.
 */
export async function cpuSnapshot(serverPid: number, pgDataDir: string): Promise<{ server: number; pg: PgTicks }> {
  const postmaster = Number((await readFile(path.join(pgDataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const pg: PgTicks = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const found = await procStat(pid);
    if (!found || (pid !== postmaster && found.ppid !== postmaster)) continue;
    // A client backend's title is "postgres: <user> <database> <address> <state>"; the others
    // (autovacuum, checkpointer, WAL writer…) work for every connection at their own time.
    const title = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    pg.set(pid, { ticks: found.ticks, client: /^postgres: \S+ \S+ [\d.:[\]a-f]+\(\d+\)/.test(title.replaceAll('\0', ' ')) });
  }
  return { server: (await procStat(serverPid))?.ticks ?? 0, pg };
}

/**
 * The CPU milliseconds between two snapshots: the server's, PostgreSQL's (every process) and its
 * client backends'. Per process, so a connection closed meanwhile (the pool's idle timeout) takes
 * nothing away; what it spent since the first snapshot is lost (an undercount of at most that).
 */
export function cpuBetween(before: Awaited<ReturnType<typeof cpuSnapshot>>, after: Awaited<ReturnType<typeof cpuSnapshot>>) {
  const msPerTick = 1000 / 100; // USER_HZ: 100 on Linux
  let pg = 0;
  let pgClients = 0;
  for (const [pid, now] of after.pg) {
    const spent = now.ticks - (before.pg.get(pid)?.ticks ?? 0);
    pg += spent;
    if (now.client) pgClients += spent;
  }
  return { server: (after.server - before.server) * msPerTick, pg: pg * msPerTick, pgClients: pgClients * msPerTick };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

/** A batch body: 100 resources × 10 metrics at one timestamp, as JSON text built once per batch. */
function batchBody(timestamp: string, seq: number): string {
  const items: string[] = [];
  for (let metric = 0; metric < METRICS; metric++) {
    for (let resource = 0; resource < RESOURCES; resource++) {
      items.push(
        `{"service":"email","resourceType":"sender","resourceId":"sender-${resource}","metricName":"m${metric}","labels":{"region":"KR1"},"timestamp":"${timestamp}","value":${(seq % 97) + resource / 10}}`,
      );
    }
  }
  return `{"samples":[${items.join(',')}]}`;
}

export async function benchIngest(options: Options): Promise<string> {
  const pool = new Pool({ connectionString: options.databaseUrl, max: 4 });
  const db = drizzle(pool) as unknown as Database;
  (db as unknown as { $client: Pool }).$client = pool;
  try {
    // A project of the demo organization for the bench, with Email in use and its Appkey.
    const { rows: orgs } = await pool.query<{ id: string; owner_member_id: string }>(`select id, owner_member_id from organizations order by created_at limit 1`);
    const org = orgs[0]!;
    const { rows: projects } = await pool.query<{ id: string }>(
      `insert into projects (org_id, name, owner_member_id) values ($1, 'Ingestion bench', $2) returning id`,
      [org.id, org.owner_member_id],
    );
    const projectId = projects[0]!.id;
    const appKey = randomBytes(10).toString('hex');
    const secretKey = randomBytes(24).toString('base64url');
    await pool.query(`insert into project_products (org_id, project_id, product_id, app_key, secret_key_enc) values ($1, $2, 'email', $3, $4)`, [
      org.id,
      projectId,
      appKey,
      createSecretBox(options.secretsKey).seal(secretKey),
    ]);
    const headers = { 'content-type': 'application/json', 'x-appkey': appKey, 'x-secret-key': secretKey };

    // ---- baseline: the same statement straight to PostgreSQL, 10 s ----
    const baselineProject = (
      await pool.query<{ id: string }>(`insert into projects (org_id, name, owner_member_id) values ($1, 'Ingestion bench baseline', $2) returning id`, [
        org.id,
        org.owner_member_id,
      ])
    ).rows[0]!.id;
    await ensurePartitions(db, monthsBetween(new Date(Date.now() - 2 * 86_400_000), new Date()));
    let baselineRows = 0;
    const baselineStarted = performance.now();
    while (performance.now() - baselineStarted < 10_000) {
      const body = JSON.parse(batchBody(new Date().toISOString(), baselineRows)) as { samples: (Omit<SampleRow, 'timestamp'> & { timestamp: string })[] };
      baselineRows += await insertSamples(db, org.id, baselineProject, body.samples.map((sample) => ({ ...sample, timestamp: new Date(sample.timestamp) })));
    }
    const baselinePerS = baselineRows / ((performance.now() - baselineStarted) / 1000);

    const loadBefore = os.loadavg()[0]!;
    // ---- ingestion through the API, paced at 10,000 samples/s ----
    const batches = Math.round((options.durationS * TARGET_PER_S) / BATCH);
    const intervalMs = (BATCH / TARGET_PER_S) * 1000;
    const latencies: number[] = [];
    let accepted = 0;
    let errors = 0;
    let maxInFlight = 0;
    let inFlight = 0;
    const cpuBefore = await cpuSnapshot(options.serverPid, options.pgDataDir);
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let index = 0; index < batches; index++) {
      const due = started + index * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const body = batchBody(new Date().toISOString(), index);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const sentAt = performance.now();
      sends.push(
        fetch(`${options.baseUrl}/api/metrics/v1/ingest/samples`, { method: 'POST', headers, body })
          .then(async (response) => {
            const answer = (await response.json()) as { accepted?: number };
            if (response.ok && answer.accepted === BATCH) accepted += answer.accepted;
            else errors++;
          })
          .catch(() => {
            errors++;
          })
          .finally(() => {
            inFlight--;
            latencies.push(performance.now() - sentAt);
          }),
      );
    }
    await Promise.all(sends);
    const elapsedS = (performance.now() - started) / 1000;
    const ingestSpent = cpuBetween(cpuBefore, await cpuSnapshot(options.serverPid, options.pgDataDir));
    // Per 1,000 samples: the server's process, and PostgreSQL's (its rollup job's share included).
    const ingestCpu = { server: (ingestSpent.server / (batches * BATCH)) * 1000, pg: (ingestSpent.pg / (batches * BATCH)) * 1000 };
    const sent = batches * BATCH;
    const { rows: stored } = await pool.query<{ n: string }>(`select count(*) as n from metric_samples where project_id = $1`, [projectId]);
    const storedCount = Number(stored[0]!.n);
    const perS = accepted / elapsedS;

    // ---- the rollup catching up: the server's job (every minute) rolls up each minute once it is over ----
    const rollupStarted = performance.now();
    let rolledUp = false;
    while (performance.now() - rollupStarted < 180_000) {
      const { rows } = await pool.query<{ marks: string }>(`select count(*) as marks from rollup_dirty where project_id = $1 and kind = 'metric'`, [projectId]);
      if (Number(rows[0]!.marks) === 0) {
        rolledUp = true;
        break;
      }
      await sleep(1000);
    }
    const rollupWaitS = (performance.now() - rollupStarted) / 1000;
    const { rows: compare } = await pool.query<{ raw: string; rolled: string }>(
      `select (select count(*) from metric_samples where project_id = $1) as raw,
              (select coalesce(sum(sample_count), 0) from metric_minute where project_id = $1) as rolled`,
      [projectId],
    );

    // ---- a one-day query from the rollups: a day of minute rollups for 100 resources, seeded ----
    const dayStart = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000);
    await ensurePartitions(db, [dayStart]);
    await pool.query(
      `insert into metric_minute (org_id, project_id, service, metric_name, resource_type, resource_id, labels, minute, sample_count, value_sum, value_min, value_max)
       select $1, $2, 'email', 'latency_ms', 'sender', 'sender-' || r, '{"region":"KR1"}'::jsonb, m, 6, 6 * (r + 10), r, r + 20
       from generate_series(0, ${RESOURCES - 1}) r, generate_series($3::timestamptz, $3::timestamptz + interval '1 day' - interval '1 minute', interval '1 minute') m`,
      [org.id, projectId, dayStart.toISOString()],
    );
    // The coarser tiers, as the rollup job keeps them from the minutes (metrics.repository.ts rollupMetricMinute).
    await pool.query(
      `insert into metric_5min (org_id, project_id, service, metric_name, resource_type, resource_id, labels, bucket, sample_count, value_sum, value_min, value_max)
       select org_id, project_id, service, metric_name, resource_type, resource_id, labels, date_bin('5 minutes', minute, timestamptz '2000-01-01Z'),
         sum(sample_count), sum(value_sum), min(value_min), max(value_max)
       from metric_minute where project_id = $1 and metric_name = 'latency_ms' group by 1, 2, 3, 4, 5, 6, 7, 8`,
      [projectId],
    );
    // As autovacuum leaves a table that is written once: the visibility map set, so the read is index-only.
    await pool.query('vacuum (analyze) metric_minute');
    await pool.query('vacuum (analyze) metric_5min');
    const query = JSON.stringify({
      service: 'email',
      metricName: 'latency_ms',
      from: dayStart.toISOString(),
      to: new Date(dayStart.getTime() + 86_400_000).toISOString(),
      step: 300,
      aggregation: 'avg',
    });
    const queryTimes: number[] = [];
    let points = 0;
    let series = 0;
    let queryCpuBefore = await cpuSnapshot(options.serverPid, options.pgDataDir);
    for (let run = 0; run < QUERY_RUNS + 3; run++) {
      if (run === 3) queryCpuBefore = await cpuSnapshot(options.serverPid, options.pgDataDir);
      const queryStarted = performance.now();
      const response = await fetch(`${options.baseUrl}/api/metrics/v1/projects/${projectId}/metrics/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: options.cookie, 'x-csrf-token': options.csrf, lang: 'en_US' },
        body: query,
      });
      const answer = (await response.json()) as { source: string; series: { values: unknown[] }[]; header: unknown };
      const took = performance.now() - queryStarted;
      if (!response.ok || answer.source !== 'ROLLUP') throw new Error(`bench query: ${JSON.stringify(answer.header)}`);
      series = answer.series.length;
      points = answer.series.reduce((sum, each) => sum + each.values.length, 0);
      if (run >= 3) queryTimes.push(took);
    }
    const querySpent = cpuBetween(queryCpuBefore, await cpuSnapshot(options.serverPid, options.pgDataDir));
    // PostgreSQL's share: its client backends only (autovacuum still busy with the ingestion's rows is not the query's).
    const queryCpu = { server: querySpent.server / QUERY_RUNS, pg: querySpent.pgClients / QUERY_RUNS };
    // The same read without HTTP, the session check or serialization: PostgreSQL and the driver;
    // and, as the baseline of the tier, the same read from the per-minute rollup (what it read before).
    const statementTimes = async (source: '5min' | 'minute') => {
      const times: number[] = [];
      for (let run = 0; run < QUERY_RUNS + 3; run++) {
        const dbStarted = performance.now();
        await queryPoints(
          db,
          {
            orgId: org.id,
            projectId,
            service: 'email',
            metricName: 'latency_ms',
            resourceType: undefined,
            resourceIds: undefined,
            filters: [],
            from: dayStart,
            to: new Date(dayStart.getTime() + 86_400_000),
            stepSeconds: 300,
            aggregation: 'avg',
            seriesLimit: 100,
          },
          source,
        );
        if (run >= 3) times.push(performance.now() - dbStarted);
      }
      return times;
    };
    const dbTimes = await statementTimes('5min');
    const minuteTimes = await statementTimes('minute');
    const helloTimes: number[] = [];
    for (let run = 0; run < QUERY_RUNS + 3; run++) {
      const helloStarted = performance.now();
      await (await fetch(options.helloUrl)).text();
      if (run >= 3) helloTimes.push(performance.now() - helloStarted);
    }
    const queryP50 = percentile(queryTimes, 50);
    const queryP95 = percentile(queryTimes, 95);
    const helloP50 = percentile(helloTimes, 50);

    const loadAfter = os.loadavg()[0]!;
    const section = [
      '## Usage and metric ingestion (issue 9)',
      '',
      `Measured by \`BENCH_ONLY=ingest npm run bench\` (scripts/bench-ingest.ts) on ${new Date().toISOString()}: the bench's production server with its`,
      'embedded PostgreSQL, and the load generator, on the same 2 cores — shared with other engineers\' builds and tests while it ran, so the',
      'figures are noisy: compare them with the baselines measured in the same run.',
      `Load average (1 min) of the machine: ${loadBefore.toFixed(1)} before the ingestion, ${loadAfter.toFixed(1)} after the query (2 cores: above 2, every process waits for a core).`,
      '',
      'The paced sender keeps sending on schedule whatever the answers; batches the server cannot take at once queue ("in flight"),',
      'so a server slower than the target shows as a lower sustained rate and growing latency, never as lost samples.',
      'The baseline writes the same batches with the same statement from one connection, without HTTP, the Appkey check or validation.',
      '',
      `### Ingestion: 1,000-sample batches paced at ${fmt(TARGET_PER_S)} samples/s for ${options.durationS} s`,
      '',
      '| figure | value |',
      '|---|---|',
      `| samples sent / accepted / stored (count in = count stored) | ${fmt(sent)} / ${fmt(accepted)} / ${fmt(storedCount)} — ${storedCount === sent && accepted === sent ? 'nothing lost' : '**LOST OR REFUSED SAMPLES**'} |`,
      `| failed batches | ${errors} |`,
      `| sustained rate (accepted ÷ wall time incl. the last answers) | ${fmt(perS)} samples/s — goal ${fmt(TARGET_PER_S)}: ${perS >= TARGET_PER_S * 0.98 ? 'met' : '**not met**'} |`,
      `| batch latency p50 / p99 / max | ${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} / ${fmt(Math.max(...latencies))} ms |`,
      `| most batches in flight at once | ${maxInFlight} |`,
      `| CPU time per 1,000 samples: server / PostgreSQL (rollup job included) / both | ${ingestCpu.server.toFixed(1)} / ${ingestCpu.pg.toFixed(1)} / ${(ingestCpu.server + ingestCpu.pg).toFixed(1)} ms — so 10,000 samples/s keep ${(ingestCpu.server + ingestCpu.pg).toFixed(0)} % of one core busy (2 cores: 200 %) |`,
      `| baseline: the same statement straight to PostgreSQL (no HTTP, auth, validation), one connection | ${fmt(baselinePerS)} samples/s; API at target = ${(TARGET_PER_S / baselinePerS).toFixed(2)}× of it |`,
      `| every minute of the run rolled up by the server's job (each minute, once the minute is over) | ${rolledUp ? `${Math.round(rollupWaitS)} s after the last answer` : '**not within 180 s**'}; samples raw ${fmt(Number(compare[0]!.raw))}, counted in the rollup ${fmt(Number(compare[0]!.rolled))}: ${compare[0]!.raw === compare[0]!.rolled ? 'equal' : '**differ**'} |`,
      '',
      `### One-day query of one metric over ${RESOURCES} resources (5-minute rollup tier, step 5 min, avg)`,
      '',
      `A day of per-minute rollups seeded for ${RESOURCES} resources (${fmt(RESOURCES * 1440)} rows) and rolled into 5-minute buckets (${fmt(RESOURCES * 288)} rows, what the query reads); answer: ${series} series, ${fmt(points)} points; ${QUERY_RUNS} sequential calls after 3 warm-ups, over HTTP, signed in.`,
      '',
      '| figure | value |',
      '|---|---|',
      `| p50 / p95 / max | ${queryP50.toFixed(1)} / ${queryP95.toFixed(1)} / ${Math.max(...queryTimes).toFixed(1)} ms — goal ≤ ${QUERY_GOAL_MS} ms (p95): ${queryP95 <= QUERY_GOAL_MS ? 'met' : '**not met**'} |`,
      `| CPU time per query: server / PostgreSQL (its client backends) / both | ${queryCpu.server.toFixed(1)} / ${queryCpu.pg.toFixed(1)} / ${(queryCpu.server + queryCpu.pg).toFixed(1)} ms — what a query costs on an idle core, whatever the load |`,
      `| of which the statement alone (PostgreSQL + driver, from the bench process) p50 / p95 | ${percentile(dbTimes, 50).toFixed(1)} / ${percentile(dbTimes, 95).toFixed(1)} ms |`,
      `| baseline: the same statement over the per-minute rollup (${fmt(RESOURCES * 1440)} rows) p50 | ${percentile(minuteTimes, 50).toFixed(1)} ms (the 5-minute tier = ${(percentile(dbTimes, 50) / percentile(minuteTimes, 50)).toFixed(2)}× it) |`,
      `| baseline: Fastify hello world round trip p50 | ${helloP50.toFixed(2)} ms (query p50 = ${(queryP50 / helloP50).toFixed(0)}× it) |`,
      '',
    ].join('\n');
    await writeFile(path.resolve(import.meta.dirname, '../docs/benchmarks-ingest.md'), section);
    return section;
  } finally {
    await pool.end();
  }
}
