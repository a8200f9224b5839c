import { hash } from '@node-rs/argon2';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { RoleCondition } from '@console/contracts';
import * as tables from '../db/schema/index.ts';

/** One password for every fixture account; hashed once per file. */
export const FIXTURE_PASSWORD = 'Fixture#2026';
/**
 * The fixture accounts' hash: argon2id as the app's (`hashPassword`), at a test cost. A sign-in
 * verifies at the cost written in the stored hash, so every fixture sign-in (≈ 450 in the API suite)
 * cost an argon2id of 19 MiB and two passes, ≈ 15-20 ms of CPU, ≈ 8 s in all. The production cost
 * stays where the app hashes itself (IAM accounts' passwords, password changes, the demo seed whose
 * accounts the permission matrix signs in as), and `platform/passwords.test.ts` pins it.
 */
export const FIXTURE_HASH_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
let passwordHash: Promise<string> | undefined;
/** FIXTURE_PASSWORD's hash, for rows written directly (IAM accounts). */
export const fixturePasswordHash = () => (passwordHash ??= hash(FIXTURE_PASSWORD, FIXTURE_HASH_COST));
const fixtureHash = fixturePasswordHash;

type OrgRoleCode = (typeof tables.orgMembers.$inferInsert)['roleCode'];

export async function createMember(
  db: Database,
  email: string,
  options: { name?: string; accountType?: string; restrictTypes?: readonly string[]; status?: 'STABLE' | 'BLOCKED' } = {},
) {
  const [row] = await db
    .insert(tables.members)
    .values({
      email,
      name: options.name ?? email.split('@')[0]!,
      passwordHash: await fixtureHash(),
      accountType: options.accountType ?? 'INDIVIDUAL',
      restrictTypes: [...(options.restrictTypes ?? [])],
      status: options.status ?? 'STABLE',
    })
    .returning();
  return row!;
}

/** An organization owned by `ownerId`, with KR1 and GLOBAL, and the other members with their roles. */
export async function createOrg(
  db: Database,
  name: string,
  ownerId: string,
  others: { memberId: string; role: OrgRoleCode }[] = [],
  options: { projectLimit?: number } = {},
) {
  const [org] = await db
    .insert(tables.organizations)
    .values({ name, ownerMemberId: ownerId, ...(options.projectLimit === undefined ? {} : { projectLimit: options.projectLimit }) })
    .returning();
  await db.insert(tables.orgMembers).values([{ orgId: org!.id, memberId: ownerId, roleCode: 'OWNER' }, ...others.map((other) => ({ orgId: org!.id, ...other, roleCode: other.role }))]);
  await db.insert(tables.orgRegions).values(['GLOBAL', 'KR1'].map((regionCode) => ({ orgId: org!.id, regionCode })));
  return org!;
}

export async function createProject(
  db: Database,
  orgId: string,
  name: string,
  ownerId: string,
  memberships: ({ memberId: string; roleCodes: string[] } | { iamMemberId: string; roleCodes: string[] })[] = [],
) {
  const [project] = await db.insert(tables.projects).values({ orgId, name, ownerMemberId: ownerId }).returning();
  if (memberships.length > 0) {
    await db.insert(tables.projectMembers).values(memberships.map((membership) => ({ orgId, projectId: project!.id, ...membership })));
  }
  return project!;
}

const SNAPSHOT_TABLES = [
  'members',
  'organizations',
  'org_members',
  'org_domains',
  'org_regions',
  'projects',
  'project_members',
  'project_products',
  'iam_members',
  'org_invitations',
  'iam_password_setup_tokens',
  'org_identity_providers',
  'mail_outbox',
  'import_jobs',
  'role_groups',
  'role_group_roles',
  'project_member_role_groups',
  'notification_outbox',
  'notification_receiver_groups',
  'notification_receiver_group_members',
  'notification_receiver_group_role_groups',
  'notification_webhooks',
  'notification_webhook_deliveries',
  'system_notification_receivers',
  // The job queue: a refused change enqueues nothing (jobs are written in the change's transaction).
  'pgboss.job',
] as const;

