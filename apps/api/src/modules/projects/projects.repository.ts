import type { ProjectSort } from '@console/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, orgMembers, organizations, projectMembers, projectProducts, projects } from '../../db/schema/index.ts';
import { memberColumn, type MemberRef } from '../../platform/authz.repository.ts';
import { totalCountColumn, totalOf } from '../../db/paging.ts';
import { projectInOrg } from '../../db/project-row.ts';
import { byPlaceholder, byValue, isDatabase, paramsOf, preparedOnce, runPrepared, type Bind } from '../../db/prepared.ts';

export type ProjectRow = typeof projects.$inferSelect;
type NewProject = typeof projects.$inferInsert;

/** A project with its owner's name and email (and its organization's name and time zone, for role conditions). */
const listColumns = {
  project: projects,
  ownerEmail: members.email,
  ownerName: members.name,
  orgName: organizations.name,
  orgTimeZone: organizations.timeZone,
  /** Services in use (a project with them cannot be deleted: canDelete). */
  inUse: sql<boolean>`exists (select 1 from ${projectProducts} where ${projectProducts.orgId} = ${projects.orgId} and ${projectProducts.projectId} = ${projects.id})`,
};

/** Projects someone sees without seeing all: those they are a member of, or own. */
function ownProjects(who: MemberRef, bind: Bind = byValue): SQL {
  const { column, id } = memberColumn(who);
  const whoId = bind('whoId', id);
  const membership = sql`exists (select 1 from ${projectMembers} where ${projectMembers.orgId} = ${projects.orgId} and ${projectMembers.projectId} = ${projects.id} and ${column} = ${whoId})`;
  return who.kind === 'member' ? sql`(${membership} or ${projects.ownerMemberId} = ${whoId})` : membership;
}

const SORT_NAMES: Record<ProjectSort, string> = {
  'regDateTime,asc': 'created_asc',
  'regDateTime,desc': 'created_desc',
  'name,asc': 'name_asc',
  'name,desc': 'name_desc',
};

const ORDER: Record<ProjectSort, SQL[]> = {
  'regDateTime,asc': [asc(projects.createdAt), asc(projects.name), asc(projects.id)],
  'regDateTime,desc': [desc(projects.createdAt), asc(projects.name), asc(projects.id)],
  'name,asc': [asc(sql`lower(${projects.name})`), asc(projects.name), asc(projects.createdAt), asc(projects.id)],
  'name,desc': [desc(sql`lower(${projects.name})`), desc(projects.name), asc(projects.createdAt), asc(projects.id)],
};

