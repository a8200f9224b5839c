import { AsyncLocalStorage } from 'node:async_hooks';
import { is, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { type PgInsertValue, type PgTable, PgTransaction, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import type { Database, Executor } from './client.ts';
import { namedCall, oneAtATime } from './pipelined-connection.ts';
import { scopes, type SyncExpectation, type Tx, Unit } from './unit.ts';

export { type SyncExpectation, Unit } from './unit.ts';

/**
 * One commit per change (docs/architecture.md "One commit per change"). `registerEndpoint` runs a
 * change's handler and its activity and audit records inside a unit of work: the services keep
 * writing `db.transaction(…)`, `db.insert(…)` and so on on the one database handle, and within a
 * unit those calls join ONE transaction, begun at the unit's first write and committed by
 * registerEndpoint once the records are written in it — so a change, its activity row and its
 * audit row commit together (one WAL flush, one NOTIFY) or not at all.
 *
 * Within a unit:
 * - reads (`select`…) go to the pool until the unit has written, then to its transaction (the
 *   handler reads what it wrote);
 * - the first `db.transaction(fn)` begins the unit's transaction and runs `fn` in it, and its
 *   failure rolls the whole transaction back, as before; a later one is a savepoint of it; two
 *   side by side take turns;
 * - a write outside any transaction (`db.insert(…)`, `db.execute(…)`) begins it too, or joins it;
 * - `afterCommit(fn)` (a worker woken for a job enqueued in it) waits for the commit.
 * Outside a unit, a `db.transaction(fn)` keeps the `afterCommit` callbacks of its code until drizzle
 * has committed it (its promise resolved), and drops them when it rolls back.
 * The unit ends with `commit()` (the call answered), or `end(keep)`: a refusal (AppError) keeps
 * what the call's finished transactions wrote, as a refusal after a commit did before (a failed
 * sign-in's count); any other failure rolls everything back.
 * Outside a unit (jobs, the demo data, reads, other processes) the handle is the plain database.
 */
export interface UnitOfWork {
  /**
   * A unit for one change; nothing is sent to PostgreSQL until its first write. `expectSync`: a
   * token to NOTIFY after the commit, in the same write (`Unit.synced`).
   */
  open(options?: { expectSync?: () => SyncExpectation | undefined }): Unit;
  /** Runs `fn` within `unit` (undefined: as is). */
  within<T>(unit: Unit | undefined, fn: () => Promise<T>): Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One transaction per change (db/unit-of-work.ts), opened by registerEndpoint. */
    unitOfWork: UnitOfWork;
  }
}


/** A `db.transaction(fn)` outside any unit: what waits for its commit, until it has ended. */
interface PlainTransaction {
  ended: boolean;
  readonly afterCommit: (() => void)[];
}
/** The plain transaction whose callback the current code runs in (the innermost). */
const plainTransactions = new AsyncLocalStorage<PlainTransaction>();
/** Code that reads for a change before its unit opens (beforeChange). */
const changeReads = new AsyncLocalStorage<true>();

/**
 * Runs `fn` as part of a change before its unit opens (the activity and audit records' reads of the
 * state before): its statements are named as the unit's are (db/pipelined-connection.ts).
 */
export function beforeChange<T>(fn: () => Promise<T>): Promise<T> {
  return changeReads.run(true, fn);
}

/** The unit the current code runs in while it can still take statements. */
function activeUnit(): Unit | undefined {
  const scope = scopes.getStore();
  return scope && !scope.unit.ended ? scope.unit : undefined;
}

/** Whether the current code runs in a unit that has begun its transaction (what it reads may not be committed). */
export function inChange(): boolean {
  return activeUnit()?.begun === true;
}

/**
 * The connection of the change the current code runs in, once its transaction is held, and the
 * database the unit was opened on; else undefined.
 */
export function changeConnection(): { client: PoolClient; database: Database } | undefined {
  const unit = activeUnit();
  const client = unit?.heldClient;
  const database = unit ? databaseOfUnit.get(unit) : undefined;
  return client && database ? { client, database } : undefined;
}

/**
 * Runs `fn` outside any unit: its statements commit on their own whatever the call does after
 * (DDL a later statement on another connection waits for, e.g. a month's partition made on demand).
 */
export function outsideChange<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/**
 * Runs `fn` once the transaction the current code writes in commits (never if it rolls back): the
 * unit's once it has begun, else the plain `db.transaction` whose callback runs the code, else
 * (nothing to wait for) now.
 */
export function afterCommit(fn: () => void): void {
  const unit = activeUnit();
  if (unit?.begun) {
    unit.afterCommit.push(fn);
    return;
  }
  waitForPlainCommit(fn);
}

/**
 * Runs `fn` once what was just written through `executor` has committed (never if it rolled back).
 * The database handle writes in the current unit while it is open (it joins it), else on its own:
 * committed already, `fn` runs now. A transaction handle is the unit's (or a savepoint of it) — `fn`
 * waits for the unit's COMMIT, also when the code runs on as the unit commits — or a plain
 * `db.transaction`'s: `fn` waits for the one whose callback runs the code. A transaction handle met
 * outside both (a handle createUnitOfWork did not bind) cannot tell its commit: `fn` runs now.
 */
export function afterCommitOf(executor: object, fn: () => void): void {
  if (!is(executor, PgTransaction)) {
    const unit = activeUnit();
    if (unit?.begun) unit.afterCommit.push(fn);
    else fn();
    return;
  }
  const scope = scopes.getStore();
  // Inside a unit's transaction callback (a plain transaction's callback runs outside the unit's scope).
  if (scope?.nested && !scope.unit.finished) {
    scope.unit.afterCommit.push(fn);
    return;
  }
  waitForPlainCommit(fn);
}

function waitForPlainCommit(fn: () => void): void {
  const plain = plainTransactions.getStore();
  if (plain && !plain.ended) plain.afterCommit.push(fn);
  else fn();
}

/**
 * Rows that record a change (its activity and audit rows) — nothing in the change reads them back.
 * Within a unit they are kept and written together, in ONE statement, as the unit commits: one
 * round trip for all the change's records, in its transaction (or, when the change itself wrote
 * nothing, that one statement alone, atomic by itself). Outside a unit (or on a transaction handle
 * `db.transaction` gave), at once. A record that cannot be written fails the commit.
 */
export async function insertRecords<T extends PgTable>(db: Executor, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const unit = activeUnit();
  const plain = plainInserts.get(db as Database);
  if (!unit || !plain) {
    await db.insert(table).values(rows);
    return;
  }
  unit.records.push({ table, rows: rows as Record<string, unknown>[], build: () => (plain(table) as ReturnType<Database['insert']>).values(rows as never).getSQL() });
}

/**
 * A write outside a transaction before the unit has begun: its builder's calls are kept and replayed
 * on the unit's transaction when it is awaited (the builders keep the session they were made on).
 */
function deferredWrite(unit: Unit, method: 'insert' | 'update' | 'delete', args: unknown[]): unknown {
  const calls: [PropertyKey, unknown[]][] = [];
  let running: Promise<unknown> | undefined;
  const run = () =>
    (running ??= unit.begin().then((tx) => {
      let builder = (tx[method] as (...a: unknown[]) => unknown)(...args);
      for (const [name, callArgs] of calls) builder = (builder as Record<PropertyKey, (...a: unknown[]) => unknown>)[name]!(...callArgs);
      return builder;
    }));
  const proxy: object = new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === 'then') return (ok?: (value: unknown) => unknown, ko?: (error: unknown) => unknown) => run().then(ok, ko);
        if (prop === 'catch') return (ko?: (error: unknown) => unknown) => run().catch(ko);
        if (prop === 'finally') return (fn?: () => void) => run().finally(fn);
        if (prop === 'execute') return () => run();
        return (...callArgs: unknown[]) => {
          calls.push([prop, callArgs]);
          return proxy;
        };
      },
    },
  );
  return proxy;
}

