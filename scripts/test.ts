/**
 * `npm test`: everything a change can break: the lock file (CI installs with `npm ci`, which refuses
 * a lock file that `npm install` accepted, e.g. when the registry lacks an optional platform
 * binding), type check, lint, unit (contracts, api, web), API integration on a real PostgreSQL,
 * production build, each route's first-paint JS against its budget, end-to-end in Chromium.
 *
 * Steps run side by side where they wait on nothing of each other (`after` below): the API suite
 * and the build from the start, the end-to-end suite and the unit step as soon as the build the
 * former drives is within its budget (and lint has passed); the type check and the lock-file check
 * at a lower priority (`nice`), in the cores the others leave idle. Each
 * step's output is kept and printed whole when the step ends, under a header with its time, so two
 * steps never interleave their lines. The first failure stops the steps still running and fails the
 * run, its output printed in full.
 *
 * Each step's time is given as wall time and, where GNU time is installed (`/usr/bin/time`, Debian's
 * `time` package), as CPU time too: user + system of the step and everything it started. On a
 * machine shared with other work the CPU time is what compares runs (docs/benchmarks-test-loop.md).
 *
 * `npm test -- --skip e2e,build` skips steps (a step waiting on a skipped one no longer waits);
 * `--only api` runs some; `--serial` runs one step at a time, in the order below (as before).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { chromiumPath, HEADLESS_SHELL } from './chromium.ts';
import { stepCpuTimer } from './step-cpu.ts';

interface Step {
  name: string;
  /** Steps that must have passed first (skipped ones do not count). */
  after: string[];
  command: () => [string, string[]] | null;
  prepare?: () => boolean;
  /**
   * Run at a lower priority (`nice -n 10`): a step nothing waits on, which takes the cores the
   * others leave idle (the long steps wait on browsers, servers and timers) instead of slowing them.
   */
  background?: boolean;
}

/** coreutils' nice, for the `background` steps (without it they run at the usual priority). */
const NICE = '/usr/bin/nice';
const npm = (...args: string[]) => (): [string, string[]] => ['npm', ['run', '--silent', ...args]];

/**
 * The graph, chosen by measurement on 2 cores (docs/benchmarks-test-loop.md, "npm test as a whole",
 * "the two steps side by side again", "The API suite on shared workers" and "the e2e step from the
 * build"): the e2e step and the API suite are the two long steps, side by side, so both start as
 * early as they can: the API suite at once, the e2e step after the build alone (≈ 15 s) instead of
 * the type check → build (≈ 64 s); the type check, which nothing waits on, runs niced beside it all.
 * Before: tsc beside lint → unit → api; build after tsc; e2e after the budget and the unit step.
 * Side by side the two longest steps failed twice on 2026-11-27 (time
 * bounds, at loads of 24-39 from other sessions: 1,239 s on a clean clone, then an e2e wait in the
 * product iframe); since the API suite runs on shared workers (≈ 0.65× its CPU, 1.4 cores busy) it leaves ≈ 0.6 of a
 * core idle beside its long one-test files, and one `npm test` of each order, one after the other
 * at a load of 4-10 (2026-11-28 19:47-19:59), took 385 s one after the other and 335 s side by
 * side, every test passing in both. A run that fails its time bounds under others' load: `--serial`.
 */
