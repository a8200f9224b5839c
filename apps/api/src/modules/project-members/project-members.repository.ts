import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { totalCountColumn, totalOf } from '../../db/paging.ts';
import { containsPattern } from '../../db/like.ts';
import { projectInOrg } from '../../db/project-row.ts';
import { runPrepared } from '../../db/prepared.ts';
import { iamMembers, members, orgMembers, projectMemberRoleGroups, projectMembers, projects, roleGroups } from '../../db/schema/index.ts';
import type { ProjectMemberRoleGroup } from '@console/contracts';
import type { PersonKind, SearchReach } from '../../platform/personal-data.ts';

export type MembershipRow = NonNullable<Awaited<ReturnType<typeof projectMembersRepository.findMembership>>>;

/** What an answer shows of a membership and its account (service toProjectMember): a page reads only these. */
export type MembershipView = Omit<MembershipRow, 'membership'> & { membership: Pick<MembershipRow['membership'], 'memberId' | 'iamMemberId' | 'roleCodes' | 'createdAt'> };

/** The account behind a membership: a cloud member or an IAM account (exactly one is set). */
const accountColumns = {
  memberEmail: members.email,
  memberName: members.name,
  memberStatus: members.status,
  iamUserCode: iamMembers.userCode,
  iamEmail: iamMembers.email,
  iamName: iamMembers.name,
  iamStatus: iamMembers.status,
};

/** A membership with the account behind it. */
const membershipColumns = { membership: projectMembers, ...accountColumns };

/**
 * The role groups a membership holds, in name order, read by the statement that reads the membership
 * (a subquery run for each row it returns, down the memberships' key): a page or one member's answer
 * is one round trip, not two (twelfth pass, issue 8; one member's answer since the thirteenth).
 */
const roleGroupsOfRow = sql<ProjectMemberRoleGroup[]>`(select coalesce(json_agg(json_build_object('roleGroupId', ${roleGroups.id}, 'roleGroupName', ${roleGroups.name}, 'typeCode', ${roleGroups.typeCode}) order by lower(${roleGroups.name}), ${roleGroups.id}), '[]'::json) from ${projectMemberRoleGroups} inner join ${roleGroups} on ${roleGroups.id} = ${projectMemberRoleGroups.roleGroupId} where ${projectMemberRoleGroups.projectMemberId} = ${projectMembers.id} and ${projectMemberRoleGroups.orgId} = ${projectMembers.orgId})`;

const emailOf = sql`coalesce(${members.email}, ${iamMembers.email})`;
const nameOf = sql`coalesce(${members.name}, ${iamMembers.name})`;

/** Who a membership is of, by the id the API uses (members.id or iam_members.id). */
const membershipOf = (memberId: string) => or(eq(projectMembers.memberId, memberId), eq(projectMembers.iamMemberId, memberId));

/**
 * The rows of one kind a search may match (platform/personal-data.ts SearchReach): all of them when
 * the caller sees that kind in plain, else only the caller's own (`id`: the kind's id column), else none.
 */
const reachable = (reach: SearchReach, kind: PersonKind, id: SQL): SQL =>
  reach.kinds.includes(kind) ? sql`true` : reach.self.kind === kind ? sql`${id} = ${reach.self.id}` : sql`false`;

