import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Fixtures, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions } from '@playwright/test';

/**
 * One console server per Playwright worker (test loop, issue 8): each worker drives its own API
 * server on its own embedded PostgreSQL with the demo data, so two workers run spec files side by
 * side without seeing each other's changes (role-groups.spec moves its server's clock; governance
 * locks its owner out of an organization). A spec file runs whole in one worker, in order.
 *
 * Worker `n` (its `parallelIndex`, 0 or 1 with the default two workers) listens on
 * E2E_PORT + 2n (its sample Email product on the next port), PostgreSQL on E2E_PG_PORT + n, data in
 * `<E2E_DATA_DIR>-w<n>`. The data is wiped once per run (E2E_RUN_ID, set by playwright.config.ts):
 * a worker restarted after a failed test finds its server's data as the earlier tests left it, as
 * one server for the whole run always did.
 *
 * Specs need nothing from here: the `baseURL` fixture points `page`, `request` and `page.request`
 * at the worker's server. `serverInfo` (worker-scoped) gives the ports and data directory to the
 * few helpers that reach the database or the server directly.
 */
export interface ServerInfo {
  baseURL: string;
  port: number;
  pgPort: number;
  /** Relative to the repository, e.g. `.tmp/e2e-data-w0`. */
  dataDir: string;
}

export interface ServerSettings {
  port: number;
  pgPort: number;
  dataDir: string;
  runId: string;
}

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Environment the e2e server runs with (was playwright.config.ts's webServer.env). */
function serverEnv(info: ServerInfo): Record<string, string> {
  return {
    PORT: String(info.port),
    HOST: '127.0.0.1',
    DATA_DIR: info.dataDir,
    EMBEDDED_PG_PORT: String(info.pgPort),
    LOGIN_RATE_LIMIT_PER_MINUTE: '200',
    // Specs give their projects organizations of their own (the demo organization's 5-project
    // limit is shared); the demo OWNER creates more than the default 10 over a whole run.
    ORG_LIMIT_PER_MEMBER: '50',
    LOG_LEVEL: 'warn',
    PARTNER_CENTER_URL: `${info.baseURL}/__partner-center`,
    // The dev clock (never in production): role-groups.spec moves the server's clock by up to two
    // days; sessions outlive those moves so a page left open sees the server's new view.
    DEV_CLOCK_CONTROL: 'true',
    SESSION_IDLE_MINUTES: String(3 * 24 * 60),
    SESSION_MAX_HOURS: String(30 * 24),
    // alarms.spec: its webhook receiver listens on loopback (the operator's internal-hosts setting),
    // and the rollup and alarm evaluation run every 2 s instead of once a minute.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    ALARM_EVALUATION_INTERVAL_SECONDS: '2',
  };
}

/** The ports and data directory of worker `index`. */
export function serverInfoOf(settings: ServerSettings, index: number): ServerInfo {
  const port = settings.port + 2 * index;
  return { baseURL: `http://127.0.0.1:${port}`, port, pgPort: settings.pgPort + index, dataDir: `${settings.dataDir}-w${index}` };
}

async function ready(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

class ServerExitedEarly extends Error {}

/** Starts the server of `info` (wiping its data first when this run has not used it yet) and waits for /readyz. */
export async function startServer(info: ServerInfo, runId: string): Promise<{ stop: () => Promise<void> }> {
  const dataDir = path.join(repoRoot, info.dataDir);
  const runFile = path.join(dataDir, 'e2e-run-id');
  const sameRun = existsSync(runFile) && readFileSync(runFile, 'utf8').trim() === runId;
  if (!sameRun) {
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.mkdir(dataDir, { recursive: true });
  }
  if (await ready(`${info.baseURL}/readyz`)) {
    throw new Error(`something already answers on ${info.baseURL}: set E2E_PORT to a free port (each worker takes E2E_PORT + 2n and the next)`);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...serverEnv(info) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its stderr until it is asked to stop (the shutdown's own noise, e.g. a pool's connection ended
  // by PostgreSQL going down first, is not the tests' business).
  let stopping = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    if (!stopping) process.stderr.write(`[e2e server ${info.port}] ${chunk.toString()}`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const deadline = Date.now() + 150_000;
  // The console, and its sample Email product on the next port (a child process the console starts:
  // its own start can take longer than the console's on a loaded machine, and a spec that opens a
  // product page first would get the proxy's 503 while it starts).
  const productHealth = `http://127.0.0.1:${info.port + 1}/healthz`;
  while (!(await ready(`${info.baseURL}/readyz`)) || !(await ready(productHealth))) {
    if (gone) throw new ServerExitedEarly(`the e2e server on port ${info.port} exited before it was ready (its stderr is above)`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the e2e server on port ${info.port} was not ready within 150 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!sameRun) await fs.writeFile(runFile, `${runId}\n`);

  return {
    stop: async () => {
      if (gone) return;
      // For measuring the suite (docs/benchmarks-test-loop.md): the server's Prometheus counters
      // (requests by route: sign-ins, page loads) as the worker leaves, when E2E_METRICS_DIR is set.
      if (process.env.E2E_METRICS_DIR) {
        const metrics = await fetch(`${info.baseURL}/metrics`).then((answer) => answer.text()).catch(() => '');
        await fs.mkdir(process.env.E2E_METRICS_DIR, { recursive: true });
        await fs.writeFile(path.join(process.env.E2E_METRICS_DIR, `server-${info.port}-${Date.now()}.txt`), metrics);
      }
      // SIGTERM: the server closes its queue, its product sidecar and its PostgreSQL.
      stopping = true;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface ServerWorkerFixtures {
  /** Where this worker's server is (started once per worker, before its first test). */
  serverInfo: ServerInfo;
  /** The settings playwright.config.ts passes (E2E_PORT, E2E_PG_PORT, E2E_DATA_DIR, the run id). */
  serverSettings: ServerSettings;
}

/** The fixtures, for a `test.extend(serverFixtures)` of any test built on Playwright's. */
export const serverFixtures: Fixtures<object, ServerWorkerFixtures, PlaywrightTestArgs & PlaywrightTestOptions, PlaywrightWorkerArgs & PlaywrightWorkerOptions> = {
  serverSettings: [
    { port: 19_000, pgPort: 56_000, dataDir: '.tmp/e2e-data', runId: 'manual' },
    { scope: 'worker', option: true },
  ],
  serverInfo: [
    async ({ serverSettings }, use, workerInfo) => {
      const info = serverInfoOf(serverSettings, workerInfo.parallelIndex);
      // Helpers that reach this worker's database directly (services-fallback.ts) read these.
      process.env.E2E_PG_PORT = String(info.pgPort);
      process.env.E2E_DATA_DIR = info.dataDir;
      let server: Awaited<ReturnType<typeof startServer>>;
      try {
        server = await startServer(info, serverSettings.runId);
      } catch (error) {
        // Once more after a server that died starting: as root on a machine without the system user
        // `postgres`, two servers starting at once both try to create it and one of them fails.
        if (!(error instanceof ServerExitedEarly)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        server = await startServer(info, serverSettings.runId);
      }
      await use(info);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ serverInfo }, use) => {
    await use(serverInfo.baseURL);
  },
};
