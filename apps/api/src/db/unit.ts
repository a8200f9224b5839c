import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { escapeLiteral, type PoolClient, type QueryResult } from 'pg';
import { oneStatement, type Records, recordsQuery } from './change-records.ts';
import { isServerError, type Pipe, type Statement } from './pipelined-connection.ts';

/**
 * One change's transaction (db/unit-of-work.ts, which binds the database handle to it): begun at
 * its first write, its top-level transactions taking turns, its records and its sync token sent
 * with its COMMIT.
 */

export type Tx = NodePgTransaction<Record<string, never>, Record<string, never>>;

export interface Scope {
  readonly unit: Unit;
  /** Inside a transaction callback: a further `db.transaction` is its savepoint, without a turn. */
  readonly nested: boolean;
}

/** The unit the current code runs in (and whether inside one of its transaction callbacks). */
export const scopes = new AsyncLocalStorage<Scope>();

/**
 * A token the unit NOTIFYs (`select pg_notify(channel, token)`) right after its COMMIT, in the
 * COMMIT's own message: `heard()` resolves once it comes back to this instance — every
 * notification committed up to the change heard here (platform/auth-notify.ts, `expectSync`).
 */
export interface SyncExpectation {
  channel: string;
  token: string;
  heard(): Promise<void>;
  cancel(): void;
}

export class Unit {
  ended = false;
  /** Committed or rolled back: its afterCommit callbacks have run, or never will. */
  finished = false;
  /** Once committed with a sync token: resolves when the token comes back (else undefined: sync on your own). */
  synced: Promise<void> | undefined;
  readonly afterCommit: (() => void)[] = [];
  /** The change's records, written as it commits (insertRecords). */
  readonly records: Records[] = [];
  private held: { client: PoolClient; tx: Tx; pipe: Pipe } | undefined;
  private opening: Promise<Tx> | undefined;
  /** Top-level transactions of the unit, one at a time. */
  private turn: Promise<unknown> = Promise.resolve();

  private readonly connect: () => Promise<{ client: PoolClient; tx: Tx; pipe: Pipe }>;
  private readonly plainExecute: (statement: SQL) => Promise<unknown>;
  private readonly textOf: (statement: SQL) => { sql: string; params: unknown[] };
  private readonly expectSync: (() => SyncExpectation | undefined) | undefined;

  constructor(
    connect: () => Promise<{ client: PoolClient; tx: Tx; pipe: Pipe }>,
    plainExecute: (statement: SQL) => Promise<unknown>,
    textOf: (statement: SQL) => { sql: string; params: unknown[] },
    expectSync?: () => SyncExpectation | undefined,
  ) {
    this.connect = connect;
    this.plainExecute = plainExecute;
    this.textOf = textOf;
    this.expectSync = expectSync;
  }

  /** The unit's transaction once begun. */
  get heldTx(): Tx | undefined {
    return this.held?.tx;
  }

  /** The connection the unit's transaction runs on, once held (db/prepared.ts sends built statements on it). */
  get heldClient(): PoolClient | undefined {
    return this.held?.client;
  }

  get begun(): boolean {
    return this.held !== undefined || this.opening !== undefined;
  }

  /**
   * The unit's transaction, begun now if it has not been. Its BEGIN is not a round trip of its own:
   * it goes out in the same write as the transaction's first statement (Pipe), and a transaction
   * that sends none never sends it.
   */
  begin(config?: PgTransactionConfig): Promise<Tx> {
    if (this.held) return Promise.resolve(this.held.tx);
    this.opening ??= (async () => {
      const { client, tx, pipe } = await this.connect();
      try {
        const settings = config ? (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): ReturnType<typeof sql> }).getTransactionConfigSQL(config) : undefined;
        pipe.begin = this.textOf(sql`begin${settings ? sql` ${settings}` : undefined}`).sql;
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      this.held = { client, tx, pipe };
      return tx;
    })().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  /** `db.transaction(fn)` within the unit. */
  transaction<T>(fn: (tx: Tx) => Promise<T>, config: PgTransactionConfig | undefined, nested: boolean): Promise<T> {
    const inside = (tx: Tx, run: (tx: Tx) => Promise<T>) => scopes.run({ unit: this, nested: true }, () => run(tx));
    if (nested) return this.begin().then((tx) => inside(tx, (outer) => outer.transaction(fn)));
    const run = this.turn.then(async () => {
      if (this.begun) {
        const tx = await this.begin();
        return inside(tx, (outer) => outer.transaction(fn));
      }
      const tx = await this.begin(config);
      try {
        return await inside(tx, fn);
      } catch (error) {
        // The unit's first transaction failed: everything rolls back, as its own transaction did.
        await this.rollback();
        throw error;
      }
    });
    this.turn = run.catch(() => {});
    return run;
  }

