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
  // Named prepared statements (the hot reads: db/prepared.ts, the session's and a token's lookups)
  // keep one generic plan per connection instead of being planned again on every execution, as a
  // change's statements do (db/pipelined-connection.ts). An unnamed statement (every other query)
  // gets a generic plan too under this setting — made afresh for each execution, not kept
  // (auto_explain shows its conditions on `$1`: docs/benchmarks.md, "fourteenth pass").
  // PostgreSQL's own choice kept custom plans for every paged read (a LIMIT/OFFSET parameter makes
  // the generic plan look costlier than it is), planning each for longer than it ran
  // (docs/benchmarks.md, "twelfth pass"; docs/decisions.md, "The hot reads keep one plan").
  const pool = new Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: 30_000, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return drizzle(pool, { casing: 'snake_case' });
}
