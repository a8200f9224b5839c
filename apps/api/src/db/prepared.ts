import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { inChange } from './unit-of-work.ts';

/**
 * Named prepared statements, built once per database handle: Drizzle builds the SQL once and
 * PostgreSQL parses and plans it once per connection (the pool keeps generic plans: db/client.ts),
 * where a plain query is built, parsed and planned on every call. For the hot read paths only; a
 * transaction (whose handle is not the database) runs the same query unprepared.
 */
const byDatabase = new WeakMap<object, Map<string, { execute: (params: Record<string, unknown>) => Promise<unknown> }>>();

export const isDatabase = (db: Executor): boolean => '$client' in db && !inChange();

function preparedOnce<P extends { execute: (params: Record<string, unknown>) => Promise<unknown> }>(db: Executor, name: string, prepare: () => P): P {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (!statement) statements.set(name, (statement = prepare()));
  return statement;
}

/**
 * The values of `params` in place of their placeholders: a query's parameter function when it runs
 * as text (in a change's transaction, or a count asked on its own). An array is one parameter.
 */
export const inPlace =
  (params: Record<string, unknown>) =>
  (key: string): unknown =>
    Array.isArray(params[key]) ? sql.param(params[key]) : params[key];

/** A query that runs as is (awaited) or as a named prepared statement. */
interface Preparable<T> extends PromiseLike<T> {
  prepare(name: string): { execute: (params: Record<string, unknown>) => Promise<T> };
}

/**
 * One query, built once per database as the named prepared statement `name` and executed with
 * `params` (its placeholders, by name: `param('orgId')` in `build`); in a change's transaction the
 * same query with the values in place. The hot reads that answer uncached requests use it, so
 * Drizzle does not build their SQL and PostgreSQL does not parse it on every request. An array
 * value is one parameter either way (`= any(${param('ids')}::uuid[])`), not a list of values.
 */
export function runPrepared<T>(db: Executor, name: string, params: Record<string, unknown>, build: (param: (key: string) => unknown) => Preparable<T>): PromiseLike<T> {
  if (!isDatabase(db)) return build(inPlace(params));
  return preparedOnce(db, name, () => build((key) => sql.placeholder(key)).prepare(name)).execute(params);
}
