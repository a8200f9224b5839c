import { createRequire } from 'node:module';
import type { Connection } from 'pg';

/**
 * One execution of a named prepared statement, sent as node-postgres's own `Query` sends it but
 * without asking PostgreSQL to describe its rows every time (issue 8, thirteenth pass).
 *
 * pg's `Query` sends Bind, Describe, Execute and Sync on every execution of a named statement, and
 * for every answer parses the RowDescription (each column's name, type and format), looks up a
 * parser per column and builds a row template (`Result.addFields`), after copying the query's config
 * (`cloneQueryConfig`). A statement's columns and their types are fixed by its text (PostgreSQL
 * refuses an execution whose result type would change: "cached plan must not change result type"),
 * so the parsers are learnt from the statement's first answer and kept with the statement
 * (`ReadShape`); later executions send Bind, Execute and Sync only, and each row's values go
 * through the kept parsers into an array (pg's `rowMode: 'array'`).
 *
 * It is a pg "submittable" (the interface pg-cursor and pg-query-stream use): the client calls
 * `submit` when the connection is free and hands it each backend message. A failed execution
 * forgets the kept parsers: the next one describes again. The reads asked for in one turn of the
 * event loop go out together (`PreparedReads`, `executePrepared` below).
 */

/** pg's own conversion of a value to its text form for Bind (arrays, dates, buffers, JSON as pg writes them). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

/** A type parser source (pg's `types`, or drizzle's override that keeps timestamps as their text). */
export interface TypeParsers {
  getTypeParser(oid: number, format: 'text'): (value: string) => unknown;
}

/** What a statement's rows are read with, learnt once from its first RowDescription. */
export interface ReadShape {
  readonly name: string;
  readonly text: string;
  readonly types: TypeParsers;
  /** Each column's parser; undefined until an answer described the rows (or after a failure). */
  parsers: ((value: string) => unknown)[] | undefined;
}

/** The parts of pg's Connection (pg/lib/connection.js) an execution writes with; pg-cursor uses the same. */
interface Wire {
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(config: { text: string; name: string }): void;
  bind(config: { portal: string; statement: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  close(config: { type: 'S'; name: string }): void;
  sendCopyFail(message: string): void;
}

/** One read asked for: its statement, its values, and how its caller is answered. */
interface Read {
  readonly shape: ReadShape;
  readonly values: unknown[];
  resolve(result: { rows: unknown[][] }): void;
  reject(error: Error): void;
}

/**
 * Reads sent together on one connection, in one write: each its Bind (a Parse first where the
 * connection has not parsed its statement, a Describe where its rows were never described) and
 * Execute, then one Sync. PostgreSQL answers them in order, each ending with its CommandComplete,
 * and the batch with one ReadyForQuery. A failed read ends the batch there (PostgreSQL skips what
 * follows until the Sync): it fails alone, and the reads after it are asked again.
 */
export class PreparedReads {
  /** Read by pg's client (and by the tests' statement counter): the statement of a batch of one. */
  readonly name: string | undefined;
  readonly text: string | undefined;
  /** Set by the client (Client#query): answered once, when the batch is done (or failed). */
  callback: ((error: Error | null) => void) | undefined;
  /** The reads whose Execute went out, in order; `current` is the one PostgreSQL is answering. */
  private readonly sent: Read[] = [];
  /**
   * Each sent read's parsers as they were when it went out (undefined: it asked for a Describe, whose
   * answer sets them): a failure elsewhere meanwhile forgets the statement's, not these.
   */
  private readonly sentParsers: (((value: string) => unknown)[] | undefined)[] = [];
  private current = 0;
  private rows: unknown[][] = [];
  /** A row of the current read its parsers could not read: it fails at its CommandComplete. */
  private failure: Error | undefined;
  private parsers: ((value: string) => unknown)[] | undefined;
  readonly reads: readonly Read[];

  constructor(reads: readonly Read[]) {
    this.reads = reads;
    this.name = reads.length === 1 ? reads[0]!.shape.name : undefined;
    this.text = reads.length === 1 ? reads[0]!.shape.text : undefined;
  }

  /** Whether the batch went out (before that, a failure is the connection's: every read fails with it). */
  submitted = false;

  submit(connection: Connection): Error | null {
    const wire = connection as unknown as Wire;
    this.submitted = true;
    // One write for every message (pg's Query corks its own the same way).
    wire.stream.cork?.();
    try {
      for (const read of this.reads) {
        const { name, text } = read.shape;
        const previous = wire.parsedStatements[name] ?? wire.submittedNamedStatements[name];
        if (previous !== undefined && previous !== text) {
          read.reject(new Error(`Prepared statements must be unique - '${name}' was used for a different statement`));
          continue;
        }
        if (previous === undefined) {
          wire.parse({ text, name });
          wire.submittedNamedStatements[name] = text;
        }
        try {
          wire.bind({ portal: '', statement: name, values: read.values, valueMapper: prepareValue });
        } catch (error) {
          // A value pg cannot write (nothing of it went out): that read fails, the others go on.
          read.reject(error as Error);
          continue;
        }
        // Rows never described yet (the statement's first answer, or the first after a failure): ask.
        const parsers = read.shape.parsers;
        if (!parsers) wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '', rows: 0 });
        this.sent.push(read);
        this.sentParsers.push(parsers);
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    this.parsers = this.sentParsers[0];
    return null;
  }

  handleRowDescription(message: { fields: { dataTypeID: number }[] }): void {
    const shape = this.sent[this.current]!.shape;
    this.parsers = message.fields.map((field) => shape.types.getTypeParser(field.dataTypeID, 'text'));
    shape.parsers = this.parsers;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.failure) return;
    const parsers = this.parsers;
    const fields = message.fields;
    if (!parsers || parsers.length !== fields.length) {
      this.failure = new Error(`${this.sent[this.current]?.shape.name}: a row of ${fields.length} columns where ${parsers?.length ?? 'no'} were described`);
      return;
    }
    const row: unknown[] = [];
    try {
      for (let index = 0; index < fields.length; index++) {
        const value = fields[index]!;
        row.push(value === null ? null : parsers[index]!(value));
      }
    } catch (error) {
      this.failure = error as Error;
      return;
    }
    this.rows.push(row);
  }

  /** The current read's rows are all in: it is answered, and the next read's rows follow. */
  handleCommandComplete(): void {
    const read = this.sent[this.current++]!;
    if (this.failure) {
      read.shape.parsers = undefined;
      read.reject(this.failure);
    } else read.resolve({ rows: this.rows });
    this.rows = [];
    this.failure = undefined;
    this.parsers = this.sentParsers[this.current];
  }

  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: Connection): void {
    (connection as unknown as Wire).sendCopyFail('No source stream defined');
  }
  handleCopyData(): void {}

