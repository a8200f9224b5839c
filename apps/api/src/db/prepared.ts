import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { inChange } from './unit-of-work.ts';

/**
 * Named prepared statements, built once per database handle: Drizzle builds the SQL once and
 * PostgreSQL parses it once per connection (and plans it generically after a few runs), where a
 * plain query is built and parsed on every call. For the hot read paths only; a transaction (whose
 * handle is not the database) runs the same query unprepared.
 */
const byDatabase = new WeakMap<object, Map<string, { execute: (params: Record<string, unknown>) => Promise<unknown> }>>();

export const isDatabase = (db: Executor): boolean => '$client' in db && !inChange();

export function preparedOnce<P extends { execute: (params: Record<string, unknown>) => Promise<unknown> }>(db: Executor, name: string, prepare: () => P): P {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(name) as P | undefined;
  if (!statement) statements.set(name, (statement = prepare()));
  return statement;
}

/**
 * A value of a query that runs both ways: the value itself (unprepared, in a transaction), or its
 * named placeholder (the prepared statement, executed with `paramsOf` the same builder).
 */
export type Bind = (name: string, value: unknown) => unknown;
export const byValue: Bind = (_name, value) => value;
export const byPlaceholder: Bind = (name) => sql.placeholder(name);

/** The values a query builder binds, by name: what its prepared statement is executed with. */
export function paramsOf(build: (bind: Bind) => unknown): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  build((name, value) => {
    params[name] = value;
    return value;
  });
  return params;
}

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
  if (!isDatabase(db)) return build((key) => (Array.isArray(params[key]) ? sql.param(params[key]) : params[key]));
  return preparedOnce(db, name, () => build((key) => sql.placeholder(key)).prepare(name)).execute(params);
}
