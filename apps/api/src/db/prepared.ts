import { Column, DrizzleQueryError, getTableName, is, Param, Placeholder, SQL, sql, Subquery } from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import { types as pgTypes } from 'pg';
import type { Executor } from './client.ts';
import { executePrepared, type ReadShape, type TypeParsers } from './prepared-read.ts';
import type { CustomTypesConfig, PoolClient } from 'pg';
import { changeConnection, inChange, outsideChange } from './unit-of-work.ts';

/**
 * Named prepared statements, built once per database handle: Drizzle builds the SQL once and
 * PostgreSQL parses and plans it once per connection (the pool keeps generic plans: db/client.ts),
 * where a plain query is built, parsed and planned on every call. In a change, the same statement
 * runs on the change's connection (`runPrepared`); a transaction outside a change (a job's) runs the
 * query unprepared.
 */
const byDatabase = new WeakMap<object, Map<string, { execute: (params: Record<string, unknown>) => Promise<unknown> }>>();
/**
 * The statements runPrepared compiled for changes, per database, by name (null: one drizzle must run
 * itself). Apart from the pool's (`byDatabase`): a change may build a statement on its transaction's
 * handle, whose prepared query is bound to the change's connection, and the pool's reads must never
 * be sent on a connection they were not lent.
 */
const forChanges = new WeakMap<object, Map<string, Compiled | null>>();

export const isDatabase = (db: Executor): boolean => '$client' in db && !inChange();

/** A cache's statements of one database, by name (made on first use). */
function namedIn<V>(cache: WeakMap<object, Map<string, V>>, database: object): Map<string, V> {
  let named = cache.get(database);
  if (!named) cache.set(database, (named = new Map()));
  return named;
}

/**
 * Sends the named statement `shape` with `values` — on a pool as a prepared read (db/prepared-read.ts),
 * or on a change's connection through pg's own Query (its turn and its BEGIN kept by
 * db/pipelined-connection.ts; a connection that parsed it for a read or an earlier change does not
 * parse it again) — and answers its rows as arrays; a failure wrapped as drizzle wraps it.
 */
async function sendNamed(on: { pool: object } | { connection: PoolClient }, shape: ReadShape, values: unknown[]): Promise<unknown[][]> {
  try {
    if ('pool' in on) return (await executePrepared(on.pool, shape, values)).rows;
    const answer = await on.connection.query({ name: shape.name, text: shape.text, values, rowMode: 'array', types: shape.types as CustomTypesConfig });
    return (answer as unknown as { rows: unknown[][] }).rows;
  } catch (error) {
    throw new DrizzleQueryError(shape.text, values, error as Error);
  }
}

export function preparedOnce<P extends { execute: (params: Record<string, unknown>) => Promise<unknown> }>(db: Executor, name: string, prepare: () => P): P {
  const statements = namedIn(byDatabase, db);
  let statement = statements.get(name) as P | undefined;
  if (!statement) statements.set(name, (statement = direct(prepare())));
  return statement;
}

/** What db/prepared.ts reads of drizzle's node-postgres prepared query (drizzle-orm/node-postgres/session.js). */
interface DrizzlePrepared {
  client?: object;
  queryConfig?: { name?: string; text?: string; rowMode?: string; types?: TypeParsers };
  params?: unknown[];
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  cache?: unknown;
  logger?: unknown;
  execute: (params: Record<string, unknown>) => Promise<unknown>;
}

/** The decoder drizzle's mapResultRow (drizzle-orm/utils.js) reads a selected field's value with. */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** An SQL's decoder (drizzle marks it internal). */
const decoderOfSql = (part: unknown) => (part as { decoder: Decoder }).decoder;
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field._ as unknown as { sql: SQL }).sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}
const IDENTITY = Column.prototype.mapFromDriverValue;
const inPrototype = (key: string) => key in Object.prototype;

/**
 * The rows' mapper drizzle's `mapResultRow` is, compiled once per statement (issue 8, twelfth pass):
 * the same objects — nested by each field's path, keys in the order the fields first name them, each
 * value `null` or its decoder's — without, for every row and column, the entity checks (`is()`
 * walking prototype chains) that pick the decoder, nor an iterator over the path. Undefined (drizzle
 * maps the rows) where the two could differ: an object of a table a row may lack (a left join's),
 * which drizzle sets to null when its first column is null; a path that repeats or names a key of
 * Object.prototype.
 */
