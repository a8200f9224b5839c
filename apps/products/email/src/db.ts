import { Pool as PgPool, type PoolClient } from 'pg';

/**
 * The product's own storage: the schema `email_product` of the PostgreSQL it is given (the same
 * server as the console in development, never the console's tables). Created and upgraded by the
 * product itself at start, under an advisory lock so several instances may start together.
 */
export const SCHEMA = 'email_product';

const DDL = `
create schema if not exists ${SCHEMA};

-- The SecretKey an admin gave the product for a project's Appkey (sealed), and whether the console last refused it.
create table if not exists ${SCHEMA}.app_keys (
  app_key text primary key,
  org_id uuid not null,
  project_id uuid not null,
  secret_key_enc text not null,
  set_by text,
  set_at timestamptz not null default now(),
  refused_at timestamptz
);

-- One row per recipient of a send request.
create table if not exists ${SCHEMA}.mails (
  mail_id uuid primary key,
  request_id text not null,
  app_key text not null,
  org_id uuid not null,
  project_id uuid not null,
  sender_address text not null,
  sender_name text,
  receive_address text not null,
  receive_type text not null default 'MRT0',
  title text not null,
  body text not null,
  status text not null check (status in ('SENDING', 'SENT', 'FAILED')),
  failure_reason text,
  open_token text not null,
  open_count integer not null default 0,
  first_opened_at timestamptz,
  source text not null check (source in ('API', 'CONSOLE')),
  created_by text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists mails_project_idx on ${SCHEMA}.mails (project_id, app_key, created_at desc, mail_id);
-- The organization overview (Email Insights) counts per project of one organization.
create index if not exists mails_org_idx on ${SCHEMA}.mails (org_id, project_id, created_at);
create index if not exists mails_request_idx on ${SCHEMA}.mails (request_id);
create index if not exists mails_sending_idx on ${SCHEMA}.mails (updated_at) where status = 'SENDING';

-- Usage records and metric samples not yet accepted by the console's ingestion calls (the reporter's outbox).
create table if not exists ${SCHEMA}.reports (
  report_id bigserial primary key,
  app_key text not null,
  kind text not null check (kind in ('SAMPLES', 'USAGE')),
  items jsonb not null,
  state text not null default 'PENDING' check (state in ('PENDING', 'REJECTED')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now()
);
create index if not exists reports_due_idx on ${SCHEMA}.reports (next_attempt_at, report_id) where state = 'PENDING';
`;

export type Pool = PgPool;
export type Client = PoolClient;

export function createPool(url: string, max = 5): Pool {
  const pool = new PgPool({ connectionString: url, max });
  // An idle connection the server ends (a restart, the console stopping its embedded PostgreSQL)
  // must not crash the product: pg emits it on the pool, and the next query connects again.
  pool.on('error', () => {});
  return pool;
}

export async function migrate(pool: Pool) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select pg_advisory_xact_lock(hashtext('${SCHEMA}.migrate'))`);
    await client.query(DDL);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Runs `work` in one transaction on one connection. */
export async function inTransaction<T>(pool: Pool, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
