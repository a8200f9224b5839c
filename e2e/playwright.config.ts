import { createHash } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';

/**
 * Ports derived from the checkout's path: two clones (a fresh-clone check beside a working copy)
 * run their suites at once without colliding, and every Playwright process computes the same.
 */
const slot = createHash('sha256').update(import.meta.dirname).digest().readUInt16BE(0) % 1000;
const port = Number(process.env.E2E_PORT ?? 18_000 + slot);
const pgPort = Number(process.env.E2E_PG_PORT ?? 55_000 + slot);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The server's embedded PostgreSQL data, wiped at every start (relative to the repository): a run
 * beside another in the same checkout gives itself its own with E2E_DATA_DIR (under `.tmp/`).
 */
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
if (!/^\.tmp\/[\w.-]+$/.test(dataDir)) throw new Error(`E2E_DATA_DIR must be a folder directly under .tmp/, not ${dataDir}`);

/**
 * Drives the built console (apps/web/dist, built by `npm run build`) served by the real API on a
 * fresh embedded PostgreSQL with the demo data, in Debian's Chromium.
 */
export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : [['list']],
  outputDir: '../.tmp/e2e-results',
  use: {
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } } }],
  webServer: {
    command: `rm -rf ../${dataDir} && node ../apps/api/src/server.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOGIN_RATE_LIMIT_PER_MINUTE: '200',
      // Specs give their projects organizations of their own (the demo organization's 5-project
      // limit is shared); the demo OWNER creates more than the default 10 over a whole run.
      ORG_LIMIT_PER_MEMBER: '50',
      LOG_LEVEL: 'warn',
      PARTNER_CENTER_URL: `${baseURL}/__partner-center`,
      // The dev clock (never in production): role-groups.spec moves the server's clock by up to two
      // days; sessions outlive those moves so a page left open sees the server's new view.
      DEV_CLOCK_CONTROL: 'true',
      SESSION_IDLE_MINUTES: String(3 * 24 * 60),
      SESSION_MAX_HOURS: String(30 * 24),
      // alarms.spec: its webhook receiver listens on loopback (the operator's internal-hosts setting),
      // and the rollup and alarm evaluation run every 2 s instead of once a minute.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      ALARM_EVALUATION_INTERVAL_SECONDS: '2',
    },
  },
});
