import { and, count, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { iamMembers, importJobs, members, orgMembers, organizations, projectMembers, projects } from '../../db/schema/index.ts';

export type ImportJobRow = typeof importJobs.$inferSelect;
type NewImportJob = typeof importJobs.$inferInsert;

/** The advisory lock a commit holds on its import for its whole transaction. */
const lockKey = (importId: string) => sql`hashtextextended(${`import:${importId}`}, 0)`;

/** Batch registrations, always by organization and id. */
export const importsRepository = {
  async insert(db: Executor, values: NewImportJob) {
    const [row] = await db.insert(importJobs).values(values).returning();
    return row!;
  },

  async find(db: Executor, orgId: string, importId: string) {
    const [row] = await db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.orgId, orgId), eq(importJobs.id, importId)))
      .limit(1);
    return row;
  },

  /**
   * The import, held until the job's transaction ends: a second run of the job waits, then finds
   * it done. An advisory lock, not a row lock, so the job can write its progress on the row from
   * outside the transaction while it runs.
   */
  async lock(db: Executor, orgId: string, importId: string) {
    await db.execute(sql`select pg_advisory_xact_lock(${lockKey(importId)})`);
    return this.find(db, orgId, importId);
  },

  /**
   * Marks the import as begun, from outside the commit's transaction (so it stays when a crash
   * rolls the transaction back): an import that is begun, still WAIT, and whose lock nobody holds
   * was interrupted.
   */
  async markStarted(db: Executor, orgId: string, importId: string, at: Date) {
    await db
      .update(importJobs)
      .set({ startedAt: at })
      .where(and(eq(importJobs.orgId, orgId), eq(importJobs.id, importId), eq(importJobs.state, 'WAIT')));
  },

  /** The import of this type in progress in the organization (at most one: the partial unique index). */
  async findWaiting(db: Executor, orgId: string, type: string) {
    const [row] = await db
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.orgId, orgId), eq(importJobs.type, type), eq(importJobs.state, 'WAIT')))
      .limit(1);
    return row;
  },

  /**
   * Imports of every organization that may be stuck: WAIT and begun (a run may have been
   * interrupted), or recorded before `createdBefore` (past their time limit). Not filtered by
   * org_id: the recovery at a worker's start looks at all of them (docs/decisions.md "Queries not
   * filtered by org_id").
   */
  async possiblyStuck(db: Executor, createdBefore: Date) {
    return db
      .select({ id: importJobs.id, orgId: importJobs.orgId, state: importJobs.state, createdAt: importJobs.createdAt, startedAt: importJobs.startedAt })
      .from(importJobs)
      .where(and(eq(importJobs.state, 'WAIT'), or(isNotNull(importJobs.startedAt), lt(importJobs.createdAt, createdBefore))));
  },

  /**
   * Sets a WAIT import FAIL unless a commit is running it: in a transaction that tries the
   * import's lock without waiting (a running commit holds it for its whole transaction). With
   * `evenIfRunning` (the import is past its time limit) it is set FAIL either way; a commit still
   * running then finds it no longer WAIT when it finishes, and rolls back. Answers whether it was set.
   */
  async failUnlessRunning(db: Database, orgId: string, importId: string, completedAt: Date, evenIfRunning: boolean) {
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ free: boolean }>(sql`select pg_try_advisory_xact_lock(${lockKey(importId)}) as free`);
      if (!rows[0]?.free && !evenIfRunning) return false;
      const failed = await tx
        .update(importJobs)
        .set({ state: 'FAIL', processed: 0, result: null, completedAt })
        .where(and(eq(importJobs.orgId, orgId), eq(importJobs.id, importId), eq(importJobs.state, 'WAIT')))
        .returning({ id: importJobs.id });
      return failed.length > 0;
    });
  },

  /** Bounds every statement and lock wait of the rest of the transaction by the time it has left. */
  async limitTransaction(tx: Executor, milliseconds: number) {
    const value = String(Math.max(1, Math.ceil(milliseconds)));
    await tx.execute(sql`select set_config('statement_timeout', ${value}, true), set_config('lock_timeout', ${value}, true)`);
  },

  /** How many rows a running commit has handled, written outside its transaction so callers see it move. */
  async setProgress(db: Executor, orgId: string, importId: string, processed: number) {
    await db
      .update(importJobs)
      .set({ processed })
      .where(and(eq(importJobs.orgId, orgId), eq(importJobs.id, importId), eq(importJobs.state, 'WAIT')));
  },

  /** Sets the outcome of a WAIT import; answers whether it was still WAIT. */
  async finish(db: Executor, orgId: string, importId: string, values: Pick<NewImportJob, 'state' | 'processed' | 'result' | 'startedAt' | 'completedAt'>) {
    const finished = await db
      .update(importJobs)
      .set(values)
      .where(and(eq(importJobs.orgId, orgId), eq(importJobs.id, importId), eq(importJobs.state, 'WAIT')))
      .returning({ id: importJobs.id });
    return finished.length > 0;
  },

  /** The organization's cloud members with these emails (lower-case): email → member id. */
  async orgCloudMemberIds(db: Executor, orgId: string, emails: readonly string[]) {
    if (emails.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ email: sql<string>`lower(${members.email})`, id: members.id })
      .from(orgMembers)
      .innerJoin(members, eq(members.id, orgMembers.memberId))
      .where(and(eq(orgMembers.orgId, orgId), inArray(sql`lower(${members.email})`, [...emails])));
    return new Map(rows.map((row) => [row.email, row.id]));
  },

  /** Who is in the project already: cloud member ids and IAM account ids. */
  async projectMemberships(db: Executor, orgId: string, projectId: string) {
    const rows = await db
      .select({ memberId: projectMembers.memberId, iamMemberId: projectMembers.iamMemberId })
      .from(projectMembers)
      .where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.projectId, projectId)));
    return {
      memberIds: new Set(rows.flatMap((row) => (row.memberId ? [row.memberId] : []))),
      iamMemberIds: new Set(rows.flatMap((row) => (row.iamMemberId ? [row.iamMemberId] : []))),
    };
  },

  async insertProjectMembers(db: Executor, values: (typeof projectMembers.$inferInsert)[]) {
    if (values.length === 0) return;
    await db.insert(projectMembers).values(values);
  },

  /** The organization's cloud members with these emails (lower-case), with their organization roles and account state. */
  async orgCloudMembersWithRoles(db: Executor, orgId: string, emails: readonly string[]) {
    if (emails.length === 0) return new Map<string, { id: string; roles: string[]; status: string; restrictTypes: string[] }>();
    const rows = await db
      .select({ email: sql<string>`lower(${members.email})`, id: members.id, role: orgMembers.roleCode, status: members.status, restrictTypes: members.restrictTypes })
      .from(orgMembers)
      .innerJoin(members, eq(members.id, orgMembers.memberId))
      .where(and(eq(orgMembers.orgId, orgId), inArray(sql`lower(${members.email})`, [...emails])));
    const found = new Map<string, { id: string; roles: string[]; status: string; restrictTypes: string[] }>();
    for (const row of rows) {
      const entry = found.get(row.email) ?? { id: row.id, roles: [], status: row.status, restrictTypes: row.restrictTypes };
      entry.roles.push(row.role);
      found.set(row.email, entry);
    }
    return found;
  },

  /** Names (lower-case) of the organization's projects among these. */
  async projectNamesInOrg(db: Executor, orgId: string, names: readonly string[]) {
    if (names.length === 0) return new Set<string>();
    const rows = await db
      .select({ name: sql<string>`lower(${projects.name})` })
      .from(projects)
      .where(and(eq(projects.orgId, orgId), inArray(sql`lower(${projects.name})`, [...names])));
    return new Set(rows.map((row) => row.name));
  },

  /** The organization's project limit and how many projects it has. */
  async projectQuota(db: Executor, orgId: string) {
    const [org] = await db.select({ limit: organizations.projectLimit }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
    const [used] = await db.select({ value: count() }).from(projects).where(eq(projects.orgId, orgId));
    return { limit: org?.limit ?? 0, used: used?.value ?? 0 };
  },

  async insertProjects(db: Executor, values: (typeof projects.$inferInsert)[]) {
    if (values.length === 0) return [];
    return db.insert(projects).values(values).returning({ id: projects.id, ownerMemberId: projects.ownerMemberId });
  },

  async insertIamMembers(db: Executor, values: (typeof iamMembers.$inferInsert)[]) {
    if (values.length === 0) return;
    await db.insert(iamMembers).values(values);
  },
};
