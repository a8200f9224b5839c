import { loadProductConfig } from './config.ts';
import { createConsoleClient } from './console-client.ts';
import { createSealer } from './crypto.ts';
import { createPool, migrate } from './db.ts';
import { buildProductApp } from './app.ts';
import { createMailService } from './mail-service.ts';
import { createReporter } from './reporter.ts';

/**
 * The sample product Notification > Email as its own process: its own schema in the given
 * PostgreSQL, its public API and UI, the reporter of usage and metrics, and the resend of mails a
 * stopped process left half-sent. The console starts it beside itself in development
 * (EMAIL_PRODUCT_START); in production it runs on its own.
 */
const config = loadProductConfig();
// Started by the console (an IPC channel): go when it goes. While this process is still starting
// there is nothing to close, so it ends at once — a console killed during the migration below left
// its product running for good when the listener was only added after it.
const startedByConsole = typeof process.send === 'function';
const goneWhileStarting = () => process.exit(0);
if (startedByConsole) process.once('disconnect', goneWhileStarting);
const pool = createPool(config.databaseUrl);
await migrate(pool);
const consoleClient = createConsoleClient(config.consoleUrl);
const sealer = createSealer(config.secretsKey);
const mail = createMailService({ pool, console: consoleClient, sealer, publicUrl: config.publicUrl });
const app = buildProductApp({ mail, proxySecret: config.proxySecret, logLevel: config.logLevel });
const reporter = createReporter({ pool, console: consoleClient, sealer, intervalMs: config.reportIntervalMs, log: app.log });
const resend = setInterval(() => {
  mail.resendStale().catch((error: unknown) => app.log.warn({ err: error }, 'resending stale mails failed'));
}, 30_000);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  clearInterval(resend);
  await reporter.stop().catch(() => {});
  await app.close().catch(() => {});
  await pool.end().catch(() => {});
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.off('disconnect', goneWhileStarting);
process.once('disconnect', () => void shutdown('console gone'));
if (startedByConsole && !process.connected) void shutdown('console gone');

await app.listen({ host: config.host, port: config.port });
reporter.start();
void mail.resendStale().catch(() => {});
app.log.info(`Email product ready at http://${config.host}:${config.port} (console ${config.consoleUrl})`);
