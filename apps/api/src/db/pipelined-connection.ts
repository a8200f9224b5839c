import type { PoolClient, QueryResult } from 'pg';

/**
 * The connection a unit of work holds (unit-of-work.ts): its statements one at a time, and those
 * that go out together in one write — a BEGIN with the first statement, the records with the
 * COMMIT (pg's pipeline mode). Split out of unit-of-work.ts; the unit decides what to send, this
 * file how it travels.
 */

/** An error PostgreSQL answered (the connection is fine), not a lost connection or a client-side failure. */
export function isServerError(error: unknown): boolean {
  return typeof (error as { code?: unknown } | null)?.code === 'string' && typeof (error as { severity?: unknown }).severity === 'string';
}

/** The unit's connection (oneAtATime): its statements in turn, and those that go out together. */
export interface Pipe {
  /**
   * A BEGIN not sent yet: it goes out in the same write as the connection's next statement (pg's
   * pipeline mode: each its own Sync, answered in order), so beginning costs no round trip.
   */
  begin: string | undefined;
  /** These statements in the same write (after the BEGIN if it is still to go): how each ended, in order. */
  send(statements: readonly Statement[]): Promise<PromiseSettledResult<QueryResult>[]>;
}

export interface Statement {
  text: string;
  values?: unknown[];
}

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * At most this many statement texts of the process's changes are named (each connection of the
 * pool then keeps at most this many of them prepared, beside the hot reads' own): the change
 * statements of every endpoint, with room for their shapes (a list's row count makes its own text).
 * Texts beyond it go unnamed, parsed and planned on every execution as before.
 */
export const MAX_CHANGE_STATEMENTS = 500;
const changeStatementNames = new Map<string, string>();

/**
 * The name of a change's statement (`change_<n>`, one per text for the whole process) so each
 * connection parses and plans it once and keeps its generic plan (the pool's plan_cache_mode,
 * db/client.ts), as the hot reads' named statements do (docs/decisions.md, "A change's statements
 * are named"). Only a statement with parameters — a BEGIN, a COMMIT and its NOTIFY (whose text
 * carries a fresh token), a ROLLBACK are not worth keeping, and a simple query of two cannot be
 * prepared; undefined beyond the cap.
 */
export function changeStatementName(text: string, values: unknown): string | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined;
  let name = changeStatementNames.get(text);
  if (name === undefined && changeStatementNames.size < MAX_CHANGE_STATEMENTS) {
    name = `change_${changeStatementNames.size + 1}`;
    changeStatementNames.set(text, name);
  }
  return name;
}

/** The statement of a query call (drizzle's `(config, values)`, or `(text, values)`, or a config with its values) named when it should be. */
export function namedCall(args: unknown[]): unknown[] {
  const [first, second] = args;
  if (typeof first === 'string') {
    const name = changeStatementName(first, second);
    return name === undefined ? args : [{ name, text: first, values: second }, ...args.slice(2)];
  }
  const config = first as { name?: string; text?: unknown; values?: unknown; submit?: unknown } | null;
  // A named statement, or a submittable (a cursor, the prepared reads' batch: db/prepared-read.ts) keeps its own way.
  if (!config || typeof config.text !== 'string' || config.name !== undefined || typeof config.submit === 'function') return args;
  const name = changeStatementName(config.text, second ?? config.values);
  return name === undefined ? args : [{ ...config, name }, ...args.slice(1)];
}

/**
 * Sends each call's statement in ONE write to the server (the socket corked around them), in pg's
 * pipeline mode for as long as any is unanswered: PostgreSQL answers them in order, each its own
 * Sync, so a failed statement does not swallow the next — a COMMIT after a failed statement
 * meets an aborted transaction and answers ROLLBACK. Resolves once all are answered.
 */
async function together(client: PoolClient, query: Query, calls: unknown[][]): Promise<PromiseSettledResult<unknown>[]> {
  const raw = client as unknown as { pipeline: boolean; connection: { stream: { cork(): void; uncork(): void } } };
  const stream = raw.connection.stream;
  raw.pipeline = true;
  let sent: Promise<unknown>[];
  stream.cork();
  try {
    sent = calls.map((args) => query.apply(client, args));
  } finally {
    stream.uncork();
  }
  const settled = await Promise.allSettled(sent);
  // Every one answered (a failed statement's own ReadyForQuery is awaited by the next in line).
  raw.pipeline = false;
  return settled;
}

/**
 * The unit's connection runs its statements one at a time: a service's reads side by side
 * (`Promise.all`) after the unit's first write share this one client, and pg 8 queues a second
 * statement sent while one runs only with a deprecation warning (pg 9 refuses it). Each statement
 * waits for the one before; the client's own `query` is back before it returns to the pool.
 * A BEGIN not sent yet goes out with the next statement, in the same write (Pipe).
 */
export function oneAtATime(client: PoolClient): { client: PoolClient; pipe: Pipe } {
  const query = client.query as unknown as Query;
  const release = client.release;
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(send: () => Promise<T>): Promise<T> => {
    const run = last.then(send);
    last = run.catch(() => undefined);
    return run;
  };
  /** The BEGIN waiting for the next statement, now taken: the two go out together. */
  const withBegin = async (call: unknown[]): Promise<unknown> => {
    const args = namedCall(call);
    const begin = pipe.begin;
    if (begin === undefined) return query.apply(client, args);
    pipe.begin = undefined;
    const [begun, answered] = await together(client, query, [[begin], args]);
    // BEGIN of a valid text fails only with the connection, and then so did the statement.
    if (begun!.status === 'rejected') throw begun!.reason;
    if (answered!.status === 'rejected') throw answered!.reason;
    return answered!.value;
  };
  const pipe: Pipe = {
    begin: undefined,
    send: (statements) =>
      inTurn(async () => {
        const begin = pipe.begin;
        pipe.begin = undefined;
        const calls = [...(begin === undefined ? [] : [[begin]]), ...statements.map((statement) => namedCall([statement]))];
        const settled = (await together(client, query, calls)) as PromiseSettledResult<QueryResult>[];
        // BEGIN of a valid text fails only with the connection, and then so did every statement.
        if (begin !== undefined && settled[0]!.status === 'rejected') return statements.map(() => settled[0]!);
        return begin === undefined ? settled : settled.slice(1);
      }),
  };
  client.query = ((...args: unknown[]) => {
    // A callback or a submittable (cursor, stream) keeps pg's own flow; drizzle sends neither.
    if (args.some((arg) => typeof arg === 'function' || typeof (arg as { submit?: unknown } | null)?.submit === 'function')) {
      return query.apply(client, args);
    }
    return inTurn(() => withBegin(args));
  }) as PoolClient['query'];
  client.release = (...args: Parameters<PoolClient['release']>) => {
    delete (client as Partial<PoolClient>).query;
    client.release = release;
    return release.apply(client, args);
  };
  return { client, pipe };
}