const steps: Step[] = [
  { name: 'lockfile', after: [], command: () => ['npm', ['ci', '--dry-run', '--no-audit', '--no-fund', '--loglevel=error']], background: true },
  // Nothing waits on the type check (Vite's build does not type-check): it fills the idle cores.
  { name: 'typecheck', after: [], command: npm('typecheck'), background: true },
  { name: 'lint', after: [], command: npm('lint') },
  // After the build too: beside the API suite and the unit step the build took 49.8 s at a load of
  // 21 (the e2e step, which waits on it, began at 53 s); it has the cores the API suite leaves.
  { name: 'unit', after: ['lint', 'budget'], command: npm('test:unit') },
  // From the start too: behind the unit step it began at 176 s in a run beside other work (unit
  // 166 s beside e2e at a load of 11-16) and ended last. A red unit step still stops it.
  { name: 'api', after: [], command: npm('test:api') },
  { name: 'build', after: [], command: npm('build') },
  // Each route's first-paint JS (gzip) against apps/web/bundle-budget.json (scripts/web-budget.ts).
  { name: 'budget', after: ['build'], command: npm('budget') },
  // The longest step: as soon as the build it drives is within its budget, beside the unit step and
  // the API suite; a red unit step (or any other) still stops it and fails the run.
  { name: 'e2e', after: ['budget'], command: npm('test:e2e'), prepare: ensureChromium },
];

/**
 * The e2e step's browser (scripts/chromium.ts): Debian's chromium-headless-shell, installed when
 * missing (CHROMIUM_PATH set: that browser, which must exist).
 */
function ensureChromium(): boolean {
  if (process.env.CHROMIUM_PATH) {
    if (existsSync(process.env.CHROMIUM_PATH)) return true;
    process.stderr.write(`CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist.\n`);
    return false;
  }
  if (existsSync(HEADLESS_SHELL)) return true;
  process.stdout.write(`Chromium's headless shell is missing at ${HEADLESS_SHELL}; installing Debian's chromium-headless-shell package\n`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) =>
    spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  if (!run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium-headless-shell'])) {
    run(['apt-get', 'update']);
    run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium-headless-shell']);
  }
  if (existsSync(HEADLESS_SHELL)) return true;
  // The full browser runs the same suite (more CPU): better than no end-to-end step at all.
  if (existsSync(chromiumPath())) {
    process.stdout.write(`Could not install chromium-headless-shell; the suite drives ${chromiumPath()} instead\n`);
    return true;
  }
  process.stderr.write('Could not install chromium-headless-shell; set CHROMIUM_PATH to a Chromium or Chrome binary.\n');
  return false;
}

const argv = process.argv.slice(2);
const listArg = (flag: string) => {
  const index = argv.indexOf(flag);
  return index >= 0 ? (argv[index + 1] ?? '').split(',').filter(Boolean) : [];
};
const only = listArg('--only');
const skip = listArg('--skip');
const serial = argv.includes('--serial');
const unknown = [...only, ...skip].filter((name) => !steps.some((step) => step.name === name));
if (unknown.length) {
  process.stderr.write(`npm test: no step named ${unknown.join(', ')} (steps: ${steps.map((s) => s.name).join(', ')})\n`);
  process.exit(2);
}

const cpuTimer = stepCpuTimer();
process.on('exit', () => cpuTimer?.cleanup());

const selected = steps.filter((step) => (!only.length || only.includes(step.name)) && !skip.includes(step.name));
const selectedNames = new Set(selected.map((step) => step.name));
// Colours as on a terminal when this run prints to one (the tools see a pipe).
const env = { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) };

interface Running {
  step: Step;
  child: ChildProcess;
  output: Buffer[];
  start: number;
}
const started = Date.now();
const done = new Map<string, { status: number; seconds: number; start: number; cpu?: number }>();
const running = new Map<string, Running>();
const secondsSince = (from: number) => (Date.now() - from) / 1000;

function ready(step: Step): boolean {
  if (done.has(step.name) || running.has(step.name)) return false;
  if (serial) return running.size === 0 && selected.every((s) => s === step || done.has(s.name) || selected.indexOf(s) > selected.indexOf(step));
  return step.after.every((name) => !selectedNames.has(name) || done.get(name)?.status === 0);
}

