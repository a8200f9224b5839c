import type { ProjectSort } from '@console/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members, orgCounts, orgMembers, organizations, projectMembers, projectProducts, projects } from '../../db/schema/index.ts';
import { memberColumn, type MemberRef } from '../../platform/authz.repository.ts';
import { totalOf } from '../../db/paging.ts';
import { projectInOrg } from '../../db/project-row.ts';
import { inPlace, runPrepared } from '../../db/prepared.ts';

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

/** A query's value by its placeholder's name: the placeholder itself (prepared) or the value in place. */
type Param = (key: string) => unknown;

/** Projects someone sees without seeing all: those they are a member of, or own. */
function ownProjects(who: MemberRef, param: Param): SQL {
  const { column } = memberColumn(who);
  const whoId = param('whoId');
  const membership = sql`exists (select 1 from ${projectMembers} where ${projectMembers.orgId} = ${projects.orgId} and ${projectMembers.projectId} = ${projects.id} and ${column} = ${whoId})`;
  return who.kind === 'member' ? sql`(${membership} or ${projects.ownerMemberId} = ${whoId})` : membership;
}

const SORT_NAMES: Record<ProjectSort, string> = {
  'regDateTime,asc': 'created_asc',
  'regDateTime,desc': 'created_desc',
  'name,asc': 'name_asc',
  'name,desc': 'name_desc',
};

/** A sort's keys over a project's (or a subquery's) created time, name and id: the page and the rows it joins order alike. */
function orderOf(sort: ProjectSort, keys: { createdAt: SQL.Aliased | AnyColumn; name: SQL.Aliased | AnyColumn; id: SQL.Aliased | AnyColumn }): SQL[] {
  const { createdAt, name, id } = keys;
  switch (sort) {
    case 'regDateTime,asc':
      return [asc(createdAt), asc(name), asc(id)];
    case 'regDateTime,desc':
      return [desc(createdAt), asc(name), asc(id)];
    case 'name,asc':
      return [asc(sql`lower(${name})`), asc(name), asc(createdAt), asc(id)];
    case 'name,desc':
      return [desc(sql`lower(${name})`), desc(name), asc(createdAt), asc(id)];
  }
}
const ORDER: Record<ProjectSort, SQL[]> = Object.fromEntries(
  (Object.keys(SORT_NAMES) as ProjectSort[]).map((sort) => [sort, orderOf(sort, projects)]),
) as Record<ProjectSort, SQL[]>;

