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
 * `submit` when the connection is free, hands it each backend message, and it answers once, through
 * `callback`. A failed execution forgets the kept parsers: the next one describes again.
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

type Callback = (error: Error | null, result?: { rows: unknown[][] }) => void;

export class PreparedRead {
  /** Read by pg's client: a named statement's name and text (it records what each connection has parsed). */
  readonly name: string;
  readonly text: string;
  /** Set by the client (Client#query) to the function that answers the caller. */
  callback: Callback | undefined;
  private readonly rows: unknown[][] = [];
  /** A row pg could not parse: answered once PostgreSQL is done with the execution, as pg's Query does. */
  private failure: Error | undefined;
  private parsers: ((value: string) => unknown)[] | undefined;
  private readonly shape: ReadShape;
  private readonly values: unknown[];

  constructor(shape: ReadShape, values: unknown[]) {
    this.shape = shape;
    this.values = values;
    this.name = shape.name;
    this.text = shape.text;
    this.parsers = shape.parsers;
  }

  submit(connection: Connection): Error | null {
    const wire = connection as unknown as Wire;
    const previous = wire.parsedStatements[this.name] ?? wire.submittedNamedStatements[this.name];
    if (previous !== undefined && previous !== this.text) return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`);
    // One write for the messages (pg's Query corks them the same way).
    wire.stream.cork?.();
    try {
      if (previous === undefined) {
        wire.parse({ text: this.text, name: this.name });
        wire.submittedNamedStatements[this.name] = this.text;
      }
      try {
        wire.bind({ portal: '', statement: this.name, values: this.values, valueMapper: prepareValue });
      } catch (error) {
        // A value that cannot be written: as pg's Query, close and sync so the connection stays usable.
        wire.close({ type: 'S', name: this.name });
        wire.sync();
        this.handleError(error as Error);
        return null;
      }
      // Rows never described yet (this statement's first answer, or the first after a failure): ask.
      if (!this.parsers) wire.describe({ type: 'P', name: '' });
      wire.execute({ portal: '', rows: 0 });
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: { dataTypeID: number }[] }): void {
    this.parsers = message.fields.map((field) => this.shape.types.getTypeParser(field.dataTypeID, 'text'));
    this.shape.parsers = this.parsers;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.failure) return;
    const parsers = this.parsers;
    const fields = message.fields;
    if (!parsers || parsers.length !== fields.length) {
      this.failure = new Error(`${this.name}: a row of ${fields.length} columns where ${parsers?.length ?? 'no'} were described`);
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

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: Connection): void {
    (connection as unknown as Wire).sendCopyFail('No source stream defined');
  }
  handleCopyData(): void {}

  handleError(error: Error): void {
    // Described again next time: whatever failed (a changed table among them) is not trusted.
    this.shape.parsers = undefined;
    this.callback?.(error);
  }

  handleReadyForQuery(): void {
    if (this.failure) {
      this.shape.parsers = undefined;
      this.callback?.(this.failure);
      return;
    }
    this.callback?.(null, { rows: this.rows });
  }
}

/** A pool or a client: `query` takes a submittable and a callback (pg-pool hands both to the client it takes). */
interface Queryable {
  query(submittable: PreparedRead, callback: Callback): unknown;
}

/** Executes `shape` with `values` on `client` (a pool: a free connection is taken and given back). */
export function executePrepared(client: object, shape: ReadShape, values: unknown[]): Promise<{ rows: unknown[][] }> {
  return new Promise((resolve, reject) => {
    (client as Queryable).query(new PreparedRead(shape, values), (error, result) => (error ? reject(error) : resolve(result!)));
  });
}