function start(step: Step) {
  const begin = Date.now();
  if (step.prepare && !step.prepare()) return finish(step.name, 1, begin, []);
  const [plain, plainArgs] = step.command()!;
  const [command, args]: [string, string[]] = step.background && !serial && existsSync(NICE) ? [NICE, ['-n', '10', plain, ...plainArgs]] : [plain, plainArgs];
  const [run, runArgs] = cpuTimer ? cpuTimer.wrap(step.name, command, args) : [command, args];
  // A process group of its own, so a failure elsewhere can stop the step with all it started.
  const child = spawn(run, runArgs, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const entry: Running = { step, child, output: [], start: begin };
  child.stdout!.on('data', (chunk: Buffer) => entry.output.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => entry.output.push(chunk));
  child.on('error', (error) => entry.output.push(Buffer.from(`${error.message}\n`)));
  child.on('close', (code, signal) => {
    running.delete(step.name);
    if (stopping) return;
    finish(step.name, code ?? (signal ? 1 : 0), begin, entry.output, cpuTimer?.seconds(step.name));
  });
  running.set(step.name, entry);
  process.stdout.write(`--- ${step.name} started at ${secondsSince(started).toFixed(0)} s${running.size > 1 ? ` (beside ${[...running.keys()].filter((n) => n !== step.name).join(', ')})` : ''}\n`);
}

let stopping = false;

function finish(name: string, status: number, begin: number, output: Buffer[], cpu?: number) {
  const seconds = secondsSince(begin);
  done.set(name, { status, seconds, start: (begin - started) / 1000, cpu });
  process.stdout.write(`\n=== ${name}\n`);
  process.stdout.write(Buffer.concat(output));
  process.stdout.write(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s${cpu === undefined ? '' : `, ${cpu.toFixed(1)} s CPU`}\n`);
  if (status !== 0) return fail(name, status);
  schedule();
}

function table(): string {
  return selected
    .map((step) => {
      const result = done.get(step.name);
      const mark = !result ? (running.has(step.name) ? 'stop' : '    ') : result.status === 0 ? 'ok  ' : 'FAIL';
      const cpu = result?.cpu === undefined ? '' : `  ${result.cpu.toFixed(1)} s CPU`;
      const time = result ? `${result.seconds.toFixed(1)} s`.padStart(8) + `  (from ${result.start.toFixed(0)} s)${cpu}` : '';
      return `${mark} ${step.name.padEnd(10)}${time}`;
    })
    .join('\n');
}

function fail(name: string, status: number) {
  stopping = true;
  const others = [...running.values()];
  process.stdout.write(`\n${table()}\n\nnpm test failed at ${name}${others.length ? `; stopping ${others.map((r) => r.step.name).join(', ')}` : ''}\n`);
  if (!others.length) process.exit(status);
  // SIGINT first: vitest and Playwright then stop their servers and databases themselves.
  for (const other of others) signalGroup(other.child, 'SIGINT');
  const force = setTimeout(() => others.forEach((other) => signalGroup(other.child, 'SIGKILL')), 15_000);
  const exitWhenStopped = setInterval(() => {
    if (running.size) return;
    clearTimeout(force);
    clearInterval(exitWhenStopped);
    process.exit(status);
  }, 100);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // Already gone.
  }
}

function schedule() {
  if (stopping) return;
  for (const step of selected) if (ready(step)) start(step);
  if (done.size === selected.length) {
    const sum = [...done.values()].reduce((total, result) => total + result.seconds, 0);
    const cpus = [...done.values()].map((result) => result.cpu);
    const cpu = cpus.every((value) => value !== undefined) ? `, ${cpus.reduce((total, value) => total + value, 0).toFixed(0)} s of CPU` : '';
    process.stdout.write(
      `\n${table()}\n\nall passed in ${secondsSince(started).toFixed(0)} s (the steps' times add up to ${sum.toFixed(0)} s${cpu}; load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')})\n`,
    );
  }
}

// Ctrl-C stops every step's process group, not only the runner.
process.on('SIGINT', () => {
  for (const entry of running.values()) signalGroup(entry.child, 'SIGINT');
  process.exit(130);
});

process.stdout.write(`npm test: load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')} at the start${cpuTimer ? '' : ' (no /usr/bin/time: wall times only)'}\n`);
schedule();
