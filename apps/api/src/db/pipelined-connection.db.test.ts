import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper.ts';
import { createDatabase, type Database } from './client.ts';
import { wireMessagesOf } from '../test/statements.ts';
import { changeStatementName, MAX_CHANGE_STATEMENTS, namedCall, oneAtATime } from './pipelined-connection.ts';

/**
 * A change's statements with parameters are named (db/pipelined-connection.ts, issue 8, fourteenth
 * pass): each connection parses and plans one once. pg keeps, per connection, the names it believes
 * PostgreSQL holds; a statement that fails must not leave it believing one PostgreSQL does not hold.
 */
let db: Database;

beforeAll(async () => {
  db = createDatabase(await createTestDatabase(), 2);
});
afterAll(async () => {
  await db.$client.end();
});

/** The Parse messages sent while `run` ran (their statement names), on every connection. */
const parsesOf = async (run: () => Promise<unknown>): Promise<(string | undefined)[]> => (await wireMessagesOf('parse', run)).map((config) => config.name);

/** What PostgreSQL holds prepared on this connection under the change statements' names. */
async function preparedOn(client: PoolClient): Promise<Map<string, string>> {
  const { rows } = await client.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where name like 'change\\_%'`);
  return new Map(rows.map((row) => [row.name, row.statement]));
}

async function withUnitConnection<T>(fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const pooled = await db.$client.connect();
  const { client } = oneAtATime(pooled);
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

describe("a change's statements are named", () => {
  it('parses a statement once per connection: the second execution sends no Parse', async () => {
    const text = 'select $1::int + 1 as n -- parsed once';
    await withUnitConnection(async (client) => {
      const first = await parsesOf(() => client.query(text, [1]));
      const name = changeStatementName(text, [1])!;
      expect(first).toEqual([name]);
      expect((await preparedOn(client)).get(name)).toBe(text);
      let answer: unknown;
      expect(await parsesOf(async () => (answer = (await client.query<{ n: number }>({ text, values: [41] })).rows[0]!.n))).toEqual([]);
      expect(answer).toBe(42);
    });
  });

  it('names no statement without parameters, and the same text by one name', () => {
    expect(changeStatementName('commit', undefined)).toBeUndefined();
    expect(changeStatementName('select 1', [])).toBeUndefined();
    expect(changeStatementName('select $1::int -- one name', [1])).toBe(changeStatementName('select $1::int -- one name', [2]));
    expect(changeStatementName('select $1::int -- one name', [1])).toMatch(/^change_\d+$/);
    // A submittable (the prepared reads' batch of one, a cursor) and a named statement go as they are.
    const submittable = { text: 'select $1::int -- one name', values: [1], submit: () => null };
    expect(namedCall([submittable])[0]).toBe(submittable);
    expect(namedCall([{ name: 'mine', text: 'select $1::int -- one name' }, [1]])[0]).toEqual({ name: 'mine', text: 'select $1::int -- one name' });
  });

  it('a Parse refused (an aborted transaction) is sent again, and the statement then answers', async () => {
    const text = 'select $1::int * 2 as n -- refused once';
    await withUnitConnection(async (client) => {
      await client.query('begin');
      await expect(client.query('select 1 / 0')).rejects.toThrow(/division by zero/);
      // PostgreSQL refuses the Parse itself: the transaction is aborted.
      await expect(client.query(text, [2])).rejects.toMatchObject({ code: '25P02' });
      await client.query('rollback');
      const name = changeStatementName(text, [2])!;
      expect((await preparedOn(client)).has(name)).toBe(false);
      let answer: unknown;
      expect(await parsesOf(async () => (answer = (await client.query<{ n: number }>(text, [21])).rows[0]!.n))).toEqual([name]);
      expect(answer).toBe(42);
      expect((await preparedOn(client)).get(name)).toBe(text);
    });
  });

  it('a statement parsed then failing at execution, or in a transaction rolled back, stays prepared and answers after', async () => {
    const text = 'select 84 / $1::int as n -- fails at execution';
    await withUnitConnection(async (client) => {
      const name = changeStatementName(text, [0])!;
      await client.query('begin');
      expect(await parsesOf(() => expect(client.query(text, [0])).rejects.toThrow(/division by zero/))).toEqual([name]);
      await client.query('rollback');
      expect((await preparedOn(client)).get(name)).toBe(text);
      let answer: unknown;
      expect(await parsesOf(async () => (answer = (await client.query<{ n: number }>(text, [2])).rows[0]!.n))).toEqual([]);
      expect(answer).toBe(42);
    });
  });

  it('a new connection (the old one dropped) parses again', async () => {
    const text = 'select $1::int - 1 as n -- on a new connection';
    const name = changeStatementName(text, [1])!;
    const pooled = await db.$client.connect();
    const { client } = oneAtATime(pooled);
    expect(await parsesOf(() => client.query(text, [1]))).toEqual([name]);
    client.release(new Error('dropped'));
    await withUnitConnection(async (again) => {
      expect((await preparedOn(again)).has(name)).toBe(false);
      expect(await parsesOf(() => again.query(text, [43]))).toEqual([name]);
    });
  });

  // Last: it fills the process's names.
  it('names at most MAX_CHANGE_STATEMENTS texts; the texts named keep their names, those after go unnamed', async () => {
    const kept = changeStatementName('select $1::int -- named before the cap', [1]);
    const names = new Set<string>();
    for (let index = 0; index < MAX_CHANGE_STATEMENTS + 50; index++) {
      const name = changeStatementName(`select $1::int + ${index} -- one of many`, [1]);
      if (name !== undefined) names.add(name);
    }
    expect(names.size).toBeLessThan(MAX_CHANGE_STATEMENTS);
    expect(changeStatementName('select $1::int -- after the cap', [1])).toBeUndefined();
    expect(changeStatementName('select $1::int -- named before the cap', [1])).toBe(kept);
    // An unnamed text still answers, parsed each time.
    await withUnitConnection(async (client) => {
      expect(await parsesOf(() => client.query('select $1::int -- after the cap', [1]))).toEqual([undefined]);
      expect((await client.query<{ int4: number }>('select $1::int -- after the cap', [7])).rows[0]!.int4).toBe(7);
    });
  });
});
