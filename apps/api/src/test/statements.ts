import { Client, Connection } from 'pg';

/**
 * Counts the SQL statements this process sends to PostgreSQL (every client: the app's pool,
 * transactions' BEGIN/COMMIT included) — each one a round trip, but those a change sends in the
 * same write as the one before (exchangesOf). Tests pin the count of hot routes with it, so an N+1
 * or a lost cache cannot creep back unnoticed.
 */
let counting: { statements: string[]; names: (string | undefined)[]; roundTrips: number; pool: object | undefined } | undefined;
let patched = false;

/** A client in pg's pipeline mode with a statement already out: this one goes in the same write (db/unit-of-work.ts). */
function joinsAWrite(client: Client): boolean {
  if (Reflect.get(client, 'pipeline') !== true) return false;
  const waiting = (name: string) => ((Reflect.get(client, name) as unknown[] | undefined)?.length ?? 0) > 0;
  return Reflect.get(client, '_activeQuery') != null || waiting('_sentQueryQueue') || waiting('_queryQueue');
}

function patch() {
  if (patched) return;
  patched = true;
  const original = Client.prototype.query as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    // Only the app's pool when one is named: the job queue's own pool polls on its own schedule.
    const clients = counting?.pool ? (Reflect.get(counting.pool, '_clients') as unknown[] | undefined) : undefined;
    if (counting && (!clients || clients.includes(this))) {
      const [first] = args;
      // Prepared reads sent together (db/prepared-read.ts): each a statement, all in one round trip.
      const together = (first as { reads?: { shape: { name: string; text: string } }[] } | undefined)?.reads;
      const sent = together
        ? together.map((read) => ({ text: read.shape.text, name: read.shape.name as string | undefined }))
        : [
            {
              text: typeof first === 'string' ? first : ((first as { text?: string; name?: string } | undefined)?.text ?? (first as { name?: string })?.name ?? '?'),
              name: typeof first === 'object' ? (first as { name?: string } | null)?.name : undefined,
            },
          ];
      for (const statement of sent) {
        counting.statements.push(statement.text.replace(/\s+/g, ' '));
        counting.names.push(statement.name);
      }
      if (!joinsAWrite(this)) counting.roundTrips++;
    }
    return original.apply(this, args);
  } as typeof Client.prototype.query;
}

/**
 * The statements sent while `run` ran (their text, for a readable failure), by the clients of
 * `pool` (the app's, `t.db.$client`) or, without one, by every client of the process.
 */
export async function statementsOf(run: () => Promise<unknown>, pool?: object): Promise<string[]> {
  return (await exchangesOf(run, pool)).statements;
}

/**
 * The statements sent while `run` ran, and the round trips they took: statements that went out in
 * the same write as one before them (a change's BEGIN with its first statement, its records with
 * its COMMIT: db/unit-of-work.ts) share that one's round trip. `names`: each statement's prepared
 * statement name, undefined for one sent as text to be parsed (db/prepared.ts).
 */
export async function exchangesOf(run: () => Promise<unknown>, pool?: object): Promise<{ statements: string[]; names: (string | undefined)[]; roundTrips: number }> {
  patch();
  if (counting) throw new Error('statementsOf: already counting');
  const current = { statements: [] as string[], names: [] as (string | undefined)[], roundTrips: 0, pool };
  counting = current;
  try {
    await run();
    return { statements: current.statements, names: current.names, roundTrips: current.roundTrips };
  } finally {
    counting = undefined;
  }
}

/**
 * The Parse or Describe messages pg's connections send while `run` runs (every connection of the
 * process), each with the config it was sent with: whether a named statement was parsed again, or
 * its rows described again.
 */
export async function wireMessagesOf(message: 'parse' | 'describe', run: () => Promise<unknown>): Promise<{ name?: string; text?: string }[]> {
  const wire = Connection.prototype as unknown as Record<typeof message, (config: { name?: string; text?: string }, ...rest: unknown[]) => void>;
  const original = wire[message];
  const sent: { name?: string; text?: string }[] = [];
  wire[message] = function (this: unknown, config, ...rest) {
    sent.push(config);
    return original.call(this, config, ...rest);
  };
  try {
    await run();
  } finally {
    wire[message] = original;
  }
  return sent;
}
