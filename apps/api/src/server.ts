import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_MEMBERS, DEMO_PASSWORD, seedDemoData } from './demo/seed.ts';
import { productProxyKeyOf } from './modules/product-gateway/actor-token.ts';
import { ALARM_TICK_JOB } from './modules/alarms/alarms.jobs.ts';
import { ROLLUP_JOB } from './modules/metrics/metrics.jobs.ts';
import { startEmailProduct } from './product-sidecar.ts';
import { DEVELOPMENT_SECRETS_KEY } from './platform/secrets.ts';

const config = loadConfig();
const startLog = {
  info: (message: string) => process.stdout.write(`${message}\n`),
  warn: (message: string) => process.stderr.write(`${message}\n`),
};

const database = await openDatabase(config, startLog);
if (config.seedDemo && (await seedDemoData(database.db, { publicUrl: config.publicUrl, devOutbox: !config.smtp }))) {
  startLog.info('loaded the demo organization');
}
const app = await buildApp({ config, db: database.db, databaseUrl: database.url });
// After the migrations: installs or migrates pg-boss's schema, then works the queues.
await app.jobs.start('worker');
// ALARM_EVALUATION_INTERVAL_SECONDS: the rollup, then the alarm tick, every N seconds besides the minute schedule.
const evaluationTimer = config.alarmEvaluationIntervalSeconds
  ? setInterval(() => {
      void app.jobs
        .trigger(ROLLUP_JOB)
        .then(() => app.jobs.trigger(ALARM_TICK_JOB))
        .catch((error: unknown) => app.log.warn({ err: error }, 'alarm evaluation trigger failed'));
    }, config.alarmEvaluationIntervalSeconds * 1000)
  : undefined;

let emailProduct: ReturnType<typeof startEmailProduct> | undefined;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // While the database stops, a connection it ends may still raise an error nobody awaits any more
  // (pg emits it on a client between queries): expected now, so it is logged instead of crashing the exit.
  process.on('uncaughtException', (error) => startLog.warn(`${signal}: ignored while shutting down: ${error.message}`));
  clearInterval(evaluationTimer);
  app.log.info(`${signal}: shutting down`);
  // Closing the app stops the job queue too (its onClose hook), before the database goes.
  await emailProduct?.stop().catch(() => {});
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const listening = (app.server.address() as { port: number }).port;
const base = `http://localhost:${listening}`;
if (config.emailProduct.start) {
  emailProduct = startEmailProduct({
    port: config.emailProduct.port,
    host: config.host === '0.0.0.0' ? '127.0.0.1' : config.host,
    databaseUrl: database.url,
    consoleUrl: `http://127.0.0.1:${listening}`,
    proxySecret: productProxyKeyOf(config.productProxySecret, config.secretsKey ?? DEVELOPMENT_SECRETS_KEY),
    env: config.env,
    logLevel: config.logLevel,
    log: startLog,
  });
}
startLog.info(
  [
    '',
    `Console ready at ${base}  (API reference: ${base}/api/docs)`,
    `Database: ${database.embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}`,
    ...(config.emailProduct.start ? [`Sample product Email: ${config.emailProduct.url} (shown in the console under /product-proxy/email)`] : []),
    `Mail: ${config.smtp ? 'SMTP' : `no SMTP configured: mails are kept in the dev outbox (${base}/api/console/v1/dev-outbox)`}`,
    ...(config.seedDemo
      ? [
          `Demo sign-in (password ${DEMO_PASSWORD}):`,
          ...DEMO_MEMBERS.map((member) => `  ${member.role.padEnd(15)} ${member.email}`),
          `  IAM account     domain ${DEMO_DOMAIN}, ID ${DEMO_IAM.userCode}  (${base}/login?domain=${DEMO_DOMAIN})`,
        ]
      : []),
    '',
  ].join('\n'),
);