export const projectMembersRepository = {
  /** The project row, locked: membership changes of one project take turns (the sole-ADMIN rule). */
  lockProject: (db: Executor, orgId: string, projectId: string) => projectInOrg(db, orgId, projectId, { lock: true }),

  findProject: (db: Executor, orgId: string, projectId: string) => projectInOrg(db, orgId, projectId),

  async list(
    db: Executor,
    orgId: string,
    projectId: string,
    filters: { emailLike: string | undefined; nameLike: string | undefined; memberType: 'TOAST_CLOUD' | 'IAM' | undefined },
    reach: SearchReach,
    page: number,
    limit: number,
  ) {
    const searching = Boolean(filters.emailLike || filters.nameLike);
    // Built only when it runs (a search, a type filter, a count past the end): the page as it opens is prepared.
    const whereOf = () =>
      and(
        eq(projectMembers.orgId, orgId),
        eq(projectMembers.projectId, projectId),
        filters.emailLike ? sql`${emailOf} ilike ${containsPattern(filters.emailLike)}` : undefined,
        filters.nameLike ? sql`${nameOf} ilike ${containsPattern(filters.nameLike)}` : undefined,
        // A search never matches a masked row on its real values.
        searching
          ? sql`((${projectMembers.memberId} is not null and ${reachable(reach, 'TOAST_CLOUD', sql`${projectMembers.memberId}`)}) or (${projectMembers.iamMemberId} is not null and ${reachable(reach, 'IAM', sql`${projectMembers.iamMemberId}`)}))`
          : undefined,
        filters.memberType === 'TOAST_CLOUD' ? sql`${projectMembers.memberId} is not null` : undefined,
        filters.memberType === 'IAM' ? sql`${projectMembers.iamMemberId} is not null` : undefined,
      );
    const offset = (page - 1) * limit;
    // `scope`: the organization and project ids, as values or as the prepared statement's placeholders.
    const pageOf = (scope: { orgId: unknown; projectId: unknown }, matching: SQL | undefined, take: unknown, skip: unknown) =>
      db
        .select({
          // The membership's columns an answer shows, not its ids (three uuids fewer a row to encode and map).
          membership: { memberId: projectMembers.memberId, iamMemberId: projectMembers.iamMemberId, roleCodes: projectMembers.roleCodes, createdAt: projectMembers.createdAt },
          ...accountColumns,
          // Who owns the project (its owner's row shows OWNER): read with the page, not before it, and
          // once (a subquery of the parameters, not of each row: 0.14 → 0.10 ms of the statement's execution).
          projectOwnerId: sql<string>`(select ${projects.ownerMemberId} from ${projects} where ${projects.id} = ${scope.projectId} and ${projects.orgId} = ${scope.orgId})`,
          roleGroups: roleGroupsOfRow,
          totalCount: totalCountColumn(),
        })
        .from(projectMembers)
        .leftJoin(members, eq(members.id, projectMembers.memberId))
        .leftJoin(iamMembers, eq(iamMembers.id, projectMembers.iamMemberId))
        .where(matching)
        .orderBy(asc(projectMembers.createdAt), asc(projectMembers.id))
        .limit(take as number)
        .offset(skip as number);
    // The page as it opens, unfiltered: a named prepared statement (built and parsed once); a search or a type filter as built.
    const rows =
      searching || filters.memberType
        ? await pageOf({ orgId, projectId }, whereOf(), limit, offset)
        : await runPrepared(db, 'project_members_page', { orgId, projectId, limit, offset }, (param) =>
            pageOf(
              { orgId: param('orgId'), projectId: param('projectId') },
              and(eq(projectMembers.orgId, param('orgId') as string), eq(projectMembers.projectId, param('projectId') as string)),
              param('limit'),
              param('offset'),
            ),
          );
    const totalCount = await totalOf(rows, offset, async () => {
      const [total] = await db
        .select({ value: count() })
        .from(projectMembers)
        .leftJoin(members, eq(members.id, projectMembers.memberId))
        .leftJoin(iamMembers, eq(iamMembers.id, projectMembers.iamMemberId))
        .where(whereOf());
      return total?.value ?? 0;
    });
    return { rows, totalCount };
  },

  /** One person's membership of the project, with the account behind it and its role groups (one statement). */
  async findMembership(db: Executor, orgId: string, projectId: string, memberId: string) {
    const [row] = await db
      .select({ ...membershipColumns, roleGroups: roleGroupsOfRow })
      .from(projectMembers)
      .leftJoin(members, eq(members.id, projectMembers.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, projectMembers.iamMemberId))
      .where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.projectId, projectId), membershipOf(memberId)))
      .limit(1);
    return row;
  },

  /** Stored memberships of the project holding ADMIN. */
  async adminMemberIds(db: Executor, orgId: string, projectId: string) {
    const rows = await db
      .select({ memberId: sql<string>`coalesce(${projectMembers.memberId}, ${projectMembers.iamMemberId})` })
      .from(projectMembers)
      .where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.projectId, projectId), sql`'ADMIN' = any(${projectMembers.roleCodes})`));
    return new Set(rows.map((row) => row.memberId));
  },

  /**
   * Who an id is in the organization: one of its cloud members, or one of its IAM accounts.
   * Ids of other organizations' accounts are simply not found.
   */
  async resolveOrgAccount(db: Executor, orgId: string, memberId: string) {
    const [cloud] = await db
      .select({ id: members.id, status: members.status })
      .from(orgMembers)
      .innerJoin(members, eq(members.id, orgMembers.memberId))
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)))
      .limit(1);
    if (cloud) return { kind: 'member' as const, ...cloud };
    const [iam] = await db
      .select({ id: iamMembers.id, status: iamMembers.status })
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), eq(iamMembers.id, memberId)))
      .limit(1);
    return iam ? { kind: 'iam' as const, ...iam } : undefined;
  },

  async insert(db: Executor, values: typeof projectMembers.$inferInsert) {
    await db.insert(projectMembers).values(values);
  },

  async setRoles(db: Executor, orgId: string, projectId: string, memberId: string, roleCodes: readonly string[]) {
    await db
      .update(projectMembers)
      .set({ roleCodes: [...roleCodes] })
      .where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.projectId, projectId), membershipOf(memberId)));
  },

  async delete(db: Executor, orgId: string, projectId: string, memberId: string) {
    await db
      .delete(projectMembers)
      .where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.projectId, projectId), membershipOf(memberId)));
  },

  /**
   * Cloud members and active IAM accounts of the organization not yet in the project, matched on
   * email, name or IAM ID.
   */
  async candidates(
    db: Executor,
    orgId: string,
    projectId: string,
    filters: { keyword: string | undefined; memberType: 'TOAST_CLOUD' | 'IAM' | undefined },
    reach: SearchReach,
    page: number,
    limit: number,
  ) {
    const pattern = filters.keyword ? containsPattern(filters.keyword) : undefined;
    // The keyword matches a masked candidate on nothing (only the caller's own record, never a candidate here).
    const match = (kind: PersonKind, id: SQL, ...columns: SQL[]) =>
      pattern ? sql`(${sql.join(columns.map((column) => sql`${column} ilike ${pattern}`), sql` or `)}) and ${reachable(reach, kind, id)}` : sql`true`;
    const cloud = sql`
      select m.id as member_uuid, 'TOAST_CLOUD' as member_type, null::text as user_code, m.email, m.name
      from ${members} m
      where exists (select 1 from ${orgMembers} om where om.org_id = ${orgId} and om.member_id = m.id)
        and not exists (select 1 from ${projectMembers} pm where pm.org_id = ${orgId} and pm.project_id = ${projectId} and pm.member_id = m.id)
        and ${match('TOAST_CLOUD', sql`m.id`, sql`m.email`, sql`m.name`)}`;
    const iam = sql`
      select i.id as member_uuid, 'IAM' as member_type, i.user_code, i.email, i.name
      from ${iamMembers} i
      where i.org_id = ${orgId} and i.status = 'STABLE'
        and not exists (select 1 from ${projectMembers} pm where pm.org_id = ${orgId} and pm.project_id = ${projectId} and pm.iam_member_id = i.id)
        and ${match('IAM', sql`i.id`, sql`i.email`, sql`i.name`, sql`i.user_code`)}`;
    const union =
      filters.memberType === 'TOAST_CLOUD' ? cloud : filters.memberType === 'IAM' ? iam : sql`${cloud} union all ${iam}`;
    const { rows } = await db.execute<{ member_uuid: string; member_type: 'TOAST_CLOUD' | 'IAM'; user_code: string | null; email: string; name: string }>(
      sql`select c.* from (${union}) c order by c.member_type desc, lower(c.email), c.member_uuid limit ${limit} offset ${(page - 1) * limit}`,
    );
    const { rows: total } = await db.execute<{ total: number }>(sql`select count(*)::int as total from (${union}) c`);
    return {
      rows: rows.map((row) => ({ memberUuid: row.member_uuid, memberType: row.member_type, userCode: row.user_code, email: row.email, name: row.name })),
      totalCount: total[0]?.total ?? 0,
    };
  },
};
