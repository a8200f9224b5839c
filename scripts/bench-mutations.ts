/**
 * A/B of the bench's two mutations (issue 8) between two servers on ONE database — this tree and a
 * commit before it — alternated round by round in the same minutes, since the machine's load moves
 * absolute figures by several times (docs/benchmarks-request-path.md, "The sixth pass").
 *
 *   BENCH_A=http://127.0.0.1:3120 BENCH_B=http://127.0.0.1:19120 DATABASE_URL=postgres://… \
 *   node scripts/bench-mutations.ts [rounds=4] [seconds=5]
 *
 * Each server is signed in as the demo OWNER; both edit the demo organization's 100 "Bench edit
 * demo" projects in turn (scripts/bench-tenant.ts) and add role groups, 10 connections, after a
 * 1 s warm-up. Prints req/s, p50 and p99 per round and the medians' ratios B → A.
 *
 * With BENCH_A_PID, BENCH_B_PID (the servers' processes) and BENCH_PG_DATA (their PostgreSQL's data
 * directory, for its postmaster.pid) it also prints the CPU milliseconds a request took in the
 * measured seconds, from /proc: the server's, and PostgreSQL's (every process of the cluster — only
 * one server is loaded at a time) — the figure a shared machine's load hardly moves.
 */
import os from 'node:os';
import { cpuBetween, cpuSnapshot } from './bench-ingest.ts';
import { projectsToEdit } from './bench-tenant.ts';
import { load, MUTATION_CONNECTIONS, mutationCases, signInDemoOwner, type Caller } from './bench-routes.ts';

const servers = { A: process.env.BENCH_A, B: process.env.BENCH_B };
const databaseUrl = process.env.DATABASE_URL;
if (!servers.A || !servers.B || !databaseUrl) throw new Error('BENCH_A, BENCH_B and DATABASE_URL are needed');
const pids = { A: Number(process.env.BENCH_A_PID ?? 0), B: Number(process.env.BENCH_B_PID ?? 0) };
const pgDataDir = process.env.BENCH_PG_DATA;
const cpuOn = pids.A > 0 && pids.B > 0 && pgDataDir !== undefined;
const rounds = Number(process.argv[2] ?? 4);
const durationS = Number(process.argv[3] ?? 5);

async function signIn(baseUrl: string): Promise<Caller & { uuid: string; orgId: string }> {
  const caller = await signInDemoOwner(baseUrl);
  const get = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`, { headers: { cookie: caller.cookie } })).json()) as T;
  const { session } = await get<{ session: { uuid: string } }>('/api/console/v1/session');
  const { orgs } = await get<{ orgs: { orgId: string; orgName: string }[] }>('/api/cab/v7/organizations');
  return { ...caller, uuid: session.uuid, orgId: (orgs.find((org) => org.orgName === 'Demo Organization') ?? orgs[0]!).orgId };
}

const callers = { A: await signIn(servers.A), B: await signIn(servers.B) };
const edited = await projectsToEdit(databaseUrl, callers.A.orgId, callers.A.uuid, 'Bench edit demo');
type Row = { round: number; server: 'A' | 'B'; name: string; rps: number; p50: number; p99: number; errors: number; load: number; serverMs?: number; pgMs?: number };
const rows: Row[] = [];
for (let round = 1; round <= rounds; round++) {
  for (const server of round % 2 === 1 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
    const caller = callers[server];
    for (const each of mutationCases('demo', { orgId: caller.orgId, editedProjectIds: edited }, `${server}${round}-${Date.now()}`)) {
      let before: Awaited<ReturnType<typeof cpuSnapshot>> | undefined;
      const figure = await load(each.name, `${caller.baseUrl}${each.path}`, {
        connections: MUTATION_CONNECTIONS,
        durationS,
        warmUpS: 1,
        method: each.method,
        headers: { cookie: caller.cookie, 'x-csrf-token': caller.csrf },
        ...(each.body ? { body: each.body } : {}),
        ...(each.each ? { each: each.each } : {}),
        ...(cpuOn ? { beforeMeasure: async () => void (before = await cpuSnapshot(pids[server], pgDataDir!)) } : {}),
      });
      const cpu = before ? cpuBetween(before, await cpuSnapshot(pids[server], pgDataDir!)) : undefined;
      const per = (ms: number) => Math.round((ms / Math.max(1, figure.requests)) * 100) / 100;
      const row = { round, server, name: each.method === 'PUT' ? 'PUT project' : 'POST role group', rps: figure.requestsPerSecond, p50: figure.p50, p99: figure.p99, errors: figure.errors, load: os.loadavg()[0]!, ...(cpu ? { serverMs: per(cpu.server), pgMs: per(cpu.pg) } : {}) };
      rows.push(row);
      process.stdout.write(`${JSON.stringify(row)}\n`);
    }
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
process.stdout.write('\n| case | server | req/s per round | p50 ms per round | p99 ms per round | errors | load | CPU ms a request: server / PostgreSQL (medians) |\n|---|---|---|---|---|---|---|---|\n');
for (const name of ['PUT project', 'POST role group']) {
  for (const server of ['B', 'A'] as const) {
    const mine = rows.filter((row) => row.name === name && row.server === server);
    process.stdout.write(
      `| ${name} | ${server} | ${mine.map((row) => Math.round(row.rps)).join(', ')} | ${mine.map((row) => row.p50).join(', ')} | ${mine.map((row) => row.p99).join(', ')} | ${mine.reduce((sum, row) => sum + row.errors, 0)} | ${mine.map((row) => row.load.toFixed(0)).join(', ')} | ${cpuOn ? `${median(mine.map((row) => row.serverMs!)).toFixed(2)} / ${median(mine.map((row) => row.pgMs!)).toFixed(2)}` : ''} |\n`,
    );
  }
  const of = (server: 'A' | 'B', key: 'rps' | 'p50' | 'p99') => median(rows.filter((row) => row.name === name && row.server === server).map((row) => row[key]));
  process.stdout.write(`| ${name} | A ÷ B (medians) | ${(of('A', 'rps') / of('B', 'rps')).toFixed(2)} | ${(of('A', 'p50') / of('B', 'p50')).toFixed(2)} | ${(of('A', 'p99') / of('B', 'p99')).toFixed(2)} | | | |\n`);
}
