import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@console/contracts';
import { expect } from 'vitest';
import { FIXTURE_PASSWORD } from './fixtures.ts';

/**
 * The real server as a process of its own (node apps/api/src/server.ts) on a given database, for the
 * kill tests: start it, SIGKILL it in the middle of something, start it again, and look at the data.
 */
const SERVER = path.resolve(import.meta.dirname, '../server.ts');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** What the process printed so far (stdout and stderr). */
  output: () => string;
}

const running = new Set<ChildProcess>();

/**
 * How long a server may take to say it is ready: a guard against a hang, not a target. A start takes
 * ≈ 6 s on two quiet cores; 30 s failed the import kill test at a load average of 20 (2026-11-27,
 * docs/benchmarks-test-loop.md), so the bound is generous.
 */
const READY_WITHIN_MS = 120_000;

/** Starts the server on `databaseUrl` (any free port) and answers once it says it is ready; `env` adds to or overrides its environment. */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DEV_CLOCK_CONTROL: 'false',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100',
      // No sample Email product beside it (a test's server is not `production`, so it would start
      // one): no kill test talks to it, and every server started it on port 8081, where two files'
      // servers at once met each other's, the loser restarting every 2 s until its server died.
      EMAIL_PRODUCT_START: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => (running.delete(child), resolve())));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Console ready at (http:\/\/localhost:\d+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`the server exited before it was ready:\n${output}`)));
    setTimeout(() => reject(new Error(`the server was not ready after ${READY_WITHIN_MS / 1000} s:\n${output}`)), READY_WITHIN_MS).unref();
  });
  return { base, child, exited, output: () => output };
}

/** The processes `pid` started and that still run (Linux: /proc's children lists of each of its threads). */
export async function childProcessesOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const lists = await Promise.all(tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')));
  return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
}

/** Kills every server process a test file started and has not seen exit (its afterAll). */
export function killServerProcesses() {
  for (const child of running) child.kill('SIGKILL');
}

/** Signs in over HTTP; answers the headers that call as that member (cookies and the CSRF token). */
export async function signInOverHttp(base: string, email: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: FIXTURE_PASSWORD }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  const csrf = cookies.find((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`))!.slice(CSRF_COOKIE.length + 1);
  return { cookie: cookies.join('; '), [CSRF_HEADER]: csrf, lang: 'en_US' };
}

/**
 * Reads `read` until `done` holds for its value (every `intervalMs`), or fails after `timeoutMs`
 * naming `what` and the last value: how the kill tests wait for a restarted server's recovery.
 */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