export function compileRowMapper(fields: readonly { path: readonly string[]; field: unknown }[], joinsNotNullableMap: Record<string, boolean> | undefined): ((rows: unknown[][]) => unknown[]) | undefined {
  if (joinsNotNullableMap) {
    // drizzle nulls a nested object whose first column (of a table) is null when that table may be
    // absent (a left join's): never for a table every row has, the only case compiled.
    const firstTable = new Map<string, string>();
    for (const { path, field } of fields) {
      if (path.length === 2 && is(field, Column) && !firstTable.has(path[0]!)) firstTable.set(path[0]!, getTableName(field.table));
    }
    for (const table of firstTable.values()) if (!joinsNotNullableMap[table]) return undefined;
  }
  const seen = new Set<string>();
  interface Node { keys: Map<string, Node | number> }
  const root: Node = { keys: new Map() };
  const decoders: (Decoder | undefined)[] = [];
  for (const [index, { path, field }] of fields.entries()) {
    const whole = JSON.stringify(path);
    if (path.length === 0 || seen.has(whole) || path.some(inPrototype)) return undefined;
    seen.add(whole);
    let node = root;
    for (const chunk of path.slice(0, -1)) {
      let next = node.keys.get(chunk);
      if (typeof next === 'number') return undefined;
      if (!next) node.keys.set(chunk, (next = { keys: new Map() }));
      node = next;
    }
    if (node.keys.has(path.at(-1)!)) return undefined;
    node.keys.set(path.at(-1)!, index);
    const decoder = decoderOf(field);
    // A decoder that answers its value (text, uuid, integer… columns) is left out: the value as read.
    decoders[index] = decoder.mapFromDriverValue === IDENTITY ? undefined : decoder;
  }
  const value = (index: number) => (decoders[index] ? `(r[${index}] === null ? null : D[${index}].mapFromDriverValue(r[${index}]))` : `r[${index}]`);
  const literal = (node: Node): string =>
    `{ ${[...node.keys].map(([key, part]) => `${JSON.stringify(key)}: ${typeof part === 'number' ? value(part) : literal(part)}`).join(', ')} }`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- code generated from the statement's own selected fields, no input in it
  return new Function('D', `'use strict'; return (rows) => { const out = new Array(rows.length); for (let i = 0; i < rows.length; i++) { const r = rows[i]; out[i] = ${literal(root)}; } return out; };`)(decoders) as (rows: unknown[][]) => unknown[];
}

/**
 * A prepared query executed without drizzle's per-call work (issue 8, twelfth pass): its placeholders
 * filled from a list made once, the statement sent to the same pool under the same name with drizzle's
 * type parsers (a failure wrapped in the same DrizzleQueryError), the rows mapped by the statement's
 * compiled mapper. Since the thirteenth pass it is not sent through pg's Query, which asks PostgreSQL
 * to describe the rows on every execution: db/prepared-read.ts learns them from the first answer,
 * and sends the reads asked for in one turn of the event loop together.
 * A query drizzle would treat otherwise (a logger, a cache, a custom mapper, rows not in array mode,
 * a parameter that is not a placeholder or a value) keeps drizzle's own execute.
 */
/** A prepared query compiled once: its text and name, how its values are filled, how its rows are mapped. */
interface Compiled {
  shape: ReadShape;
  fill(values: Record<string, unknown>): unknown[];
  map(rows: unknown[][]): unknown[];
}

/** What `direct` runs without drizzle; undefined where drizzle must run it itself. Bound to no connection. */
function compile(statement: object): Compiled | undefined {
  const prepared = statement as unknown as DrizzlePrepared;
  const { queryConfig, params, fields, cache, logger } = prepared;
  if (!queryConfig || queryConfig.rowMode !== 'array' || !params || !fields || prepared.customResultMapper) return undefined;
  if (!(cache === undefined || is(cache, NoopCache)) || !(logger === undefined || is(logger, NoopLogger))) return undefined;
  const map = compileRowMapper(fields, prepared.joinsNotNullableMap);
  if (!map) return undefined;
  // Each parameter: a placeholder's name, or a value as it is (drizzle's fillPlaceholders, decided once).
  const slots: ({ name: string; encode?: (value: unknown) => unknown } | { value: unknown })[] = [];
  for (const param of params) {
    if (is(param, Placeholder)) slots.push({ name: param.name });
    else if (is(param, Param) && is(param.value, Placeholder)) {
      const { encoder } = param;
      slots.push({ name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) });
    } else if (is(param, SQL) || is(param, Param)) return undefined;
    else slots.push({ value: param });
  }
  const text = queryConfig.text ?? '';
  if (!queryConfig.name || !text) return undefined;
  const fill = (values: Record<string, unknown>) => {
    const filled: unknown[] = [];
    for (const slot of slots) {
      if ('value' in slot) filled.push(slot.value);
      else {
        if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
        filled.push(slot.encode ? slot.encode(values[slot.name]) : values[slot.name]);
      }
    }
    return filled;
  };
  return { shape: { name: queryConfig.name, text, types: queryConfig.types ?? (pgTypes as TypeParsers), parsers: undefined }, fill, map };
}

