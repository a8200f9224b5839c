/**
 * Where an e2e run's CPU goes, by process (test loop, issue 8; docs/benchmarks-test-loop.md): samples
 * /proc twice a second and sums the CPU time (user + system) of every process started under a root
 * process, by kind — the Playwright runner, its workers, Chromium (by process type), the console
 * servers, their PostgreSQL, the sample product — and by worker (the runner's child each process
 * descends from). A process's time is its own as last sampled; the time of its children that exited
 * and were waited for before a sample saw them is not split out (compare the sum with GNU time's).
 *
 *   node e2e/cpu-sampler.ts <out.jsonl> -- <command …>   # runs the command, samples it, prints a summary
 *
 * Each line of <out.jsonl> is one sample: `{ t, groups: { "<worker pid>/<kind>": cpu seconds }, ports:
 * { "<worker pid>": its server's port } }`, cumulative, so a test's CPU is the difference of its worker's sums over its start and end
 * (Playwright's JSON report gives both).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { readProcs } from './proc-cpu.ts';

const [out = '', dashes, ...command] = process.argv.slice(2);
if (!out || dashes !== '--' || !command.length) {
  process.stderr.write('usage: node e2e/cpu-sampler.ts <out.jsonl> -- <command …>\n');
  process.exit(2);
}

function kindOf(cmd: string): string {
  if (/chrom/i.test(cmd.split(' ')[0] ?? '')) {
    const type = /--type=([\w-]+)/.exec(cmd)?.[1];
    return `chromium-${type === 'utility' ? (/--utility-sub-type=[\w.]*?(\w+)\b/.exec(cmd)?.[1] ?? 'utility') : (type ?? 'browser')}`;
  }
  if (cmd.includes('apps/api/src/server.ts')) return 'server';
  if (cmd.includes('apps/products/email')) return 'product';
  if (/\bpostgres\b/.test(cmd)) return 'postgres';
  const [program = '', script = '', ...args] = cmd.split(' ');
  if (program.endsWith('node') && /playwright/.test(script) && args.includes('test')) return 'runner';
  if (program.endsWith('node')) return 'node';
  return cmd.split(' ')[0]?.split('/').at(-1) ?? '?';
}

const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
const root = child.pid!;
writeFileSync(out, '');
const started = Date.now();
/** Every process seen under the root: its group and kind, and its CPU when last seen. */
const seen = new Map<number, { group: string; kind: string; cpu: number }>();
/** The port of each worker's console server (its PORT), to tell which worker index a group was. */
const ports: Record<string, number> = {};

function sample() {
  const procs = readProcs();
  const under = (pid: number) => {
    for (let at: number | undefined = pid, hops = 0; at && hops < 50; at = procs.get(at)?.ppid, hops += 1) if (at === root) return true;
    return false;
  };
  // The runner: the process under the root that runs Playwright's CLI (the others of its kind are its workers).
  let runner: number | undefined;
  for (const [pid, proc] of procs) if (under(pid) && kindOf(proc.cmd) === 'runner' && (!runner || pid < runner)) runner = pid;
  for (const [pid, proc] of procs) {
    if (!under(pid)) continue;
    let group = 'runner';
    for (let at: number | undefined = pid; at; at = procs.get(at)?.ppid) {
      if (procs.get(at)?.ppid === runner) {
        group = `w${at}`;
        break;
      }
      if (at === runner || at === root) break;
    }
    const kind = pid === runner ? 'runner' : group !== 'runner' && pid === Number(group.slice(1)) ? 'worker' : kindOf(proc.cmd);
    const known = seen.get(pid);
    if (!known && kind === 'server') {
      try {
        const port = /(?:^|\0)PORT=(\d+)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1];
        if (port) ports[group] = Number(port);
      } catch {
        // Gone.
      }
    }
    seen.set(pid, { group: known?.group ?? group, kind: known?.kind ?? kind, cpu: proc.cpu });
  }
  const groups: Record<string, number> = {};
  for (const { group, kind, cpu } of seen.values()) groups[`${group}/${kind}`] = Math.round(((groups[`${group}/${kind}`] ?? 0) + cpu) * 100) / 100;
  appendFileSync(out, `${JSON.stringify({ t: Date.now(), groups, ports })}\n`);
  return groups;
}

const timer = setInterval(sample, 500);
child.on('exit', (code) => {
  clearInterval(timer);
  const groups = sample();
  const byKind: Record<string, number> = {};
  for (const [key, cpu] of Object.entries(groups)) byKind[key.split('/')[1]!] = (byKind[key.split('/')[1]!] ?? 0) + cpu;
  const total = Object.values(byKind).reduce((sum, cpu) => sum + cpu, 0);
  process.stderr.write(
    `cpu-sampler: ${((Date.now() - started) / 1000).toFixed(1)} s wall, ${total.toFixed(1)} s CPU seen — ${Object.entries(byKind)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, cpu]) => `${kind} ${cpu.toFixed(1)}`)
      .join(', ')}\n`,
  );
  process.exit(code ?? 1);
});
