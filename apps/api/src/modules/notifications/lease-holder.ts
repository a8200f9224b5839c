import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { Client } from 'pg';

/**
 * Who holds a webhook delivery's lease, and whether they still live. Each console process picks a
 * random key and holds a session advisory lock on it (`pg_advisory_lock(LEASE_NAMESPACE, key)`) on a
 * connection of its own for as long as it lives; a delivery it claims records that key. A process
 * killed with SIGKILL loses its connection, PostgreSQL drops the lock at once, and any other (or
 * the restarted) process takes the delivery back without waiting for the lease's time to run out.
 * A lease whose holder still lives is left to it until `locked_until`, as before.
 */

/** The advisory lock's first key: marks the console's lease holders among other advisory locks. */
export const LEASE_NAMESPACE = 0x57_48_4b; // 'WHK'

export interface LeaseHolder {
  /** This process's key, once its lock is held (connects on first use). */
  key(): Promise<number>;
  close(): Promise<void>;
}

export function createLeaseHolder(databaseUrl: string, log?: { warn(object: object, message: string): void }): LeaseHolder {
  let held: Promise<{ client: Client; key: number }> | undefined;
  let closed = false;

  async function acquire(): Promise<{ client: Client; key: number }> {
    const client = new Client({ connectionString: databaseUrl, application_name: 'console-lease-holder' });
    await client.connect();
    client.on('error', (error) => {
      // The connection is gone: so is the lock. Leases it held may be taken by others (the same
      // webhook-id is sent again: at least once); the next claim takes a new key.
      log?.warn({ err: error }, 'webhook lease holder connection lost');
      held = undefined;
    });
    for (;;) {
      const key = randomInt(1, 2 ** 31 - 1);
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [LEASE_NAMESPACE, key]);
      if (rows[0]!.ok) return { client, key };
    }
  }

  return {
    async key() {
      if (closed) throw new Error('lease holder closed');
      held ??= acquire().catch((error: unknown) => {
        held = undefined;
        throw error;
      });
      return (await held).key;
    },
    async close() {
      closed = true;
      const current = held;
      held = undefined;
      if (current) await (await current.catch(() => undefined))?.client.end().catch(() => undefined);
    },
  };
}

/** SQL: true when the process whose key is in `holderColumn` no longer holds its lock (or none is recorded). */
export function holderGone(holderColumn: SQL | unknown): SQL {
  return sql`(${holderColumn} is null or not exists (
    select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted and l.objsubid = 2
      and l.database = (select oid from pg_database where datname = current_database())
      and l.classid = ${LEASE_NAMESPACE}::oid and l.objid = ${holderColumn}::oid
  ))`;
}