/** How many projects the organization has, as org_counts keeps them (migration 0032): one row read, not its projects counted. */
const projectsOfOrg = (orgId: unknown) => sql`coalesce((select ${orgCounts.projects} from ${orgCounts} where ${orgCounts.orgId} = ${orgId}), 0)`;

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
    const params = visible.kind === 'all' ? { orgId } : { orgId, whoId: memberColumn(visible.who).id };
    return this.page(
      db,
      `projects_in_org_${shape}`,
      params,
      (param) => and(eq(projects.orgId, param('orgId') as string), visible.kind === 'own' ? ownProjects(visible.who, param) : undefined),
      sort,
      page,
      limit,
      // Every project of the organization: their number as org_counts keeps it.
      visible.kind === 'all' ? (param) => projectsOfOrg(param('orgId')) : undefined,
    );
  },

  /**
   * Projects a cloud member sees in every organization they belong to: all projects where one of
   * their organization roles is in `seeAllRoles`, elsewhere their own. One statement: the member's
   * organizations (`mine`, with whether they see all there), then from each organization its first
   * offset + limit projects in the sort's order (`projects_org_idx` walks them for the created
   * sorts), merged and paged; the total sums each organization's number (org_counts' where they see all,
   * else a count of their own). Before, the page sorted
   * every visible project of every organization under a window count: 1,000 of the large tenant
   * for a page of 50 (docs/benchmarks.md, "twelfth pass").
   */
  async listVisibleToMember(db: Executor, memberId: string, seeAllRoles: readonly string[], sort: ProjectSort, page: number, limit: number) {
    const offset = (page - 1) * limit;
    // The roles are the same constant on every call (ORG_ROLES_SEEING_ALL_PROJECTS): part of the statement.
    const roles = seeAllRoles.length > 0 ? sql.join(seeAllRoles.map((role) => sql.raw(`'${role.replaceAll("'", "''")}'`)), sql`, `) : undefined;
    const name = `projects_of_member_${seeAllRoles.join('_').toLowerCase() || 'none'}_${SORT_NAMES[sort]}`;
    const params = { whoId: memberId, reach: offset + limit, limit, offset };
    const query = (param: Param) => {
      const mine = db.$with('mine').as(
        db
          .select({ orgId: orgMembers.orgId, seesAll: (roles ? sql<boolean>`bool_or(${orgMembers.roleCode} in (${roles}))` : sql<boolean>`false`).as('sees_all') })
          .from(orgMembers)
          .where(eq(orgMembers.memberId, param('whoId') as string))
          .groupBy(orgMembers.orgId),
      );
      const own = ownProjects({ kind: 'member', memberId }, param);
      const firstOfOrg = db
        .select({ id: projects.id, createdAt: projects.createdAt, name: projects.name })
        .from(projects)
        .where(and(eq(projects.orgId, mine.orgId), sql`(${mine.seesAll} or ${own})`))
        .orderBy(...ORDER[sort])
        .limit(param('reach') as number)
        .as('first_of_org');
      const pageIds = db
        .select({ id: firstOfOrg.id })
        .from(mine)
        .innerJoinLateral(firstOfOrg, sql`true`)
        .orderBy(...orderOf(sort, firstOfOrg))
        .limit(param('limit') as number)
        .offset(param('offset') as number)
        .as('page_ids');
      const total = sql<number>`(select coalesce(sum(case when ${mine.seesAll} then ${projectsOfOrg(mine.orgId)} else (select count(*) from ${projects} where ${projects.orgId} = ${mine.orgId} and ${own}) end), 0) from ${mine})::int`;
      return db
        .with(mine)
        .select({ ...listColumns, totalCount: total.mapWith(Number) })
        .from(pageIds)
        .innerJoin(projects, eq(projects.id, pageIds.id))
        .innerJoin(organizations, eq(organizations.id, projects.orgId))
        .innerJoin(members, eq(members.id, projects.ownerMemberId))
        .orderBy(...ORDER[sort]);
    };
    const rows = await runPrepared(db, name, params, query);
    const totalCount = await totalOf(rows, offset, async () => {
      const inOrg = sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${projects.orgId} and ${orgMembers.memberId} = ${memberId})`;
      const seesAll = roles
        ? sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${projects.orgId} and ${orgMembers.memberId} = ${memberId} and ${orgMembers.roleCode} in (${roles}))`
        : sql`false`;
      const [row] = await db.select({ value: count() }).from(projects).where(and(inOrg, sql`(${seesAll} or ${ownProjects({ kind: 'member', memberId }, inPlace(params))})`));
      return row?.value ?? 0;
    });
    return { rows, totalCount };
  },

  /** Projects an IAM account is a member of, in its organization. */
  async listVisibleToIam(db: Executor, orgId: string, iamMemberId: string, sort: ProjectSort, page: number, limit: number) {
    return this.page(
      db,
      'projects_of_iam',
      { orgId, whoId: iamMemberId },
      (param) => and(eq(projects.orgId, param('orgId') as string), ownProjects({ kind: 'iam', iamMemberId }, param)),
      sort,
      page,
      limit,
    );
  },

  /**
   * One page and the number of matching projects, in one statement (a named prepared statement per
   * shape and sort on the database, the same query with its values in a transaction). The page's
   * ids come from the projects alone, in the sort's order (`projects_org_idx` walks an
   * organization's projects by created time: a page of 50 reads about 50); the owner, the
   * organization and whether services are in use are joined onto those rows only, and the total is
   * `totalOfWhere` (a count subquery of the same WHERE, run once, unless the caller knows a cheaper
   * one: every project of an organization is org_counts' number). Before, a window count over the page's query
   * read and sorted every matching project for each page: 1,000 of the large tenant
   * (docs/benchmarks.md, "twelfth pass"). Both FKs are NOT NULL, so the joins drop no project.
   */
  async page(
    db: Executor,
    shape: string,
    params: Record<string, unknown>,
    whereOf: (param: Param) => SQL | undefined,
    sort: ProjectSort,
    page: number,
    limit: number,
    totalOfWhere: (param: Param) => SQL = (param) => sql`(select count(*) from ${projects} where ${whereOf(param)})`,
  ) {
    const offset = (page - 1) * limit;
    const query = (param: Param) => {
      const pageIds = db
        .select({ id: projects.id })
        .from(projects)
        .where(whereOf(param))
        .orderBy(...ORDER[sort])
        .limit(param('limit') as number)
        .offset(param('offset') as number)
        .as('page_ids');
      const total = sql<number>`${totalOfWhere(param)}::int`.mapWith(Number);
      return db
        .select({ ...listColumns, totalCount: total })
        .from(pageIds)
        .innerJoin(projects, eq(projects.id, pageIds.id))
        .innerJoin(organizations, eq(organizations.id, projects.orgId))
        .innerJoin(members, eq(members.id, projects.ownerMemberId))
        .orderBy(...ORDER[sort]);
    };
    const rows = await runPrepared(db, `${shape}_${SORT_NAMES[sort]}`, { ...params, limit, offset }, query);
    const totalCount = await totalOf(rows, offset, async () => (await db.select({ value: count() }).from(projects).where(whereOf(inPlace(params))))[0]?.value ?? 0);
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
    // One prepared statement per shape: who sees which names, and whether the description is set.
    const withDescription = values.description !== undefined;
    const shape = `${visible.kind === 'all' ? 'all' : `own_${visible.who.kind}`}${withDescription ? '_described' : ''}`;
    const params = {
      orgId,
      projectId,
      name: values.name,
      updatedAt: values.updatedAt,
      ...(withDescription ? { description: values.description } : {}),
      ...(visible.kind === 'all' ? {} : { whoId: memberColumn(visible.who).id }),
    };
    const rows = await runPrepared(db, `project_update_named_${shape}`, params, (param) => {
      // The subquery's own `projects` hides the updated one: its columns are the other projects'.
      const named = db
        .select({ one: sql`1` })
        .from(projects)
        .where(
          and(
            eq(projects.orgId, param('orgId') as string),
            sql`lower(btrim(${projects.name})) = lower(btrim(${param('name')}))`,
            ne(projects.id, param('projectId') as string),
            visible.kind === 'own' ? ownProjects(visible.who, param) : undefined,
          ),
        )
        .limit(1);
      return db
        .update(projects)
        .set({
          name: param('name') as string,
          updatedAt: param('updatedAt') as Date,
          ...(withDescription ? { description: param('description') as string } : {}),
        })
        .where(and(eq(projects.orgId, param('orgId') as string), eq(projects.id, param('projectId') as string)))
        .returning({ id: projects.id, duplicate: sql<boolean>`exists (${named})` });
    });
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
          visible.kind === 'own' ? ownProjects(visible.who, inPlace({ whoId: memberColumn(visible.who).id })) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  },
};
