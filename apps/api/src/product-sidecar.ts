import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs the sample product Notification > Email (apps/products/email) as a child process beside
 * the console (`npm start`, `npm run dev`, the e2e server): its own process and port, talking to
 * the console over HTTP only, as an outside product would. It shares the console's PostgreSQL
 * server (its own schema) and the key of the proxy's caller header. Restarted if it stops, after
 * 2 s, then twice as long after each stop that comes within a minute of its start, up to a minute (a
 * product that cannot start — its configuration refused, its port taken — is not started again every
 * 2 s for as long as the console runs); stopped with the console (and stops itself if the console
 * dies: the IPC channel closes).
 */
export function startEmailProduct(options: {
  port: number;
  host: string;
  databaseUrl: string;
  consoleUrl: string;
  proxySecret: string;
  env: string;
  logLevel: string;
  log: { info(message: string): void; warn(message: string): void };
  /** The product's entry (tests); apps/products/email/src/server.ts. */
  script?: string;
  /**
   * The first restart's delay, the longest, and how long a run must last for its stop to count as a
   * new one (the delay back to the first): 2 s, 60 s and 60 s; tests shorten them.
   */
  restartDelayMs?: { first: number; max: number; steadyAfter: number };
}) {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  const delays = options.restartDelayMs ?? { first: 2000, max: 60_000, steadyAfter: 60_000 };
  let nextDelay = delays.first;

  const run = () => {
    // Under `npm run dev` (node --watch) the product restarts on its own changes too.
    const watch = process.execArgv.includes('--watch') ? ['--watch'] : [];
    const startedAt = Date.now();
    child = spawn(process.execPath, [...watch, options.script ?? path.join(repoRoot, 'apps/products/email/src/server.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        NODE_ENV: options.env,
        LOG_LEVEL: options.logLevel,
        EMAIL_PRODUCT_PORT: String(options.port),
        EMAIL_PRODUCT_HOST: options.host,
        EMAIL_PRODUCT_DATABASE_URL: options.databaseUrl,
        CONSOLE_URL: options.consoleUrl,
        PRODUCT_PROXY_SECRET: options.proxySecret,
      },
    });
    child.once('exit', (code, signal) => {
      child = undefined;
      if (stopping) return;
      // A product that ran a while had started: its stop is not one of a series.
      if (Date.now() - startedAt >= delays.steadyAfter) nextDelay = delays.first;
      const delay = nextDelay;
      nextDelay = Math.min(delay * 2, delays.max);
      options.log.warn(`the email product stopped (${signal ?? `exit ${code}`}); restarting in ${formatDelay(delay)}`);
      restartTimer = setTimeout(run, delay);
    });
  };
  run();
  options.log.info(`Email product (apps/products/email) starting on port ${options.port}`);

  return {
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running) return;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => running.kill('SIGKILL'), 10_000);
        running.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}

const formatDelay = (ms: number) => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);
