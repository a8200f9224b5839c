import { type Column, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The one statement a change's records (its activity and audit rows: db/unit-of-work.ts
 * insertRecords) are written with as the unit commits, and its text kept per shape. Split out of
 * unit-of-work.ts: the unit decides when the records go, this file what their statement is.
 */

/** A change's rows of one table, kept until the unit commits (insertRecords). */
export interface Records {
  table: PgTable;
  rows: readonly Record<string, unknown>[];
  /** Drizzle's insert of them. */
  build(): SQL;
}

/** Several inserts as one statement: all but the last as data-modifying WITH parts, each run exactly once. */
export function oneStatement(records: readonly Records[]): SQL {
  if (records.length === 1) return records[0]!.build();
  const parts = records.slice(0, -1).map((record, index) => sql`${sql.raw(`record_${index}`)} as (${record.build()})`);
  return sql`with ${sql.join(parts, sql`, `)} ${records.at(-1)!.build()}`;
}

/**
 * The records' statement text, kept per shape — the tables, and which columns each row gives — as
 * drizzle built it the first time (null: a shape drizzle must build every time). A change's records
 * have a handful of shapes; building their insert was ≈ 7 % of a mutation's server CPU (issue 8,
 * fourteenth pass).
 */
const recordTexts = new Map<string, string | null>();
const MAX_RECORD_SHAPES = 200;
const insertColumns = new WeakMap<PgTable, [string, Column][]>();

function columnsOf(table: PgTable): [string, Column][] {
  let columns = insertColumns.get(table);
  if (!columns) insertColumns.set(table, (columns = Object.entries(getTableColumns(table)).filter(([, column]) => !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert())));
  return columns;
}

/**
 * The records' one statement and its values: the text kept for their shape, the values mapped as
 * drizzle maps them (its insert builder and `sqlToQuery`: a column not given is `default`, a value
 * its column's `mapToDriverValue`, null as is). A shape drizzle would build differently — a value
 * that is SQL, a column with a default function of drizzle's — is built by drizzle every time; a
 * shape's first build is drizzle's, and its text is kept only if drizzle's values are these.
 */
export function recordsQuery(records: readonly Records[], textOf: (statement: SQL) => { sql: string; params: unknown[] }): { sql: string; params: unknown[] } {
  const build = () => textOf(oneStatement(records));
  let shape = '';
  const params: unknown[] = [];
  for (const { table, rows } of records) {
    shape += `${getTableName(table)}(`;
    for (const row of rows) {
      for (const [field, column] of columnsOf(table)) {
        const value = row[field];
        if (value === undefined) {
          if (column.defaultFn !== undefined || (!column.default && column.onUpdateFn !== undefined)) return build();
          shape += '0';
          continue;
        }
        const mapped = value === null ? null : typeof value === 'object' && is(value, SQL) ? value : column.mapToDriverValue(value);
        if (typeof mapped === 'object' && mapped !== null && is(mapped, SQL)) return build();
        shape += '1';
        params.push(mapped);
      }
      shape += ';';
    }
    shape += ')';
  }
  const text = recordTexts.get(shape);
  if (text === null) return build();
  if (text !== undefined) return { sql: text, params };
  const built = build();
  const same = built.params.length === params.length && built.params.every((param, index) => Object.is(param, params[index]));
  if (recordTexts.size < MAX_RECORD_SHAPES) recordTexts.set(shape, same ? built.sql : null);
  return built;
}
