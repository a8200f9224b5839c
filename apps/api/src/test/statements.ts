import { Client } from 'pg';

/**
 * Counts the SQL statements this process sends to PostgreSQL (every client: the app's pool,
 * transactions' BEGIN/COMMIT included) — each one a round trip. Tests pin the count of hot routes
 * with it, so an N+1 or a lost cache cannot creep back unnoticed.
 */
let counting: { statements: string[]; pool: object | undefined } | undefined;
let patched = false;

function patch() {
  if (patched) return;
  patched = true;
  const original = Client.prototype.query as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    // Only the app's pool when one is named: the job queue's own pool polls on its own schedule.
    const clients = counting?.pool ? (Reflect.get(counting.pool, '_clients') as unknown[] | undefined) : undefined;
    if (counting && (!clients || clients.includes(this))) {
      const [first] = args;
      const text = typeof first === 'string' ? first : ((first as { text?: string; name?: string } | undefined)?.text ?? (first as { name?: string })?.name ?? '?');
      counting.statements.push(text.replace(/\s+/g, ' '));
    }
    return original.apply(this, args);
  } as typeof Client.prototype.query;
}

/**
 * The statements sent while `run` ran (their text, for a readable failure), by the clients of
 * `pool` (the app's, `t.db.$client`) or, without one, by every client of the process.
 */
export async function statementsOf(run: () => Promise<unknown>, pool?: object): Promise<string[]> {
  patch();
  if (counting) throw new Error('statementsOf: already counting');
  counting = { statements: [], pool };
  try {
    await run();
    return counting.statements;
  } finally {
    counting = undefined;
  }
}