/**
 * Every row of the tenant tables and of the job queue, as text: compare a snapshot taken before a
 * refused call with one taken after to show the refusal changed nothing and enqueued nothing.
 * One statement for all the tables (a text array of each table's rows, sorted as `order by 1`
 * sorts them): one round trip instead of one per table; the permission matrix takes two snapshots
 * for each of its ≈3,000 refused cells (docs/benchmarks-test-loop.md, "The API suite").
 */
const SNAPSHOT_SQL_TEXT = `select ${SNAPSHOT_TABLES.map((table) => `array(select t::text from ${table} t order by 1) as "${table}"`).join(', ')}`;
const SNAPSHOT_SQL = sql.raw(SNAPSHOT_SQL_TEXT);

/** Each snapshot table's rows, out of the one row SNAPSHOT_SQL (or SNAPSHOT_WITH_FINGERPRINT) answers. */
const tablesOf = (row: Record<string, unknown>) => Object.fromEntries(SNAPSHOT_TABLES.map((table) => [table, row[table] as string[]]));

export async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const { rows } = await db.execute<Record<string, string[]>>(SNAPSHOT_SQL);
  return tablesOf(rows[0]!);
}

/**
 * Which row versions each snapshot table holds, without reading the rows: per table, how many and a
 * sum of a 64-bit hash of each version's identity (partition, creating transaction, place). Rows
 * are never changed in place: an insert or an update writes a new version (a new transaction id, a
 * new place) and a delete removes one, so the same answer means the same rows, but for a hash
 * collision. A rewrite that keeps the rows (an update to the same values, vacuum's freezing) gives
 * another answer, and the rows are then compared in full. Unlike the write-ahead log's position,
 * it moves neither with the other worker's databases nor with tables outside the snapshot (the audit
 * log a refusal writes by design).
 */
const FINGERPRINT_SQL = `concat_ws(' ', ${SNAPSHOT_TABLES.map(
  (table) => `(select count(*) || ':' || coalesce(sum(hashtextextended(t.tableoid::text || '/' || t.xmin::text || '/' || t.ctid::text, 0)::numeric), 0) from ${table} t)`,
).join(', ')})`;
/**
 * Named: parsed and planned once per connection. Sent as text, the statement (25 subqueries) was
 * parsed and planned again on every call, which cost more than the snapshots it spares (the
 * permission matrix's file took ≈ 20 s more CPU than with the named one, its 4,700 calls 0.45 ms of execution each).
 */
const FINGERPRINT_ONLY = { name: 'test-stillness-fingerprint', text: `select ${FINGERPRINT_SQL} as fingerprint` };
/** The rows and their fingerprint in one statement: both from the same moment. */
const SNAPSHOT_WITH_FINGERPRINT = sql.raw(`${SNAPSHOT_SQL_TEXT}, ${FINGERPRINT_SQL} as fingerprint`);

/** A snapshot and the fingerprint of the row versions it holds. */
export interface Stillness {
  readonly fingerprint: string;
  readonly rows: Record<string, string[]>;
}

/**
 * Snapshots for a refused call's "nothing changed", skipped while the snapshot tables' row versions
 * stay the same (FINGERPRINT_SQL). `before()` takes a snapshot only if a row version changed since
 * the last one (a refusal after a refusal reuses it); `after(before)` answers `before.rows` if
 * none changed during the call, otherwise a new snapshot to compare in full. Whatever the call
 * wrote in those tables (a member's row, a queued job) still shows in a full comparison. The
 * permission matrix's refused cells took two snapshots each (docs/benchmarks-test-loop.md, "The
 * API step, 2026-11-28"), and `expectRefusal` takes its own through one of these per app.
 */
