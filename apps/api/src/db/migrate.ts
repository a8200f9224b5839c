import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_LOCK = 727_274;

/**
 * Applies the committed migrations. A session advisory lock, held on a connection of its own,
 * makes concurrent starts (several instances, parallel test workers) take turns.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const lockClient = await db.$client.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lockClient.release();
  }
}
