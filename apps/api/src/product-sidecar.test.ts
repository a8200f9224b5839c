import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmailProduct } from './product-sidecar.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sidecar-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const start = (script: string, warnings: string[], steadyAfter: number) =>
  startEmailProduct({
    port: 1,
    host: '127.0.0.1',
    databaseUrl: 'postgres://unused',
    consoleUrl: 'http://127.0.0.1:1',
    proxySecret: 'unused',
    env: 'test',
    logLevel: 'warn',
    log: { info: () => {}, warn: (message) => warnings.push(message) },
    script,
    restartDelayMs: { first: 20, max: 80, steadyAfter },
  });

const until = async (done: () => boolean) => {
  for (const deadline = Date.now() + 15_000; !done(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the sample product beside the console', () => {
  it('is restarted after a stop, waiting twice as long after each quick stop, up to the longest delay', async () => {
    const script = path.join(dir, 'fails.mjs');
    await writeFile(script, 'process.exit(3);\n');
    const warnings: string[] = [];
    // A stop within 10 s of the start is a quick one (a process's start takes far less, even on a loaded machine).
    const product = start(script, warnings, 10_000);
    await until(() => warnings.length >= 5);
    await product.stop();
    expect(warnings.slice(0, 5)).toEqual([20, 40, 80, 80, 80].map((ms) => `the email product stopped (exit 3); restarting in ${ms} ms`));
  });

  it('waits the first delay again after a run that lasted', async () => {
    const script = path.join(dir, 'runs-then-fails.mjs');
    // Runs for 300 ms before it stops: longer than the 200 ms after which a run counts as lasting.
    await writeFile(script, 'setTimeout(() => process.exit(4), 300);\n');
    const warnings: string[] = [];
    const product = start(script, warnings, 200);
    await until(() => warnings.length >= 3);
    await product.stop();
    expect(warnings.slice(0, 3)).toEqual([20, 20, 20].map((ms) => `the email product stopped (exit 4); restarting in ${ms} ms`));
  });
});
