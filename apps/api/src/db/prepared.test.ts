import * as drizzleOrm from 'drizzle-orm';
import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as fc from 'fast-check';
import { Pool, types as pgTypes } from 'pg';
import { describe, expect, it } from 'vitest';
import { totalCountColumn } from './paging.ts';
import { PreparedReads, type ReadShape } from './prepared-read.ts';
import { compileRowMapper, preparedOnce } from './prepared.ts';
import { members, organizations, projects } from './schema/index.ts';

type Field = { path: string[]; field: unknown };
/** drizzle's own row mapping (drizzle-orm/utils.js; exported, left out of its types). */
const { mapResultRow, orderSelectedFields } = drizzleOrm as unknown as {
  mapResultRow: (fields: Field[], row: unknown[], joinsNotNullableMap: Record<string, boolean> | undefined) => unknown;
  orderSelectedFields: (fields: object) => Field[];
};

/** What a statement sent: drizzle's query config and values, or a submittable's messages (db/prepared-read.ts). */
interface Sent {
  config: { name?: string; text: string; rowMode?: string };
  values: unknown[];
  messages?: string[];
}

/**
 * A pool that answers every query with the rows given, and keeps what it was sent: drizzle's own
 * execute sends a query config, which is answered its rows; a submittable (db/prepared-read.ts) is
 * submitted to one connection that keeps the statements it parsed, as pg's does, and is handed the
 * backend's messages — a RowDescription (every column text) only when it asked with a Describe.
 */
function poolAnswering(rows: () => unknown[][]) {
  const pool = new Pool();
  const sent: Sent[] = [];
  const parsedStatements: Record<string, string> = {};
  (pool as unknown as { query: unknown }).query = (config: Sent['config'] & Record<string, (...args: never[]) => unknown>, second: unknown) => {
    if (typeof config.submit !== 'function') {
      sent.push({ config, values: second as unknown[] });
      return Promise.resolve({ rows: rows() });
    }
    const submittable = config as unknown as { name: string; text: string; callback?: unknown; submit(connection: unknown): unknown } & Record<string, (message?: unknown) => void>;
    submittable.callback = second;
    const messages: string[] = [];
    const record: Sent = { config: { name: submittable.name, text: submittable.text }, values: [], messages };
    const submittedNamedStatements: Record<string, string> = {};
    const connection = {
      parsedStatements,
      submittedNamedStatements,
      stream: { cork: () => messages.push('cork'), uncork: () => messages.push('uncork') },
      parse: () => messages.push('parse'),
      bind: (bind: { values: unknown[]; valueMapper: (value: unknown) => unknown }) => {
        messages.push('bind');
        record.values = bind.values.map(bind.valueMapper);
      },
      describe: () => messages.push('describe'),
      execute: () => messages.push('execute'),
      sync: () => messages.push('sync'),
    };
    submittable.submit(connection);
    sent.push(record);
    Object.assign(parsedStatements, submittedNamedStatements);
    let answer: unknown[][];
    try {
      answer = rows();
    } catch (error) {
      submittable.handleError!(error);
      return undefined;
    }
    if (messages.includes('describe')) submittable.handleRowDescription!({ fields: (answer[0] ?? []).map(() => ({ dataTypeID: 25 })) });
    for (const row of answer) submittable.handleDataRow!({ fields: row });
    submittable.handleCommandComplete!();
    submittable.handleReadyForQuery!();
    return undefined;
  };
  return { db: drizzle(pool, { casing: 'snake_case' }), sent };
}

/** A page's select as projects.repository.ts writes it: a table, joined columns, an SQL column, the total. */
const pageColumns = {
  project: projects,
  ownerEmail: members.email,
  orgName: organizations.name,
  inUse: sql<boolean>`exists (select 1)`,
  totalCount: totalCountColumn(),
};
const pageQuery = (db: ReturnType<typeof drizzle>) =>
  db
    .select(pageColumns)
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.orgId))
    .innerJoin(members, eq(members.id, projects.ownerMemberId))
    .where(eq(projects.orgId, sql.placeholder('orgId')))
    .limit(sql.placeholder('limit'));

const fieldsOf = orderSelectedFields(pageColumns);
/** A driver value for each selected field: text, timestamps as PostgreSQL writes them, a count as text, nulls. */
const valueOf = (key: string) =>
  key.endsWith('At')
    ? fc.option(fc.date({ min: new Date(0), max: new Date(253402300799999), noInvalidDate: true }).map((date) => date.toISOString().replace('T', ' ').replace('Z', '+00')))
    : key === 'totalCount'
      ? fc.nat().map(String)
      : fc.option(fc.oneof(fc.string({ maxLength: 8 }), fc.boolean()));
const rowArbitrary = fc.tuple(...fieldsOf.map(({ path }) => valueOf(path.at(-1)!)));

