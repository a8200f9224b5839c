import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { buildTestApp } from '../../../api/src/test/helper.ts';

/**
 * The product started by the console (apps/api/src/product-sidecar.ts, an IPC channel) goes when
 * the console goes — also when the console dies while the product is still starting: a console
 * killed with SIGKILL during the product's migration left the product listening for good.
 */
const server = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startProduct(databaseUrl: string) {
  const port = await freePort();
  child = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', EMAIL_PRODUCT_PORT: String(port), EMAIL_PRODUCT_HOST: '127.0.0.1', EMAIL_PRODUCT_DATABASE_URL: databaseUrl, CONSOLE_URL: 'http://127.0.0.1:9' },
  });
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  return { port, exited, process: child };
}

const listening = async (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

it('ends when the console that started it is gone before it has started', async () => {
  const t = await buildTestApp();
  const product = await startProduct(t.databaseUrl);
  // At once: the channel closes before the product's module has even run (its migration after).
  product.process.disconnect();
  await expect(Promise.race([product.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))])).resolves.toBe(0);
  expect(await listening(product.port)).toBe(false);
});

it('ends when the console that started it is gone after it has started', async () => {
  const t = await buildTestApp();
  const product = await startProduct(t.databaseUrl);
  const deadline = Date.now() + 20_000;
  while (!(await listening(product.port))) {
    if (Date.now() > deadline) throw new Error('the product did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  product.process.disconnect();
  await expect(Promise.race([product.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))])).resolves.toBe(0);
});
