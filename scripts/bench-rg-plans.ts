/**
 * The role-group add of the routes bench, demo organization against the large tenant (issue 8; docs/
 * benchmarks-request-path.md, "The demo role-group add against the large tenant's"): the server and
 * its embedded PostgreSQL as scripts/bench.ts starts them, the large tenant and the edited projects as
 * the routes bench builds them, then the add at 10 connections for each label of ORDER in turn —
 * req/s, p50/p99, CPU a request of the server and of PostgreSQL, role_groups' sequential scans and the
 * rows they read a request, the mean WAL flush, and the wait events of the client backends sampled
 * every 20 ms. Not part of `npm run bench`.
 *
 * `ORDER` (default demo,large,demo,large), `WARM` seconds of warm-up per case (3), `DUR` measured
 * seconds (10), `ANALYZE=1`: the tables the mutations write analysed between warm-up and measure
 * (`analyzeWritten`, as scripts/bench-routes.ts now does; the figures of 2026-11-29 analysed
 * role_groups and role_group_roles alone). `RG_APP_PORT` (3391), `RG_PG_PORT` (56341).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { cpuBetween, cpuSnapshot } from './bench-ingest.ts';
import { timeWalFlushes, walFlushes } from './bench-disk.ts';
import { analyzeWritten, mutationCases, signInDemoOwner } from './bench-routes.ts';
import { buildLargeTenant, projectsToEdit } from './bench-tenant.ts';

const root = path.resolve(import.meta.dirname, '..');
const appPort = Number(process.env.RG_APP_PORT ?? 3391);
const pgPort = Number(process.env.RG_PG_PORT ?? 56341);
const warmS = Number(process.env.WARM ?? 3);
const durationS = Number(process.env.DUR ?? 10);
const order = (process.env.ORDER ?? 'demo,large,demo,large').split(',');
const out = (line: string) => process.stdout.write(`${line}\n`);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rg-plans-'));
const api = spawn(process.execPath, ['apps/api/src/server.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRETS_KEY: randomBytes(32).toString('base64') },
});
const base = `http://127.0.0.1:${appPort}`;
try {
  for (let tries = 0; ; tries++) {
    try {
      await fetch(`${base}/api/console/v1/session`);
      break;
    } catch {
      if (tries > 600) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const caller = await signInDemoOwner(base);
  const headers = { cookie: caller.cookie, 'x-csrf-token': caller.csrf, 'content-type': 'application/json' };
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const databaseUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
  const pgData = path.join(dataDir, 'pg');
  const getJson = async <T>(url: string) => (await (await fetch(base + url, { headers })).json()) as T;
  const { session } = await getJson<{ session: { uuid: string } }>('/api/console/v1/session');
  const { orgs } = await getJson<{ orgs: { orgId: string; orgName: string }[] }>('/api/cab/v7/organizations');
  const demo = orgs.find((org) => org.orgName === 'Demo Organization')!.orgId;
  const created = (await (await fetch(`${base}/api/cab/v5/organizations`, { method: 'POST', headers, body: JSON.stringify({ org: { orgName: 'Bench Large Tenant' } }) })).json()) as { org: { orgId: string } };
  const large = (await buildLargeTenant(databaseUrl, created.org.orgId, session.uuid)).orgId;
  await projectsToEdit(databaseUrl, demo, session.uuid, 'Bench edit demo');
  await projectsToEdit(databaseUrl, large, session.uuid, 'Large project');
  await timeWalFlushes(databaseUrl);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const scans = async () =>
    (await db.query<{ scans: number; rows: number; live: number }>(`select seq_scan::int as scans, seq_tup_read::float8 as rows, n_live_tup::int as live from pg_stat_user_tables where relname = 'role_groups'`)).rows[0]!;
  // The routes bench's own add (its body: a fresh name per request), one per label, kept across the order's turns.
  const adds = Object.fromEntries(
    (['demo', 'large'] as const).map((label) => [label, mutationCases(label, { orgId: label === 'demo' ? demo : large, editedProjectIds: [] }, label)[1]!]),
  );
  for (const label of order) {
    const orgId = label === 'demo' ? demo : large;
    const add = (duration: number) =>
      autocannon({
        url: `${base}/api/cab/v6/organizations/${orgId}/role-groups`,
        connections: 10,
        duration,
        method: 'POST',
        headers,
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              body: JSON.stringify(adds[label]!.body!()),
            }),
          },
        ],
      });
    if (warmS > 0) await add(warmS);
    if (process.env.ANALYZE) await analyzeWritten(databaseUrl);
    const waits = new Map<string, number>();
    const sampling = { on: true };
    const sampler = (async () => {
      const sampleDb = new Client({ connectionString: databaseUrl });
      await sampleDb.connect();
      while (sampling.on) {
        const sample = await sampleDb.query<{ wait: string; count: number }>(
          `select coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, '-') as wait, count(*)::int as count from pg_stat_activity
           where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid() group by 1`,
        );
        for (const row of sample.rows) waits.set(row.wait, (waits.get(row.wait) ?? 0) + row.count);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await sampleDb.end();
    })();
    const scansBefore = await scans();
    const walBefore = await walFlushes(databaseUrl);
    const cpuBefore = await cpuSnapshot(api.pid!, pgData);
    const result = await add(durationS);
    const cpu = cpuBetween(cpuBefore, await cpuSnapshot(api.pid!, pgData));
    const scansAfter = await scans();
    sampling.on = false;
    await sampler;
    // Backends report their I/O about once a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const walAfter = await walFlushes(databaseUrl);
    const total = result.requests.total;
    const flushes = walAfter.fsyncs - walBefore.fsyncs;
    out(
      `${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}; ` +
        `CPU ms a request: server ${(cpu.server / total).toFixed(3)}, PostgreSQL ${(cpu.pg / total).toFixed(3)}; ` +
        `role_groups seq scans a request ${((scansAfter.scans - scansBefore.scans) / total).toFixed(2)} reading ${Math.round((scansAfter.rows - scansBefore.rows) / total)} rows (${scansAfter.live} live); ` +
        `WAL flushes a request ${(flushes / total).toFixed(2)}, mean ${(flushes > 0 ? (walAfter.fsyncMs - walBefore.fsyncMs) / flushes : 0).toFixed(2)} ms`,
    );
    out(`  waits: ${[...waits].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([wait, count]) => `${wait} ${count}`).join(', ')}`);
  }
  await db.end();
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}