describe('compileRowMapper: drizzle mapResultRow, compiled once per statement (issue 8, twelfth pass)', () => {
  it('maps rows to what mapResultRow answers, keys in the same order', () => {
    const map = compileRowMapper(fieldsOf, { projects: true, organizations: true, members: true })!;
    expect(map).toBeDefined();
    fc.assert(
      fc.property(fc.array(rowArbitrary, { maxLength: 5 }), (rows) => {
        const expected = rows.map((row) => mapResultRow(fieldsOf, row, { projects: true, organizations: true, members: true }));
        const actual = map(rows);
        expect(actual).toEqual(expected);
        // Object.keys order too (what JSON and the services' spreads see).
        expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
      }),
    );
  });

  it('leaves to drizzle an object of a table a row may lack (a left join), and a repeated path', () => {
    expect(compileRowMapper(fieldsOf, { projects: true, organizations: true, members: false })).toBeDefined();
    expect(compileRowMapper(fieldsOf, { projects: false, organizations: true, members: true })).toBeUndefined();
    expect(compileRowMapper([...fieldsOf, fieldsOf[0]!], undefined)).toBeUndefined();
  });
});

describe('preparedOnce executes without drizzle per call (issue 8, twelfth pass)', () => {
  it('sends the named statement drizzle sends, with its values in order, and answers the rows drizzle maps', async () => {
    const driverRow = fieldsOf.map(({ path }) => (path.at(-1)!.endsWith('At') ? '2026-11-29 01:02:03.456789+00' : path.at(-1) === 'totalCount' ? '1000' : `${path.join('.')}`));
    const { db, sent } = poolAnswering(() => [driverRow.slice()]);
    const statement = preparedOnce(db, 'page_test', () => pageQuery(db).prepare('page_test'));
    // The class's own execute is what drizzle runs; the statement kept for the database runs its own.
    const drizzles = (Object.getPrototypeOf(statement) as typeof statement).execute;
    expect(statement.execute).not.toBe(drizzles);
    const answer = await statement.execute({ orgId: 'org-1', limit: 50 });
    const again = await statement.execute({ orgId: 'org-1', limit: 50 });
    const expected = await drizzles.call(statement, { orgId: 'org-1', limit: 50 });
    expect(answer).toEqual(expected);
    expect(again).toEqual(expected);
    expect(JSON.stringify(answer)).toBe(JSON.stringify(expected));
    expect(sent).toHaveLength(3);
    expect(sent[0]!.config).toEqual({ name: 'page_test', text: sent[2]!.config.text });
    expect(sent[2]!.config).toMatchObject({ name: 'page_test', rowMode: 'array' });
    // Parsed once on the connection, described once (thirteenth pass): later executions bind, execute and sync.
    expect(sent[0]!.messages).toEqual(['cork', 'parse', 'bind', 'describe', 'execute', 'sync', 'uncork']);
    expect(sent[1]!.messages).toEqual(['cork', 'bind', 'execute', 'sync', 'uncork']);
    expect(sent[0]!.values).toEqual(['org-1', '50']);
    expect(sent[1]!.values).toEqual(['org-1', '50']);
    expect(sent[2]!.values).toEqual(['org-1', 50]);
    expect(preparedOnce(db, 'page_test', () => pageQuery(db).prepare('other'))).toBe(statement);
  });

  it('refuses a missing placeholder as drizzle does, and wraps a failure as drizzle does', async () => {
    const { db } = poolAnswering(() => {
      throw Object.assign(new Error('boom'), { code: '22P02' });
    });
    const statement = preparedOnce(db, 'page_fail', () => pageQuery(db).prepare('page_fail'));
    await expect(statement.execute({ orgId: 'org-1' })).rejects.toThrow('No value for placeholder "limit" was provided');
    const error: unknown = await statement.execute({ orgId: 'org-1', limit: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(error).toMatchObject({ cause: { code: '22P02' } });
  });
});

/** A connection that takes a batch's messages (db/prepared-read.ts) and sends nothing. */
const wire = () => ({
  parsedStatements: {},
  submittedNamedStatements: {},
  stream: {},
  parse() {},
  bind() {},
  describe() {},
  execute() {},
  sync() {},
});
/** A column read as its text. */
const text = (value: string) => value;

describe('PreparedReads: reads sent together (issue 8, thirteenth pass)', () => {
  it('reads each answer with the parsers its read went out with, though a failure elsewhere forgot them meanwhile', async () => {
    const first: ReadShape = { name: 'first', text: 'select 1', types: pgTypes as never, parsers: [text] };
    const second: ReadShape = { name: 'second', text: 'select 2', types: pgTypes as never, parsers: [Number] };
    const answers: unknown[] = [];
    const read = (shape: ReadShape) => ({ shape, values: [], resolve: (result: unknown) => answers.push(result), reject: (error: unknown) => answers.push(error) });
    const batch = new PreparedReads([read(first), read(second)]);
    batch.submit(wire() as never);
    // Another connection's failed read of the second statement: its parsers are forgotten.
    second.parsers = undefined;
    batch.handleDataRow({ fields: ['a'] });
    batch.handleCommandComplete();
    batch.handleDataRow({ fields: ['2'] });
    batch.handleCommandComplete();
    batch.handleReadyForQuery();
    expect(answers).toEqual([{ rows: [['a']] }, { rows: [[2]] }]);
  });
});
