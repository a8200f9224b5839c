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
