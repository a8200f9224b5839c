/**
 * An idle server's cost: the CPU of the server and of its own (embedded) PostgreSQL — the
 * postmaster and its children, from /proc (bench-ingest.ts `cpuSnapshot`) — over `seconds` once
 * its start-up is 10 s behind, for the code of a git ref (A, `git archive` into .tmp/idle-A) and
 * the worktree (B), alternating A B A B… in one run. No demo traffic, no sample Email product.
 *
 *   node_modules/node/bin/node scripts/bench-idle.ts <ref> [rounds=2] [seconds=60]
 *
 * Env: IDLE_PORT (3291), IDLE_PG_PORT (56240), data in .tmp/idle-data (kept between runs).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { cpuBetween, cpuSnapshot } from './bench-ingest.ts';

const root = path.resolve(import.meta.dirname, '..');
const [ref, roundsArg, secondsArg] = process.argv.slice(2);
if (!ref) throw new Error('usage: scripts/bench-idle.ts <ref> [rounds] [seconds]');
const rounds = Number(roundsArg ?? 2);
const seconds = Number(secondsArg ?? 60);
const port = process.env.IDLE_PORT ?? '3291';
const pgPort = process.env.IDLE_PG_PORT ?? '56240';
const dataDir = path.join(root, '.tmp/idle-data');
const before = path.join(root, '.tmp/idle-A');
rmSync(before, { recursive: true, force: true });
mkdirSync(before, { recursive: true });
execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} apps/api | tar -x -C ${JSON.stringify(before)}`], { cwd: root });
const servers = { A: path.join(before, 'apps/api/src/server.ts'), B: path.join(root, 'apps/api/src/server.ts') };
const postmasterPid = path.join(dataDir, 'pg/postmaster.pid');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idleRun(variant: keyof typeof servers): Promise<number> {
  const child = spawn(process.execPath, [servers[variant]], {
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: port, DATA_DIR: dataDir, EMBEDDED_PG_PORT: pgPort, EMAIL_PRODUCT_START: 'false', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`http://127.0.0.1:${port}/healthz`).then((answer) => answer.ok, () => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${variant} not ready:\n${output}`);
    await sleep(250);
  }
  await sleep(10_000);
  if (child.exitCode !== null || !existsSync(postmasterPid)) throw new Error(`${variant}: the server or its PostgreSQL is gone:\n${output}`);
  const first = await cpuSnapshot(child.pid!, path.join(dataDir, 'pg'));
  await sleep(seconds * 1000);
  const cpu = cpuBetween(first, await cpuSnapshot(child.pid!, path.join(dataDir, 'pg')));
  child.kill('SIGTERM');
  await exited;
  // The embedded PostgreSQL may outlive the server by a moment: the next run starts once it is gone.
  while (existsSync(postmasterPid)) await sleep(250);
  const total = cpu.server + cpu.pg;
  process.stdout.write(`${variant}: server ${cpu.server} ms, PostgreSQL ${cpu.pg} ms (client backends ${cpu.pgClients}), ${(total / 1000 / seconds).toFixed(4)} CPU-s/s\n`);
  return total;
}

const totals = { A: [] as number[], B: [] as number[] };
for (let round = 0; round < rounds; round++) {
  for (const variant of ['A', 'B'] as const) totals[variant].push(await idleRun(variant));
}
for (const variant of ['A', 'B'] as const) {
  const runs = totals[variant];
  process.stdout.write(`${variant} (${variant === 'A' ? ref : 'worktree'}): mean ${(runs.reduce((sum, value) => sum + value, 0) / runs.length / 1000 / seconds).toFixed(4)} CPU-s/s over ${runs.length} runs of ${seconds} s\n`);
}
