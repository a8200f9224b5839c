import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_MEMBERS, DEMO_PASSWORD, seedDemoData } from './demo/seed.ts';

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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // Closing the app stops the job queue too (its onClose hook), before the database goes.
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const base = `http://localhost:${(app.server.address() as { port: number }).port}`;
startLog.info(
  [
    '',
    `Console ready at ${base}  (API reference: ${base}/api/docs)`,
    `Database: ${database.embedded ? `embedded PostgreSQL, data in ${config.dataDir}` : 'DATABASE_URL'}`,
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
