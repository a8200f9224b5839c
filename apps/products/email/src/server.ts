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
// Started by the console: go when it goes.
process.once('disconnect', () => void shutdown('console gone'));

await app.listen({ host: config.host, port: config.port });
reporter.start();
void mail.resendStale().catch(() => {});
app.log.info(`Email product ready at http://${config.host}:${config.port} (console ${config.consoleUrl})`);
