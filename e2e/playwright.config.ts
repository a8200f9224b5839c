import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, e2eChromiumPath } from '../scripts/chromium.ts';
import type { ServerSettings } from './server.ts';

/**
 * Ports derived from the checkout's path: two clones (a fresh-clone check beside a working copy)
 * run their suites at once without colliding, and every Playwright process computes the same.
 */
const slot = createHash('sha256').update(import.meta.dirname).digest().readUInt16BE(0) % 1000;
const port = Number(process.env.E2E_PORT ?? 18_000 + slot);
const pgPort = Number(process.env.E2E_PG_PORT ?? 55_000 + slot);
/** The first worker's server (worker n's is on port + 2n: e2e/server.ts). */
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The servers' embedded PostgreSQL data, wiped at every run (relative to the repository; worker n's
 * in `<dataDir>-w<n>`): a run beside another in the same checkout gives itself its own with
 * E2E_DATA_DIR (under `.tmp/`).
 */
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
if (!/^\.tmp\/[\w.-]+$/.test(dataDir)) throw new Error(`E2E_DATA_DIR must be a folder directly under .tmp/, not ${dataDir}`);

/**
 * One console server per worker (e2e/server.ts): worker n listens on port + 2n (its sample Email
 * product on the next port), its PostgreSQL on pgPort + n, its data in `<dataDir>-w<n>`, wiped once
 * per run. The run id travels to the workers in the environment.
 */
if (process.env.E2E_RUN_ID === undefined) {
  // The runner's first reading of this file (workers inherit the variables set here): a new run.
  process.env.E2E_RUN_ID = `${process.pid}-${Date.now()}`;
  // The states axe has checked in this run, shared by the workers (a11y.ts).
  process.env.E2E_A11Y_DIR = path.resolve(import.meta.dirname, '..', `${dataDir}-a11y`);
  rmSync(process.env.E2E_A11Y_DIR, { recursive: true, force: true });
}
const serverSettings: ServerSettings = { port, pgPort, dataDir, runId: process.env.E2E_RUN_ID };

/**
 * Two workers by default (E2E_WORKERS to change it): spec files are spread over them, each file
 * run whole and in order by one worker against that worker's own server.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Drives the built console (apps/web/dist, built by `npm run build`) served by the real API on a
 * fresh embedded PostgreSQL with the demo data (one per worker), in Debian's Chromium headless shell
 * (scripts/chromium.ts: the full browser cost 1.3× the CPU).
 */
export default defineConfig<{ serverSettings: ServerSettings }>({
  testDir: './specs',
  fullyParallel: false,
  workers,
  retries: 0,
  // A guard against a hang, not a target: the longest default-bound flows took 50-64 s at a load
  // average of 20 beside other work (docs/benchmarks-test-loop.md); the e2e step runs beside the API suite.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  // Beside the run's data (`.tmp/e2e-data-results` by default): Playwright empties it as a run starts,
  // so a run beside another in the same checkout (its own E2E_DATA_DIR) keeps the other's artifacts.
  outputDir: path.join('..', `${dataDir}-results`),
  use: {
    serverSettings,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // A failed test keeps its trace (actions, network, console, sources), a screenshot of its end and
    // its error context (the page's accessibility tree). No screencast (≈10 % of the run's CPU) and no
    // DOM snapshot at every action (≈13 %: the trace is recorded for every test, kept for a failed one;
    // docs/benchmarks-test-loop.md): E2E_TRACE_SNAPSHOTS=1 records them, to look into a flake.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1' }, ...(process.env.E2E_REDUCED_MOTION ? { contextOptions: { reducedMotion: 'reduce' as const } } : {}),
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2eChromiumPath(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: e2eChromiumPath(), args: chromiumArgs } } }],
});
