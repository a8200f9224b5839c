import type { AppConfig } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { migrateDatabase } from './migrate.ts';
import { seedReferenceData } from './seed/reference.ts';

export interface OpenedDatabase {
  db: Database;
  /** The URL the pool connects to (DATABASE_URL or the embedded server's). */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Connects to DATABASE_URL or starts the embedded PostgreSQL, then migrates and loads reference data. */
export async function openDatabase(
  config: AppConfig,
  log: { info(message: string): void; warn(message: string): void },
): Promise<OpenedDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
  const url = config.databaseUrl ?? embedded!.url;
  const db = createDatabase(url, config.databasePoolMax);
  try {
    await migrateDatabase(db);
    await seedReferenceData(db, { productUrls: { email: config.emailProduct.url, 'email-insights': config.emailProduct.url } });
  } catch (error) {
    await db.$client.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return {
    db,
    url,
    embedded: Boolean(embedded),
    async close() {
      await db.$client.end();
      await embedded?.stop();
    },
  };
}