const READS = ['select', 'selectDistinct', 'selectDistinctOn', '$with', 'with', '$count'] as const;
const WRITES = ['insert', 'update', 'delete'] as const;
const bound = new WeakMap<Database, UnitOfWork>();
/** The database each unit was opened on (changeConnection). */
const databaseOfUnit = new WeakMap<Unit, Database>();
/** Each bound handle's own `insert`, whose builders only make SQL here (insertRecords). */
const plainInserts = new WeakMap<Database, (table: PgTable) => unknown>();

/**
 * Makes `db` join the unit of work of the code calling it (patches the handle's own methods once;
 * outside a unit each does what it did).
 */
export function createUnitOfWork(db: Database): UnitOfWork {
  const existing = bound.get(db);
  if (existing) return existing;
  const handle = db as unknown as Record<string, (...args: unknown[]) => unknown> & { dialect: unknown; session: { options?: object } };
  const pool = db.$client;
  const connect = async () => {
    const { client, pipe } = oneAtATime(await pool.connect());
    const session = new NodePgSession(client, handle.dialect as never, undefined, handle.session.options ?? {});
    return { client, pipe, tx: new NodePgTransaction(handle.dialect as never, session as never, undefined) as unknown as Tx };
  };
  const dialect = handle.dialect as { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  const original = (name: string) => handle[name]!.bind(db) as (...args: unknown[]) => unknown;

  // Before the handle's own methods are replaced below.
  plainInserts.set(db, original('insert') as (table: PgTable) => unknown);
  for (const name of READS) {
    if (typeof handle[name] !== 'function') continue;
    const plain = original(name);
    handle[name] = (...args: unknown[]) => {
      const unit = activeUnit();
      const tx = unit?.heldTx;
      return tx ? (tx as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args) : plain(...args);
    };
  }
  for (const name of WRITES) {
    const plain = original(name);
    handle[name] = (...args: unknown[]) => {
      const unit = activeUnit();
      if (!unit) return plain(...args);
      const tx = unit.heldTx;
      return tx ? (tx[name] as (...a: unknown[]) => unknown)(...args) : deferredWrite(unit, name, args);
    };
  }
  const plainExecute = original('execute');
  handle.execute = (...args: unknown[]) => {
    const unit = activeUnit();
    if (!unit) return plainExecute(...args);
    return unit.begin().then((tx) => (tx.execute as (...a: unknown[]) => unknown)(...args));
  };
  // A change's reads before its first write (and before its unit: beforeChange) go to the pool:
  // named as its statements on its connection are (db/pipelined-connection.ts), so a connection
  // parses and plans each once.
  const poolQuery = pool.query as unknown as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => poolQuery.apply(pool, activeUnit() || changeReads.getStore() ? namedCall(args) : args)) as typeof pool.query;
  const plainTransaction = original('transaction');
  handle.transaction = (...args: unknown[]) => {
    const scope = scopes.getStore();
    if (!scope || scope.unit.ended) {
      // Its callback runs outside the (ended) unit's scope, and what waits for its commit
      // (afterCommit) runs once drizzle has committed it — never when it rolled back.
      const plain: PlainTransaction = { ended: false, afterCommit: [] };
      const run = scopes.exit(() => plainTransactions.run(plain, () => plainTransaction(...args) as Promise<unknown>));
      return run.then(
        (result) => {
          plain.ended = true;
          for (const fn of plain.afterCommit.splice(0)) fn();
          return result;
        },
        (error: unknown) => {
          plain.ended = true;
          plain.afterCommit.length = 0;
          throw error;
        },
      );
    }
    return scope.unit.transaction(args[0] as (tx: Tx) => Promise<unknown>, args[1] as PgTransactionConfig | undefined, scope.nested);
  };

  const unitOfWork: UnitOfWork = {
    open: (options) => {
      const unit = new Unit(connect, (statement) => plainExecute(statement) as Promise<unknown>, (statement) => dialect.sqlToQuery(statement), options?.expectSync);
      databaseOfUnit.set(unit, db);
      return unit;
    },
    within: (unit, fn) => (unit ? scopes.run({ unit, nested: false }, fn) : fn()),
  };
  bound.set(db, unitOfWork);
  return unitOfWork;
}