export function stillness(db: Database) {
  let last: Stillness | undefined;
  const fingerprint = async () => (await db.$client.query<{ fingerprint: string }>(FINGERPRINT_ONLY)).rows[0]!.fingerprint;
  const take = async (): Promise<Stillness> => {
    const { rows } = await db.execute<Record<string, string[]> & { fingerprint: string }>(SNAPSHOT_WITH_FINGERPRINT);
    const row = rows[0]!;
    last = { fingerprint: row.fingerprint, rows: tablesOf(row) };
    stillness.snapshots += 1;
    return last;
  };
  return {
    async before(): Promise<Stillness> {
      if (!last) return take();
      return (await fingerprint()) === last.fingerprint ? last : take();
    },
    async after(before: Stillness): Promise<Record<string, string[]>> {
      return (await fingerprint()) === before.fingerprint ? before.rows : (await take()).rows;
    },
  };
}
/** Snapshots taken by `stillness` watchers in this file (to see what it saves). */
stillness.snapshots = 0;

/** The former snapshot, one statement per table: kept only to compare the two (fixtures.snapshot.routes.test.ts). */
export async function snapshotTableByTable(db: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of SNAPSHOT_TABLES) {
    const { rows } = await db.execute<{ row: string }>(sql.raw(`select t::text as row from ${table} t order by 1`));
    result[table] = rows.map((row) => row.row);
  }
  return result;
}

/**
 * Runs `start` while the test holds `lockSql` (a `select … for update`) in a transaction of its
 * own, releases it once `waiters` backends are blocked on a lock, and answers what `start` answered.
 * This makes concurrent requests really contend, without sleeping: each waits inside PostgreSQL.
 */
export async function whileLocked<T>(db: Database, lockSql: string, params: unknown[], waiters: number, start: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('begin');
    await client.query(lockSql, params);
    const pending = start();
    for (let attempt = 0; ; attempt++) {
      // Activity statistics are a snapshot per transaction: clear it to see the requests move.
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if ((rows[0]?.n ?? 0) >= waiters) break;
      if (attempt > 10_000) throw new Error(`fewer than ${waiters} requests ever waited for the lock`);
    }
    await client.query('commit');
    return await pending;
  } finally {
    client.release();
  }
}

/**
 * A role group: COMMON when no project is given, else the project's. Roles are role ids
 * (`PROJECT_ROLE:MEMBER`) or full entries with a deny setting and conditions.
 */
export async function createRoleGroup(
  db: Database,
  orgId: string,
  name: string,
  roles: readonly (string | { roleId: string; denialSetting?: 'ALLOW' | 'DENY'; conditions?: RoleCondition[] })[],
  options: { projectId?: string; description?: string; createdAt?: Date } = {},
) {
  const createdAt = options.createdAt ?? new Date();
  const [group] = await db
    .insert(tables.roleGroups)
    .values({
      orgId,
      projectId: options.projectId ?? null,
      typeCode: options.projectId ? 'PROJECT' : 'COMMON',
      name,
      description: options.description ?? '',
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (roles.length > 0) {
    await db.insert(tables.roleGroupRoles).values(
      roles.map((role, index) => {
        const entry = typeof role === 'string' ? { roleId: role } : role;
        return {
          roleGroupId: group!.id,
          orgId,
          roleId: entry.roleId,
          denialSetting: entry.denialSetting ?? 'ALLOW',
          conditions: entry.conditions ?? [],
          orderIdx: index,
        };
      }),
    );
  }
  return group!;
}

/** Gives the project members (by members.id or iam_members.id) a role group in the project. */
export async function assignRoleGroup(db: Database, orgId: string, projectId: string, roleGroupId: string, accountIds: readonly string[]) {
  for (const accountId of accountIds) {
    const [membership] = await db
      .select({ id: tables.projectMembers.id })
      .from(tables.projectMembers)
      .where(and(eq(tables.projectMembers.projectId, projectId), or(eq(tables.projectMembers.memberId, accountId), eq(tables.projectMembers.iamMemberId, accountId))))
      .limit(1);
    if (!membership) throw new Error(`assignRoleGroup: ${accountId} is not a member of ${projectId}`);
    await db.insert(tables.projectMemberRoleGroups).values({ projectMemberId: membership.id, roleGroupId, orgId, projectId, createdAt: new Date() });
  }
}
