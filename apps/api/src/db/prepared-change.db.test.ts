import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrg, createProject } from '../test/fixtures.ts';
import { createTestDatabase } from '../test/helper.ts';
import { exchangesOf, wireMessagesOf } from '../test/statements.ts';
import { createDatabase, type Database } from './client.ts';
import { runPrepared, runPreparedSql } from './prepared.ts';
import { projects } from './schema/index.ts';
import { createUnitOfWork, type UnitOfWork } from './unit-of-work.ts';

/**
 * A prepared statement asked for in a change (db/prepared.ts runPrepared, issue 8, fourteenth pass)
 * runs on the change's own connection, in its transaction, under the name the pool knows it by:
 * it sees what the change wrote, its answer is drizzle's, a failure fails the change (which rolls
 * back) and leaves the statement usable, and a connection that parsed it does not parse it again.
 * One connection in the pool, so every read and change shares the connection whose parses are counted.
 */
let db: Database;
let units: UnitOfWork;
let projectId: string;

beforeAll(async () => {
  db = createDatabase(await createTestDatabase(), 1);
  units = createUnitOfWork(db);
  const owner = await createMember(db, 'owner@prepared-change.example.com', { name: 'Owner' });
  const orgId = (await createOrg(db, 'Prepared Change Org', owner.id, [])).id;
  projectId = (await createProject(db, orgId, 'Before', owner.id, [])).id;
});
afterAll(async () => {
  await db.$client.end();
});

/** The project's name and a number made from a parameter: `divisor` 0 fails the statement (division by zero). */
const nameOf = (divisor: number) =>
  runPrepared(db, 'change_test_name', { projectId, divisor }, (param) =>
    db
      .select({ name: projects.name, updatedAt: projects.updatedAt, ratio: sql<number>`(10 / ${param('divisor')}::int)`.mapWith(Number) })
      .from(projects)
      .where(eq(projects.id, param('projectId') as string)),
  );

/** A statement of its own SQL: the project's name, and the words given (an array parameter). */
const echo = (executor: Parameters<typeof runPreparedSql>[0], values: { projectId: string; words: string[] }) =>
  runPreparedSql(executor, 'change_test_sql', values, (param) => sql`select ${projects.name}, cardinality(${param('words')}::text[]), ${param('words')}::text[] from ${projects} where ${projects.id} = ${param('projectId')}::uuid`);

/** A read built on whatever handle it is given: the transaction's, when a repository is called with it. */
const firstInChange = (executor: Parameters<typeof runPrepared>[0]) =>
  runPrepared(executor, 'change_test_first_in_change', { projectId }, (param) =>
    executor.select({ name: projects.name }).from(projects).where(eq(projects.id, param('projectId') as string)),
  );

const rename = (name: string) => db.update(projects).set({ name }).where(eq(projects.id, projectId));

/** The names of the statements the pool's connection parsed while `run` ran. */
const parsesOf = async (run: () => Promise<unknown>): Promise<string[]> => (await wireMessagesOf('parse', run)).map((config) => config.name ?? '');

describe('a prepared statement in a change', () => {
  it('runs on the change connection, named, sees the change, and answers as drizzle does', async () => {
    const [outside] = await nameOf(2);
    expect(outside).toEqual({ name: 'Before', updatedAt: expect.any(Date), ratio: 5 });
    const unit = units.open();
    let inside: Awaited<ReturnType<typeof nameOf>> = [];
    let names: (string | undefined)[] = [];
    const parses = await parsesOf(async () => {
      ({ names } = await exchangesOf(async () => {
        await units.within(unit, async () => {
          await rename('During');
          inside = await nameOf(2);
        });
        await unit.commit();
      }, db.$client));
    });
    // Its own write, not yet committed, is what it reads: the same transaction.
    expect(inside).toEqual([{ name: 'During', updatedAt: outside!.updatedAt, ratio: 5 }]);
    expect(names).toContain('change_test_name');
    // Parsed by the read before on this one connection: not again in the change.
    expect(parses).not.toContain('change_test_name');
    expect((await nameOf(2))[0]!.name).toBe('During');
  });

  it('a failure fails the change, which rolls back, and the statement still runs after', async () => {
    const unit = units.open();
    let failure: unknown;
    await units.within(unit, async () => {
      await rename('Rolled back');
      failure = await nameOf(0).then(
        () => undefined,
        (error: unknown) => error,
      );
    });
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect(String((failure as DrizzleQueryError).cause)).toMatch(/division by zero/);
    await expect(unit.commit()).rejects.toThrow(/rolled back/);
    expect((await nameOf(2))[0]!.name).toBe('During');
    // And in the next change, on the same connection.
    const next = units.open();
    let after: Awaited<ReturnType<typeof nameOf>> = [];
    await units.within(next, async () => {
      await rename('After');
      after = await nameOf(5);
    });
    await next.commit();
    expect(after).toEqual([{ name: 'After', updatedAt: expect.any(Date), ratio: 2 }]);
  });

  it('a statement of its own SQL runs named on the pool and in a change, and as text in a transaction outside one', async () => {
    const words = ['a "quoted", word', 'back\\slash', '한국어'];
    const expected = [['After', 3, words]];
    let poolNames: (string | undefined)[] = [];
    let poolRows: unknown[][] = [];
    ({ names: poolNames } = await exchangesOf(async () => {
      poolRows = await echo(db, { projectId, words });
    }, db.$client));
    expect(poolRows).toEqual(expected);
    expect(poolNames).toEqual(['change_test_sql']);
    const unit = units.open();
    let changeRows: unknown[][] = [];
    const { names: changeNames } = await exchangesOf(async () => {
      await units.within(unit, async () => {
        await rename('After');
        changeRows = await echo(db, { projectId, words });
      });
      await unit.commit();
    }, db.$client);
    expect(changeRows).toEqual(expected);
    expect(changeNames).toContain('change_test_sql');
    let plainRows: unknown[][] = [];
    const { names: plainNames } = await exchangesOf(() => db.transaction(async (tx) => void (plainRows = await echo(tx, { projectId, words }))), db.$client);
    expect(plainRows).toEqual(expected);
    expect(plainNames).not.toContain('change_test_sql');
  });

  it('built first in a change on its transaction handle, the statement still runs on the pool after (the change held no connection of the pool\'s reads)', async () => {
    // A repository called with the transaction (`db.transaction((tx) => repo.read(tx, …))`) builds on
    // that handle: what the change kept must not be the pool's statement, bound to the change's connection.
    const unit = units.open();
    let inside: { name: string }[] = [];
    await units.within(unit, async () => {
      await db.transaction(async (tx) => {
        await tx.update(projects).set({ description: 'first in a change' }).where(eq(projects.id, projectId));
        inside = await firstInChange(tx);
      });
    });
    await unit.commit();
    expect(inside).toEqual([{ name: expect.any(String) }]);
    // On the pool now: while someone else holds the pool's one connection (the one the change ran
    // on), the read waits for it — it is not sent on that connection behind its holder's back.
    const held = await db.$client.connect();
    const pending = firstInChange(db);
    const first = await Promise.race([pending.then(() => 'ran'), new Promise((resolve) => setTimeout(resolve, 300, 'waited'))]);
    held.release();
    expect(first).toBe('waited');
    expect(await pending).toEqual(inside);
    expect(await Promise.all([firstInChange(db), firstInChange(db)])).toEqual([inside, inside]);
  });
});
