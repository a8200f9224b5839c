import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';

/**
 * Queries name their tables (the query builder, never `db.query.<table>`), so the handle needs no
 * list of every table: a table's file in db/schema/ is all a new table takes (drizzle.config.ts
 * finds it for migrations).
 */
export type Database = NodePgDatabase & { $client: Pool };
/** A database handle or a transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | '$with' | 'with' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export function createDatabase(url: string, poolMax: number): Database {
  const pool = new Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000 });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return drizzle(pool, { casing: 'snake_case' });
}
