import { Client } from 'pg';
import { beforeAll, expect, inject, it } from 'vitest';
import { afterFile, runAfterFile } from './after-file.ts';
import { anonymous, buildTestApp, type TestApp } from './helper.ts';

/**
 * A file's apps and database are undone when it ends, also when they were made in `beforeAll` (where
 * vitest's `afterAll` registers nothing): the api project's workers run file after file
 * (vitest.config.ts), and an app left open kept its pools' connections until PostgreSQL refused
 * new ones ("sorry, too many clients already").
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

async function databaseCount(name: string): Promise<number> {
  const admin = new Client({ connectionString: inject('testDatabase').adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [name]);
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

it('closes an app made in beforeAll, ends its pool and drops its database when the file ends', async () => {
  const name = new URL(t.databaseUrl).pathname.slice(1);
  expect(await databaseCount(name)).toBe(1);
  expect((await t.call(anonymous, 'GET', '/healthz')).statusCode).toBe(200);
  // What the setup file (file-isolation.ts) runs as the file ends.
  await runAfterFile();
  expect(t.db.$client.ended).toBe(true);
  expect(await databaseCount(name)).toBe(0);
});

it('runs every cleanup, the last registered first, and reports the one that failed', async () => {
  const ran: string[] = [];
  afterFile(async () => void ran.push('first'));
  afterFile(() => Promise.reject(new Error('second failed')));
  afterFile(async () => void ran.push('third'));
  await expect(runAfterFile()).rejects.toThrow('second failed');
  expect(ran).toEqual(['third', 'first']);
  // Nothing left for the end of the file.
  await runAfterFile();
  expect(ran).toEqual(['third', 'first']);
});
