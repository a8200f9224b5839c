import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: Pool };
/** A database handle or a transaction: repositories accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

export function createDatabase(url: string, poolMax: number): Database {
  const pool = new Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000 });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return drizzle(pool, { schema, casing: 'snake_case' });
}