export const projectsRepository = {
  /** Projects of one organization: all of them, or those the member sees as their own. */
  async listInOrg(
    db: Executor,
    orgId: string,
    visible: { kind: 'all' } | { kind: 'own'; who: MemberRef },
    sort: ProjectSort,
    page: number,
    limit: number,
  ) {
    const shape = visible.kind === 'all' ? 'all' : `own_${visible.who.kind}`;
    return this.page(
      db,
      `projects_in_org_${shape}`,
      (bind) => and(eq(projects.orgId, bind('orgId', orgId) as string), visible.kind === 'own' ? ownProjects(visible.who, bind) : undefined),
      sort,
      page,
      limit,
    );
  },

  /**
   * Projects a cloud member sees in every organization they belong to: all projects where one of
   * their organization roles is in `seeAllRoles`, elsewhere their own.
   */
  async listVisibleToMember(db: Executor, memberId: string, seeAllRoles: readonly string[], sort: ProjectSort, page: number, limit: number) {
    return this.page(
      db,
      // The roles are the same constant on every call (ORG_ROLES_SEEING_ALL_PROJECTS): part of the statement.
      `projects_of_member_${seeAllRoles.join('_').toLowerCase() || 'none'}`,
      (bind) => {
        const whoId = bind('whoId', memberId);
        const inOrg = sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${projects.orgId} and ${orgMembers.memberId} = ${whoId})`;
        const seesAll =
          seeAllRoles.length > 0
            ? sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${projects.orgId} and ${orgMembers.memberId} = ${whoId} and ${orgMembers.roleCode} in (${sql.join(seeAllRoles.map((role) => sql.raw(`'${role.replaceAll("'", "''")}'`)), sql`, `)}))`
            : sql`false`;
        return and(inOrg, sql`(${seesAll} or ${ownProjects({ kind: 'member', memberId }, bind)})`);
      },
      sort,
      page,
      limit,
    );
  },

  /** Projects an IAM account is a member of, in its organization. */
  async listVisibleToIam(db: Executor, orgId: string, iamMemberId: string, sort: ProjectSort, page: number, limit: number) {
    return this.page(
      db,
      'projects_of_iam',
      (bind) => and(eq(projects.orgId, bind('orgId', orgId) as string), ownProjects({ kind: 'iam', iamMemberId }, bind)),
      sort,
      page,
      limit,
    );
  },

  /**
   * One page and the number of matching projects, in one statement: a named prepared statement
   * per shape and sort on the database (hot path), the same query unprepared in a transaction.
   */
  async page(db: Executor, shape: string, whereOf: (bind: Bind) => SQL | undefined, sort: ProjectSort, page: number, limit: number) {
    const offset = (page - 1) * limit;
    // The page's ids and the total first, from the projects alone; the owner, the organization and
    // whether services are in use are joined onto those rows only. Joined before LIMIT, as they
    // were, they were read for every matching project: 1,000 of the large tenant for a page of 50
    // (issue 8, docs/benchmarks-request-path.md "fourth pass"). Both FKs are NOT NULL, so the joins
    // drop no project and the total is the same.
    const query = (bind: Bind) => {
      const pageIds = db
        .select({ id: projects.id, totalCount: totalCountColumn().as('total_count') })
        .from(projects)
        .where(whereOf(bind))
        .orderBy(...ORDER[sort])
        .limit(bind('limit', limit) as number)
        .offset(bind('offset', offset) as number)
        .as('page_ids');
      return db
        .select({ ...listColumns, totalCount: pageIds.totalCount })
        .from(pageIds)
        .innerJoin(projects, eq(projects.id, pageIds.id))
        .innerJoin(organizations, eq(organizations.id, projects.orgId))
        .innerJoin(members, eq(members.id, projects.ownerMemberId))
        .orderBy(...ORDER[sort]);
    };
    const rows = isDatabase(db)
      ? await preparedOnce(db, `${shape}_${SORT_NAMES[sort]}`, () => query(byPlaceholder).prepare(`${shape}_${SORT_NAMES[sort]}`)).execute({
          ...paramsOf(whereOf),
          limit,
          offset,
        })
      : await query(byValue);
    const where = whereOf(byValue);
    const totalCount = await totalOf(rows, offset, async () => (await db.select({ value: count() }).from(projects).where(where))[0]?.value ?? 0);
    return { rows, totalCount };
  },

  async findInOrg(db: Executor, orgId: string, projectId: string) {
    const [row] = await runPrepared(db, 'project_in_org', { orgId, projectId }, (param) =>
      db
        .select(listColumns)
        .from(projects)
        .innerJoin(organizations, eq(organizations.id, projects.orgId))
        .innerJoin(members, eq(members.id, projects.ownerMemberId))
        .where(and(eq(projects.orgId, param('orgId') as string), eq(projects.id, param('projectId') as string)))
        .limit(1),
    );
    return row;
  },

  lockInOrg: (db: Executor, orgId: string, projectId: string) => projectInOrg(db, orgId, projectId, { lock: true }),

  /** Which of these projects have services in use. */
  async withProductsInUse(db: Executor, orgIds: readonly string[], projectIds: readonly string[]) {
    if (projectIds.length === 0) return new Set<string>();
    const rows = await db
      .select({ projectId: projectProducts.projectId })
      .from(projectProducts)
      .where(and(inArray(projectProducts.orgId, [...orgIds]), inArray(projectProducts.projectId, [...projectIds])));
    return new Set(rows.map((row) => row.projectId));
  },

  async insert(db: Executor, values: NewProject) {
    const [row] = await db.insert(projects).values(values).returning();
    return row!;
  },

  /**
   * Updates the project (its row lock taken by the update) and answers whether it was there and
   * whether another project of the organization that `visible` sees has the new name, letter case
   * and outer spaces ignored (hasNamed's question, asked in the update's RETURNING): one statement.
   */
  async updateNamed(db: Executor, orgId: string, projectId: string, values: { name: string; description?: string; updatedAt: Date }, visible: { kind: 'all' } | { kind: 'own'; who: MemberRef }) {
    // The subquery's own `projects` hides the updated one: its columns are the other projects'.
    const named = db
      .select({ one: sql`1` })
      .from(projects)
      .where(
        and(
          eq(projects.orgId, orgId),
          sql`lower(btrim(${projects.name})) = lower(btrim(${values.name}))`,
          ne(projects.id, projectId),
          visible.kind === 'own' ? ownProjects(visible.who) : undefined,
        ),
      )
      .limit(1);
    const rows = await db
      .update(projects)
      .set(values)
      .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)))
      .returning({ id: projects.id, duplicate: sql<boolean>`exists (${named})` });
    return { updated: rows.length > 0, duplicate: rows[0]?.duplicate === true };
  },


  /** Deletes the project; its memberships go with it (cascade). */
  async delete(db: Executor, orgId: string, projectId: string) {
    await db.delete(projects).where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  },

  async setOwner(db: Executor, orgId: string, projectId: string, memberId: string, at: Date) {
    await db
      .update(projects)
      .set({ ownerMemberId: memberId, updatedAt: at })
      .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  },

  /** A cloud member of the project who is also a member of its organization, with their account's standing. */
  async findCloudMember(db: Executor, orgId: string, projectId: string, memberId: string) {
    const [row] = await db
      .select({
        id: members.id,
        status: members.status,
        restrictTypes: members.restrictTypes,
        roleCodes: projectMembers.roleCodes,
      })
      .from(projectMembers)
      .innerJoin(members, eq(members.id, projectMembers.memberId))
      .where(
        and(
          eq(projectMembers.orgId, orgId),
          eq(projectMembers.projectId, projectId),
          eq(projectMembers.memberId, memberId),
          sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${orgId} and ${orgMembers.memberId} = ${memberId})`,
        ),
      )
      .limit(1);
    return row;
  },

  /** Gives a cloud member these project roles, adding the membership when there is none. */
  async setMemberRoles(db: Executor, orgId: string, projectId: string, memberId: string, roleCodes: string[], at: Date) {
    await db
      .insert(projectMembers)
      .values({ orgId, projectId, memberId, roleCodes, createdAt: at })
      .onConflictDoUpdate({
        target: [projectMembers.projectId, projectMembers.memberId],
        set: { roleCodes },
      });
  },

  /** The organization's row, locked until the transaction ends: project creations take turns at its limit. */
  async lockOrganization(db: Executor, orgId: string) {
    const [row] = await db
      .select({ id: organizations.id, projectLimit: organizations.projectLimit })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .limit(1)
      .for('update');
    return row;
  },

  async countInOrg(db: Executor, orgId: string) {
    const [row] = await db.select({ value: count() }).from(projects).where(eq(projects.orgId, orgId));
    return row?.value ?? 0;
  },

  /**
   * Whether a project of the organization that someone sees (all of them, or their own) has this
   * name, letter case and surrounding spaces aside; `exceptProjectId` leaves the one being renamed out.
   */
  async hasNamed(
    db: Executor,
    orgId: string,
    name: string,
    visible: { kind: 'all' } | { kind: 'own'; who: MemberRef },
    exceptProjectId?: string,
  ) {
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.orgId, orgId),
          sql`lower(btrim(${projects.name})) = lower(btrim(${name}))`,
          exceptProjectId ? ne(projects.id, exceptProjectId) : undefined,
          visible.kind === 'own' ? ownProjects(visible.who) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
