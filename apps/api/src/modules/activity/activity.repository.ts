import { and, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { totalOf } from '../../db/paging.ts';
import { inPlace, runPrepared } from '../../db/prepared.ts';
import { insertRecords } from '../../db/unit-of-work.ts';
import { activityEvents, iamMembers, members, orgInvitations, organizations, projectMembers, projects, roleGroups } from '../../db/schema/index.ts';

/** Events a feed's count reads at most (the page itself reads only its rows, down the index). */
export const ACTIVITY_COUNT_CAP = 1_000;

export type ActivityRow = typeof activityEvents.$inferSelect;
export type NewActivity = typeof activityEvents.$inferInsert;

export interface ActivityFilter {
  orgId: string;
  projectId?: string | undefined;
  actionCode?: string | undefined;
  /** Only events of no project or of projects this account can see (callers without Organization.Project.List). */
  visibleTo?: { memberType: 'TOAST_CLOUD' | 'IAM'; uuid: string } | undefined;
}

/** The filter's values, by the placeholder names `whereOf` uses. */
function paramsOfFilter(filter: ActivityFilter): Record<string, unknown> {
  return {
    orgId: filter.orgId,
    ...(filter.projectId ? { projectId: filter.projectId } : {}),
    ...(filter.actionCode ? { actionCode: filter.actionCode } : {}),
    ...(filter.visibleTo ? { viewer: filter.visibleTo.uuid } : {}),
  };
}

/** The filter's shape (which parts it has): one prepared statement each. */
const shapeOf = (filter: ActivityFilter) =>
  `${filter.projectId ? '_project' : ''}${filter.actionCode ? '_action' : ''}${filter.visibleTo ? `_seen_${filter.visibleTo.memberType.toLowerCase()}` : ''}`;

/** `param`: the filter's values by paramsOfFilter's names, in place or as placeholders. */
function whereOf(filter: ActivityFilter, param: (key: string) => unknown): SQL | undefined {
  const visible = filter.visibleTo;
  const seenProjects = visible
    ? or(
        isNull(activityEvents.projectId),
        inArray(
          activityEvents.projectId,
          sql`(select ${projectMembers.projectId} from ${projectMembers} where ${
            visible.memberType === 'IAM' ? projectMembers.iamMemberId : projectMembers.memberId
          } = ${param('viewer')})`,
        ),
        visible.memberType === 'TOAST_CLOUD'
          ? inArray(activityEvents.projectId, sql`(select ${projects.id} from ${projects} where ${projects.ownerMemberId} = ${param('viewer')})`)
          : undefined,
      )
    : undefined;
  return and(
    eq(activityEvents.orgId, param('orgId') as string),
    filter.projectId ? eq(activityEvents.projectId, param('projectId') as string) : undefined,
    filter.actionCode ? eq(activityEvents.actionCode, param('actionCode') as string) : undefined,
    seenProjects,
  );
}

const one = async (query: Promise<{ name: string }[]>) => (await query)[0]?.name ?? null;

export const activityRepository = {
  async insert(db: Executor, rows: NewActivity[]) {
    await insertRecords(db, activityEvents, rows);
  },

  /**
   * A page of events, newest first, and how many match — counted exactly up to
   * ACTIVITY_COUNT_CAP, beyond which the answer says "more than" (`totalCountCapped`) instead of
   * reading the whole feed for every page (docs/decisions.md, "Counting a feed that grows").
   */
  async list(db: Executor, filter: ActivityFilter, page: number, limit: number) {
    const params = paramsOfFilter(filter);
    const shape = shapeOf(filter);
    const offset = (page - 1) * limit;
    const newestFirst = [sql`${activityEvents.createdAt} desc nulls last`, sql`${activityEvents.seq} desc nulls last`];
    // The count, in the index's order: a prepared statement is planned once for every organization,
    // and without an order a generic plan counted a small organization's events by reading the
    // whole table (a sequential scan that stops at the cap finds few of them); in order, any plan
    // reads the organization's entries of the (org_id, created_at, seq) index and stops at the cap.
    const countOf = (param: (key: string) => unknown) =>
      sql<number>`(select count(*)::int from (${db
        .select({ one: sql`1` })
        .from(activityEvents)
        .where(whereOf(filter, param))
        .orderBy(...newestFirst)
        .limit(ACTIVITY_COUNT_CAP + 1)}) as capped)`.mapWith(Number);
    // One statement: the page reads its 50 rows down the (org_id, created_at, seq) index and the
    // count (a subquery of the same WHERE, run once) stops at the cap; not a window count, which
    // would read and sort a feed of tens of thousands of rows for every page. A named prepared
    // statement per filter shape: built and parsed once.
    const rows = await runPrepared(db, `activity_page${shape}`, { ...params, limit, offset }, (param) =>
      db
        .select({ ...getTableColumns(activityEvents), totalCount: countOf(param) })
        .from(activityEvents)
        .where(whereOf(filter, param))
        // NULLS LAST as the index is built (Drizzle's .desc()): a plain DESC means NULLS FIRST, which
        // the index cannot give, and the planner read and sorted all 50,000 rows of the large tenant.
        .orderBy(...newestFirst)
        .limit(param('limit') as number)
        .offset(param('offset') as number),
    );
    // A page past the end carries no count: asked on its own (rare: the pager stops at the last page).
    const counted = await totalOf(rows, offset, async () => {
      const [total] = await db.select({ value: countOf(inPlace(params)) }).from(sql`(select 1) as one`);
      return total?.value ?? 0;
    });
    return { rows, totalCount: Math.min(counted, ACTIVITY_COUNT_CAP), totalCountCapped: counted > ACTIVITY_COUNT_CAP };
  },

  /** The organization's projects among these, as the permission engine needs them (owner, the organization's time zone). */
  async projectRefs(db: Executor, orgId: string, projectIds: readonly string[]) {
    if (projectIds.length === 0) return [];
    return runPrepared(db, 'activity_project_refs', { orgId, ids: [...projectIds] }, (param) =>
      db
        .select({ id: projects.id, orgId: projects.orgId, ownerMemberId: projects.ownerMemberId, timeZone: organizations.timeZone })
        .from(projects)
        .innerJoin(organizations, eq(organizations.id, projects.orgId))
        .where(and(eq(projects.orgId, param('orgId') as string), sql`${projects.id} = any(${param('ids')}::uuid[])`)),
    );
  },

  /** A name to keep in the feed for a target about to be deleted or changed, looked up within the organization. */
  async nameOf(
    db: Executor,
    orgId: string,
    type: 'PROJECT' | 'MEMBER' | 'IAM_ACCOUNT' | 'ANY_MEMBER' | 'INVITATION' | 'ROLE_GROUP',
    id: string,
  ): Promise<string | null> {
    switch (type) {
      case 'PROJECT':
        return one(db.select({ name: projects.name }).from(projects).where(and(eq(projects.id, id), eq(projects.orgId, orgId))).limit(1));
      case 'MEMBER':
        return one(db.select({ name: members.name }).from(members).where(eq(members.id, id)).limit(1));
      case 'IAM_ACCOUNT':
        return one(
          db
            .select({ name: sql<string>`${iamMembers.name} || ' (' || ${iamMembers.userCode} || ')'` })
            .from(iamMembers)
            .where(and(eq(iamMembers.id, id), eq(iamMembers.orgId, orgId)))
            .limit(1),
        );
      case 'ANY_MEMBER':
        return (await activityRepository.nameOf(db, orgId, 'MEMBER', id)) ?? activityRepository.nameOf(db, orgId, 'IAM_ACCOUNT', id);
      case 'ROLE_GROUP':
        return one(
          db
            .select({ name: roleGroups.name })
            .from(roleGroups)
            .where(and(eq(roleGroups.id, id), eq(roleGroups.orgId, orgId)))
            .limit(1),
        );
      case 'INVITATION':
        return one(
          db
            .select({ name: orgInvitations.email })
            .from(orgInvitations)
            .where(and(eq(orgInvitations.id, id), eq(orgInvitations.orgId, orgId)))
            .limit(1),
        );
    }
  },
};
