import { Client } from 'pg';

/**
 * Counts the SQL statements this process sends to PostgreSQL (every client: the app's pool,
 * transactions' BEGIN/COMMIT included) — each one a round trip. Tests pin the count of hot routes
 * with it, so an N+1 or a lost cache cannot creep back unnoticed.
 */
let counting: string[] | undefined;
let patched = false;

function patch() {
  if (patched) return;
  patched = true;
  const original = Client.prototype.query as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    if (counting) {
      const [first] = args;
      const text = typeof first === 'string' ? first : ((first as { text?: string; name?: string } | undefined)?.text ?? (first as { name?: string })?.name ?? '?');
      counting.push(text.replace(/\s+/g, ' ').slice(0, 160));
    }
    return original.apply(this, args);
  } as typeof Client.prototype.query;
}

/** The statements sent while `run` ran (their text, for a readable failure). */
export async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  patch();
  if (counting) throw new Error('statementsOf: already counting');
  counting = [];
  try {
    await run();
    return counting;
  } finally {
    counting = undefined;
  }
}