function direct<P extends { execute: (params: Record<string, unknown>) => Promise<unknown> }>(statement: P): P {
  const prepared = statement as unknown as DrizzlePrepared;
  const { client } = prepared;
  const compiled = client ? compile(statement) : undefined;
  if (!client || !compiled) return statement;
  const { shape, fill, map } = compiled;
  // Its own execute, over the class's (the statement object is this module's: built by `prepare` above).
  prepared.execute = async (values: Record<string, unknown>) => map(await sendNamed({ pool: client }, shape, fill(values)));
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
 * `params` (its placeholders, by name: `param('orgId')` in `build`). The hot reads that answer
 * uncached requests use it, and the statements of the typical changes: Drizzle does not build their
 * SQL (about 60 % of the memory a project update allocated, issue 8, fourteenth pass) and PostgreSQL
 * does not parse it on every request. In a change (the database handle, or a transaction of it, in
 * a unit that holds its connection) the same statement runs on the change's connection; in a
 * transaction outside a change (a job's), the query is built with the values in place. An array
 * value is one parameter either way (`= any(${param('ids')}::uuid[])`), not a list of values.
 */
export function runPrepared<T>(db: Executor, name: string, params: Record<string, unknown>, build: (param: (key: string) => unknown) => Preparable<T>): PromiseLike<T> {
  const prepare = () => build((key) => sql.placeholder(key)).prepare(name);
  if (isDatabase(db)) return preparedOnce(db, name, prepare).execute(params);
  const change = changeConnection();
  if (change) {
    const compiled = namedIn(forChanges, change.database);
    let statement = compiled.get(name);
    if (statement === undefined) compiled.set(name, (statement = compile(outsideChange(prepare)) ?? null));
    if (statement) return sendNamed({ connection: change.client }, statement.shape, statement.fill(params)).then((rows) => statement.map(rows) as T);
  }
  return build(inPlace(params));
}

/** The text, parameter slots and shape of a statement runPreparedSql built once. */
interface BuiltText {
  shape: ReadShape;
  slots: string[];
}
const textsByDatabase = new WeakMap<object, Map<string, BuiltText>>();

/**
 * A statement Drizzle has no builder for (a data-modifying WITH, a function called for its effect),
 * written as SQL with its parameters by name (`param('orgId')`), built once per database and run as
 * the named prepared statement `name`: on the pool as a prepared read (db/prepared-read.ts), in a
 * change on the change's connection, and in a transaction outside a change (a job's) built with the
 * values in place. Its rows come back as arrays of columns, parsed by pg's own type parsers. A value
 * goes to pg as it is: cast each parameter in the text (`${param('ids')}::uuid[]`), and give JSON as text.
 */
export async function runPreparedSql(db: Executor, name: string, params: Record<string, unknown>, build: (param: (key: string) => unknown) => SQL): Promise<unknown[][]> {
  const change = isDatabase(db) ? undefined : changeConnection();
  const database = isDatabase(db) ? (db as unknown as object) : change?.database;
  if (!database) {
    const result = await db.execute(build(inPlace(params)));
    return (result.rows as Record<string, unknown>[]).map((row) => Object.values(row));
  }
  const texts = namedIn(textsByDatabase, database);
  let built = texts.get(name);
  if (!built) {
    const dialect = (database as { dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } } }).dialect;
    const query = dialect.sqlToQuery(build((key) => sql.placeholder(key)));
    const slots = query.params.map((param) => {
      if (!is(param, Placeholder)) throw new Error(`runPreparedSql ${name}: every value is a parameter by name`);
      return param.name;
    });
    texts.set(name, (built = { shape: { name, text: query.sql, types: pgTypes as TypeParsers, parsers: undefined }, slots }));
  }
  const values = built.slots.map((slot) => {
    if (!(slot in params)) throw new Error(`No value for placeholder "${slot}" was provided`);
    return params[slot];
  });
  return sendNamed(change ? { connection: change.client } : { pool: (db as unknown as { $client: object }).$client }, built.shape, values);
}