  /**
   * PostgreSQL refused the current read (or the connection failed): it fails, and its statement is
   * described again next time; the reads after it were not run and are asked again. The batch
   * answers the error, so the pool closes this connection (pg-pool does after any failed query).
   */
  handleError(error: Error): void {
    const failed = this.sent[this.current];
    if (failed) {
      failed.shape.parsers = undefined;
      failed.reject(error);
    }
    for (const read of this.sent.slice(this.current + 1)) ask(this.pool, read);
    this.current = this.sent.length;
    this.callback?.(error);
  }

  handleReadyForQuery(): void {
    this.callback?.(null);
  }

  /** The pool the batch was sent to (where the reads after a failed one are asked again). */
  pool: object | undefined;
}

/** A pool or a client: `query` takes a submittable and a callback (pg-pool hands both to the client it takes). */
interface Queryable {
  query(submittable: PreparedReads, callback: (error: Error | null) => void): unknown;
}

/**
 * At most this many reads in one batch: a batch runs on one connection, one read after another, so
 * it bounds how long the last waits behind the others (the hot reads run in 0.01-1 ms).
 */
export const MOST_READS_TOGETHER = 16;

/** The reads asked for on each pool since its last batch went out. */
const waiting = new Map<object, Read[]>();

function ask(pool: object | undefined, read: Read): void {
  if (!pool) return read.reject(new Error('a prepared read without a pool'));
  let queue = waiting.get(pool);
  if (!queue) {
    waiting.set(pool, (queue = []));
    // Once this turn's I/O callbacks have run: every read they asked for goes in the same batch.
    setImmediate(sendWaiting, pool);
  }
  queue.push(read);
}

function sendWaiting(pool: object): void {
  const queue = waiting.get(pool) ?? [];
  waiting.delete(pool);
  for (let start = 0; start < queue.length; start += MOST_READS_TOGETHER) {
    const batch = new PreparedReads(queue.slice(start, start + MOST_READS_TOGETHER));
    batch.pool = pool;
    (pool as Queryable).query(batch, (error) => {
      // No connection for the batch (or one that failed before it went out): every read fails with it.
      // Once out, a failure was answered read by read (handleError).
      if (error && !batch.submitted) for (const read of batch.reads) read.reject(error);
    });
  }
}

/**
 * Executes `shape` with `values` on `pool` (issue 8, thirteenth pass). The reads asked for in one
 * turn of the event loop (the requests whose sockets were read together) go out together: one
 * write and one Sync on one connection, where each took a connection, a write and a wake-up of its
 * own backend — under load, the socket writes were a quarter of a fresh short read's CPU.
 */
export function executePrepared(pool: object, shape: ReadShape, values: unknown[]): Promise<{ rows: unknown[][] }> {
  return new Promise((resolve, reject) => ask(pool, { shape, values, resolve, reject }));
}