  /**
   * Commits what the unit wrote (if anything) with its records; throws when PostgreSQL rolled it
   * back instead. The records' statement and the COMMIT — with the sync token's NOTIFY behind it
   * (its own transaction, after the change's, as `sync()` would send it) — go out in one write
   * (Pipe): one round trip. When the records fail, the COMMIT behind them meets an aborted
   * transaction and rolls it back.
   */
  async commit(): Promise<void> {
    try {
      await this.commitNow();
    } finally {
      this.finished = true;
      this.afterCommit.length = 0;
    }
  }

  private async commitNow(): Promise<void> {
    this.ended = true;
    await this.turn;
    const records = this.records.splice(0);
    const tx = await this.settled();
    if (!tx && records.length > 0) {
      // Nothing else to commit with them: one statement is its own transaction.
      await this.writeRecords(records);
      return;
    }
    if (!tx) return;
    const held = this.held!;
    this.held = undefined;
    if (held.pipe.begin !== undefined && records.length === 0) {
      // Begun but nothing sent: there is no transaction on the server to commit.
      held.pipe.begin = undefined;
      held.client.release();
      for (const fn of this.afterCommit.splice(0)) fn();
      return;
    }
    let released = false;
    const sync = this.expectSync?.();
    try {
      const statements: Statement[] = [];
      if (records.length > 0) {
        const { sql: text, params } = recordsQuery(records, this.textOf);
        statements.push({ text, values: params });
      }
      // The sync token's NOTIFY in the COMMIT's own message: a second statement of a simple query,
      // its own transaction once the COMMIT has ended the change's (skipped if the COMMIT fails).
      statements.push({ text: sync ? `commit; select pg_notify(${escapeLiteral(sync.channel)}, ${escapeLiteral(sync.token)})` : 'commit' });
      const settled = await held.pipe.send(statements);
      const [written, commit] = records.length > 0 ? settled : [undefined, ...settled];
      if (commit!.status === 'rejected') throw commit!.reason;
      // The records refused (the COMMIT behind them was a ROLLBACK): the change's own failure.
      if (written?.status === 'rejected') throw written.reason;
      const answers = commit!.value as QueryResult | QueryResult[];
      const committed = Array.isArray(answers) ? answers[0]! : answers;
      // A statement failed and was caught: COMMIT of an aborted transaction is a ROLLBACK.
      if (committed.command === 'ROLLBACK') throw new UnitRolledBack();
      if (sync && Array.isArray(answers) && answers.length === 2) this.synced = sync.heard();
      else sync?.cancel();
    } catch (error) {
      sync?.cancel();
      // A refusal of PostgreSQL's left the connection idle and usable; anything else may not have.
      held.client.release(error instanceof UnitRolledBack || isServerError(error) ? undefined : (error as Error));
      released = true;
      throw error;
    } finally {
      if (!released) held.client.release();
    }
    for (const fn of this.afterCommit.splice(0)) fn();
  }

  /** Ends the unit after a failed call: `keepFinished` (a refusal) commits what finished, else all rolls back. */
  async end(keepFinished: boolean): Promise<void> {
    // Records are written for a change that succeeded; a failed call's are dropped.
    this.records.length = 0;
    if (keepFinished) {
      // The refusal is the answer either way: a transaction a caught failure had aborted keeps nothing.
      await this.commit().catch(() => undefined);
      return;
    }
    this.ended = true;
    await this.turn;
    try {
      await this.rollback();
    } finally {
      this.finished = true;
      this.afterCommit.length = 0;
    }
  }

  private async writeRecords(records: readonly Records[]): Promise<void> {
    const statement = oneStatement(records);
    if (this.held) await this.held.tx.execute(statement);
    else await this.plainExecute(statement);
  }

  private async settled(): Promise<Tx | undefined> {
    if (this.opening) await this.opening.catch(() => undefined);
    return this.held?.tx;
  }

  private async rollback(): Promise<void> {
    await this.settled();
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    this.afterCommit.length = 0;
    if (held.pipe.begin !== undefined) {
      // Its BEGIN was never sent: nothing to roll back.
      held.pipe.begin = undefined;
      held.client.release();
      return;
    }
    try {
      await held.tx.execute(sql`rollback`);
      held.client.release();
    } catch (error) {
      held.client.release(error as Error);
    }
  }
}

/** COMMIT of a transaction a caught failure had aborted: PostgreSQL rolled the change back. */
class UnitRolledBack extends Error {
  constructor() {
    super('unit of work: a statement of the change failed, so the change was rolled back');
  }
}

