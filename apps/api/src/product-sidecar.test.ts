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

/**
 * The first `count` warnings of a product whose entry is `source`, stopped once they are in: a
 * run lasting `steadyAfter` ms counts as a start that held.
 */
async function restartWarnings(name: string, source: string, steadyAfter: number, count: number): Promise<string[]> {
  const script = path.join(dir, name);
  await writeFile(script, source);
  const warnings: string[] = [];
  const product = start(script, warnings, steadyAfter);
  await until(() => warnings.length >= count);
  await product.stop();
  return warnings.slice(0, count);
}

describe('the sample product beside the console', () => {
  it('is restarted after a stop, waiting twice as long after each quick stop, up to the longest delay', async () => {
    // A stop within 10 s of the start is a quick one (a process's start takes far less, even on a loaded machine).
    const warnings = await restartWarnings('fails.mjs', 'process.exit(3);\n', 10_000, 5);
    expect(warnings).toEqual([20, 40, 80, 80, 80].map((ms) => `the email product stopped (exit 3); restarting in ${ms} ms`));
  });

  it('waits the first delay again after a run that lasted', async () => {
    // Runs for 300 ms before it stops: longer than the 200 ms after which a run counts as lasting.
    const warnings = await restartWarnings('runs-then-fails.mjs', 'setTimeout(() => process.exit(4), 300);\n', 200, 3);
    expect(warnings).toEqual([20, 20, 20].map((ms) => `the email product stopped (exit 4); restarting in ${ms} ms`));
  });
});
