import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { iamMembers, members, orgMembers, orgSupportTeamMembers } from '../../db/schema/index.ts';
import type { PersonKind, SearchReach } from '../../platform/personal-data.ts';

export interface TeamMemberRow {
  memberType: 'TOAST_CLOUD' | 'IAM';
  memberUuid: string;
  name: string;
  email: string;
  userCode: string | null;
}

const cloudColumns = { memberUuid: members.id, name: members.name, email: members.email };
const iamColumns = { memberUuid: iamMembers.id, name: iamMembers.name, email: iamMembers.email, userCode: iamMembers.userCode };
/** Cloud members of the organization: a role row there. */
const inOrg = (orgId: string) =>
  sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${orgId} and ${orgMembers.memberId} = ${members.id})`;
/** IAM accounts of the organization that have not left it. */
const iamOfOrg = (orgId: string) => and(eq(iamMembers.orgId, orgId), ne(iamMembers.status, 'LEAVED'));

export const supportTeamRepository = {
  /** The team in the order it was given. */
  async list(db: Executor, orgId: string): Promise<TeamMemberRow[]> {
    const rows = await db
      .select({
        memberId: orgSupportTeamMembers.memberId,
        iamMemberId: orgSupportTeamMembers.iamMemberId,
        cloudName: members.name,
        cloudEmail: members.email,
        iamName: iamMembers.name,
        iamEmail: iamMembers.email,
        userCode: iamMembers.userCode,
      })
      .from(orgSupportTeamMembers)
      .leftJoin(members, eq(members.id, orgSupportTeamMembers.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, orgSupportTeamMembers.iamMemberId))
      .where(eq(orgSupportTeamMembers.orgId, orgId))
      .orderBy(asc(orgSupportTeamMembers.position));
    return rows.map((row) =>
      row.memberId
        ? { memberType: 'TOAST_CLOUD', memberUuid: row.memberId, name: row.cloudName ?? '', email: row.cloudEmail ?? '', userCode: null }
        : { memberType: 'IAM', memberUuid: row.iamMemberId!, name: row.iamName ?? '', email: row.iamEmail ?? '', userCode: row.userCode },
    );
  },

  /** Which of these ids are cloud members / IAM accounts (not left) of the organization. */
  async existing(db: Executor, orgId: string, cloudIds: string[], iamIds: string[]) {
    const [cloud, iam] = await Promise.all([
      cloudIds.length ? db.select(cloudColumns).from(members).where(and(inOrg(orgId), inArray(members.id, cloudIds))) : [],
      iamIds.length ? db.select(iamColumns).from(iamMembers).where(and(iamOfOrg(orgId), inArray(iamMembers.id, iamIds))) : [],
    ]);
    return { cloud: new Set(cloud.map((row) => row.memberUuid)), iam: new Set(iam.map((row) => row.memberUuid)) };
  },

  async replace(db: Executor, orgId: string, team: { memberType: 'TOAST_CLOUD' | 'IAM'; memberUuid: string }[], at: Date) {
    await db.delete(orgSupportTeamMembers).where(eq(orgSupportTeamMembers.orgId, orgId));
    if (team.length === 0) return;
    await db.insert(orgSupportTeamMembers).values(
      team.map((item, position) => ({
        orgId,
        memberId: item.memberType === 'TOAST_CLOUD' ? item.memberUuid : null,
        iamMemberId: item.memberType === 'IAM' ? item.memberUuid : null,
        position,
        createdAt: at,
      })),
    );
  },

  /** Members of the organization whose name, email (or IAM ID) contains the keyword: cloud members first, by name. */
  async search(db: Executor, orgId: string, keyword: string | undefined, limit: number, reach: SearchReach): Promise<TeamMemberRow[]> {
    const pattern = keyword ? containsPattern(keyword) : undefined;
    // A keyword never matches someone the answer masks (platform/personal-data.ts SearchReach): only the caller then.
    const reachable = (kind: PersonKind, id: SQL | typeof members.id | typeof iamMembers.id) =>
      !pattern || reach.kinds.includes(kind) ? undefined : reach.self.kind === kind ? sql`${id} = ${reach.self.id}` : sql`false`;
    const [cloud, iam] = await Promise.all([
      db
        .select(cloudColumns)
        .from(members)
        .where(
          and(
            inOrg(orgId),
            pattern ? or(ilike(members.name, pattern), ilike(members.email, pattern)) : undefined,
            reachable('TOAST_CLOUD', members.id),
          ),
        )
        .orderBy(asc(members.name), asc(members.id))
        .limit(limit),
      db
        .select(iamColumns)
        .from(iamMembers)
        .where(
          and(
            iamOfOrg(orgId),
            pattern ? or(ilike(iamMembers.name, pattern), ilike(iamMembers.email, pattern), ilike(iamMembers.userCode, pattern)) : undefined,
            reachable('IAM', iamMembers.id),
          ),
        )
        .orderBy(asc(iamMembers.name), asc(iamMembers.id))
        .limit(limit),
    ]);
    return [
      ...cloud.map((row): TeamMemberRow => ({ memberType: 'TOAST_CLOUD', ...row, userCode: null })),
      ...iam.map((row): TeamMemberRow => ({ memberType: 'IAM', ...row })),
    ].slice(0, limit);
  },
};

/** The dashboard's members widget: counts and the newest members. */
export const membersSummaryRepository = {
  async roleCounts(db: Executor, orgId: string) {
    return db
      .select({ roleCode: orgMembers.roleCode, count: sql<number>`count(*)::int` })
      .from(orgMembers)
      .where(eq(orgMembers.orgId, orgId))
      .groupBy(orgMembers.roleCode)
      .orderBy(asc(orgMembers.roleCode));
  },

  async cloudMemberCount(db: Executor, orgId: string) {
    const [row] = await db
      .select({ value: sql<number>`count(distinct ${orgMembers.memberId})::int` })
      .from(orgMembers)
      .where(eq(orgMembers.orgId, orgId));
    return row?.value ?? 0;
  },

  async iamAccountCount(db: Executor, orgId: string) {
    const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(iamMembers).where(iamOfOrg(orgId));
    return row?.value ?? 0;
  },

  /** The newest cloud members (by when they joined) and, when asked, IAM accounts, newest first. */
  async newest(db: Executor, orgId: string, limit: number, withIam: boolean) {
    const joined = sql<Date>`min(${orgMembers.createdAt})`;
    const cloud = await db
      .select({ ...cloudColumns, joinedAt: joined, roles: sql<string[]>`array_agg(${orgMembers.roleCode} order by ${orgMembers.roleCode})` })
      .from(orgMembers)
      .innerJoin(members, eq(members.id, orgMembers.memberId))
      .where(eq(orgMembers.orgId, orgId))
      .groupBy(members.id)
      .orderBy(sql`${joined} desc`, asc(members.id))
      .limit(limit);
    const iam = withIam
      ? await db
          .select({ ...iamColumns, joinedAt: iamMembers.createdAt })
          .from(iamMembers)
          .where(iamOfOrg(orgId))
          .orderBy(sql`${iamMembers.createdAt} desc`, asc(iamMembers.id))
          .limit(limit)
      : [];
    return [
      ...cloud.map((row) => ({ memberType: 'TOAST_CLOUD' as const, memberUuid: row.memberUuid, name: row.name, email: row.email, userCode: null, joinedAt: new Date(row.joinedAt), orgRoleCodes: row.roles })),
      ...iam.map((row) => ({ memberType: 'IAM' as const, memberUuid: row.memberUuid, name: row.name, email: row.email, userCode: row.userCode, joinedAt: row.joinedAt, orgRoleCodes: [] as string[] })),
    ]
      .sort((a, b) => b.joinedAt.getTime() - a.joinedAt.getTime())
      .slice(0, limit);
  },
};
