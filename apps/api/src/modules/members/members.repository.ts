import { and, asc, count, desc, eq, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { totalOf } from '../../db/paging.ts';
import { inPlace, runPrepared } from '../../db/prepared.ts';
import { containsPattern } from '../../db/like.ts';
import {
  iamMembers,
  members,
  orgInvitations,
  orgCounts,
  orgMemberKeys,
  orgMembers,
  organizations,
  projectMembers,
  projects,
} from '../../db/schema/index.ts';
import type { MemberRef } from '../../platform/authz.repository.ts';
import { dropInvitedReceivers, promoteInvitedReceivers } from '../notifications/receiver-groups.repository.ts';
import type { OrgMemberSort } from '@console/contracts';

type OrgRoleCode = (typeof orgMembers.$inferInsert)['roleCode'];
export type InvitationRow = typeof orgInvitations.$inferSelect;
type NewInvitation = typeof orgInvitations.$inferInsert;
type NewMember = typeof members.$inferInsert;

const roleCodesAgg = sql<string[]>`array_agg(${orgMembers.roleCode} order by ${orgMembers.roleCode})`;
const joinedAt = sql<Date>`min(${orgMembers.createdAt})`.mapWith(orgMembers.createdAt);

/**
 * Each sort as ORDER BY terms over the kept sort keys (`org_member_keys`, migration 0030), with a
 * unique last key so pages never overlap: the join time then the email, or the lower-cased name or
 * email, then the member's id. Each is one of the table's indexes, walked forwards or backwards.
 */
const ORG_MEMBER_ORDER: Record<OrgMemberSort, SQL[]> = {
  'regDateTime,asc': [asc(orgMemberKeys.joinedAt), asc(orgMemberKeys.email), asc(orgMemberKeys.memberId)],
  'regDateTime,desc': [desc(orgMemberKeys.joinedAt), desc(orgMemberKeys.email), desc(orgMemberKeys.memberId)],
  'name,asc': [sql`lower(${orgMemberKeys.name}) asc`, asc(orgMemberKeys.memberId)],
  'name,desc': [sql`lower(${orgMemberKeys.name}) desc`, desc(orgMemberKeys.memberId)],
  'email,asc': [sql`lower(${orgMemberKeys.email}) asc`, asc(orgMemberKeys.memberId)],
  'email,desc': [sql`lower(${orgMemberKeys.email}) desc`, desc(orgMemberKeys.memberId)],
};

const orgMemberColumns = {
  id: members.id,
  email: members.email,
  name: members.name,
  mobileNumber: members.mobileNumber,
  status: members.status,
  roleCodes: roleCodesAgg,
  joinedAt,
};

/** A page row's columns: the member, its roles read for that row alone, its kept join time. */
const orgMemberPageColumns = {
  id: members.id,
  email: members.email,
  name: members.name,
  mobileNumber: members.mobileNumber,
  status: members.status,
  roleCodes: sql<string[]>`(select ${roleCodesAgg} from ${orgMembers} where ${orgMembers.orgId} = ${orgMemberKeys.orgId} and ${orgMembers.memberId} = ${orgMemberKeys.memberId})`,
  joinedAt: orgMemberKeys.joinedAt,
};

/**
 * An invitation's state as it reads now: WAIT past its expiry is EXPIRE, whether or not the
 * expiry job has marked it yet (spec §9: 30 days).
 */
export const effectiveInvitationStatus = (now: Date) =>
  sql<string>`case when ${orgInvitations.status} = 'WAIT' and ${orgInvitations.expiresAt} <= ${now} then 'EXPIRE' else ${orgInvitations.status} end`;

const invitationColumns = (now: Date) => ({
  invitation: orgInvitations,
  effectiveStatus: effectiveInvitationStatus(now),
  invitedByName: members.name,
});

export const membersRepository = {
  // ---- organization (cloud) members ----

  /**
   * A page of the organization's members and their number, in one statement. The page walks the
   * index of its sort on `org_member_keys` (one row per member, kept by triggers) and reads its 50
   * rows, each joined to its member and its roles; the total is a count of the same keys (an
   * uncorrelated subquery, run once). Before, every member of the organization was joined, grouped
   * and sorted for any page (issue 8, docs/benchmarks-request-path.md "fifth pass").
   */
  async listOrgMembers(
    db: Executor,
    orgId: string,
    filters: { emailLike: string | undefined; nameLike: string | undefined; onlyMemberId?: string | undefined },
    sort: OrgMemberSort,
    page: number,
    limit: number,
  ) {
    // Over org_member_keys alone: the page's WHERE and, inside its own FROM, the count's.
    const params = {
      orgId,
      ...(filters.emailLike ? { emailLike: containsPattern(filters.emailLike) } : {}),
      ...(filters.nameLike ? { nameLike: containsPattern(filters.nameLike) } : {}),
      ...(filters.onlyMemberId ? { onlyMemberId: filters.onlyMemberId } : {}),
    };
    const filtered = filters.emailLike !== undefined || filters.nameLike !== undefined || filters.onlyMemberId !== undefined;
    const whereOf = (param: (key: string) => unknown) =>
      and(
        eq(orgMemberKeys.orgId, param('orgId') as string),
        filters.emailLike ? sql`${orgMemberKeys.email} ilike ${param('emailLike')}` : undefined,
        filters.nameLike ? sql`${orgMemberKeys.name} ilike ${param('nameLike')}` : undefined,
        filters.onlyMemberId ? eq(orgMemberKeys.memberId, param('onlyMemberId') as string) : undefined,
      );
    // Every member of the organization: their number as org_counts keeps it (not 5,000 rows counted).
    const countOf = (param: (key: string) => unknown) =>
      (filtered
        ? sql<number>`(select count(*) from ${orgMemberKeys} where ${whereOf(param)})::int`
        : sql<number>`coalesce((select ${orgCounts.members} from ${orgCounts} where ${orgCounts.orgId} = ${param('orgId')}), 0)`
      ).mapWith(Number);
    const offset = (page - 1) * limit;
    // A named prepared statement per sort and filter shape on the database (the hot path).
    const name = `org_member_keys_${sort.replace(',', '_').toLowerCase()}${filters.emailLike ? '_email' : ''}${filters.nameLike ? '_name' : ''}${filters.onlyMemberId ? '_self' : ''}`;
    const rows = await runPrepared(db, name, { ...params, limit, offset }, (param) =>
      db
        .select({ ...orgMemberPageColumns, totalCount: countOf(param) })
        .from(orgMemberKeys)
        .innerJoin(members, eq(members.id, orgMemberKeys.memberId))
        .where(whereOf(param))
        .orderBy(...ORG_MEMBER_ORDER[sort])
        .limit(param('limit') as number)
        .offset(param('offset') as number),
    );
    const totalCount = await totalOf(rows, offset, async () => {
      const [total] = await db.select({ value: count() }).from(orgMemberKeys).where(whereOf(inPlace(params)));
      return total?.value ?? 0;
    });
    return { rows, totalCount };
  },

  async findOrgMember(db: Executor, orgId: string, memberId: string) {
    const [row] = await runPrepared(db, 'org_member', { orgId, memberId }, (param) =>
      db
        .select(orgMemberColumns)
        .from(orgMembers)
        .innerJoin(members, eq(members.id, orgMembers.memberId))
        .where(and(eq(orgMembers.orgId, param('orgId') as string), eq(orgMembers.memberId, param('memberId') as string)))
        .groupBy(members.id),
    );
    return row;
  },

  /** Which of these emails (lower-case) belong to cloud members of the organization. */
  async orgMemberEmails(db: Executor, orgId: string, emails: readonly string[]) {
    if (emails.length === 0) return new Set<string>();
    const rows = await db
      .select({ email: sql<string>`lower(${members.email})` })
      .from(orgMembers)
      .innerJoin(members, eq(members.id, orgMembers.memberId))
      .where(and(eq(orgMembers.orgId, orgId), inArray(sql`lower(${members.email})`, [...emails])));
    return new Set(rows.map((row) => row.email));
  },

  async isOrgMember(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({ memberId: orgMembers.memberId })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)))
      .limit(1);
    return Boolean(row);
  },

  async setOrgRoles(db: Executor, orgId: string, memberId: string, roleCodes: readonly string[], at: Date) {
    await db.delete(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)));
    await db
      .insert(orgMembers)
      .values(roleCodes.map((roleCode) => ({ orgId, memberId, roleCode: roleCode as OrgRoleCode, createdAt: at })));
  },

  /** Takes a cloud member out of the organization and of every project of it. */
  async removeFromOrg(db: Executor, orgId: string, memberId: string) {
    await db.delete(projectMembers).where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.memberId, memberId)));
    await db.delete(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)));
  },

  async countProjectsOwnedBy(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({ value: count() })
      .from(projects)
      .where(and(eq(projects.orgId, orgId), eq(projects.ownerMemberId, memberId)));
    return row?.value ?? 0;
  },

  /** Projects of the organization where this member is the only ADMIN (spec §5: the sole ADMIN stays). */
  async projectsWhereSoleAdmin(db: Executor, orgId: string, who: MemberRef) {
    const self = who.kind === 'member' ? eq(projectMembers.memberId, who.memberId) : eq(projectMembers.iamMemberId, who.iamMemberId);
    const rows = await db
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(
        and(
          eq(projectMembers.orgId, orgId),
          self,
          sql`'ADMIN' = any(${projectMembers.roleCodes})`,
          sql`not exists (select 1 from ${projectMembers} other where other.org_id = ${orgId} and other.project_id = ${projectMembers.projectId} and other.id <> ${projectMembers.id} and 'ADMIN' = any(other.role_codes))`,
        ),
      );
    return rows.map((row) => row.projectId);
  },

  async lockOrg(db: Executor, orgId: string) {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1).for('update');
    return row;
  },

  async findOrg(db: Executor, orgId: string) {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
    return row;
  },

  // ---- invitations ----

  async listInvitations(
    db: Executor,
    orgId: string,
    filters: { emailLike: string | undefined; statuses: readonly string[] | undefined; onlyEmail?: string | undefined },
    now: Date,
    page: number,
    limit: number,
  ) {
    const where = and(
      eq(orgInvitations.orgId, orgId),
      filters.emailLike ? sql`${orgInvitations.email} ilike ${containsPattern(filters.emailLike)}` : undefined,
      filters.onlyEmail ? sql`lower(${orgInvitations.email}) = lower(${filters.onlyEmail})` : undefined,
      filters.statuses ? inArray(effectiveInvitationStatus(now), [...filters.statuses]) : undefined,
    );
    const rows = await db
      .select(invitationColumns(now))
      .from(orgInvitations)
      .leftJoin(members, eq(members.id, orgInvitations.invitedByMemberId))
      .where(where)
      .orderBy(desc(orgInvitations.createdAt), desc(orgInvitations.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await db.select({ value: count() }).from(orgInvitations).where(where);
    return { rows, totalCount: total?.value ?? 0 };
  },

  async findInvitation(db: Executor, orgId: string, invitationId: string, now: Date) {
    const [row] = await db
      .select(invitationColumns(now))
      .from(orgInvitations)
      .leftJoin(members, eq(members.id, orgInvitations.invitedByMemberId))
      .where(and(eq(orgInvitations.orgId, orgId), eq(orgInvitations.id, invitationId)))
      .limit(1);
    return row;
  },

  async lockInvitation(db: Executor, orgId: string, invitationId: string) {
    const [row] = await db
      .select()
      .from(orgInvitations)
      .where(and(eq(orgInvitations.orgId, orgId), eq(orgInvitations.id, invitationId)))
      .limit(1)
      .for('update');
    return row;
  },

  /**
   * An invitation by the hash of its link's token, with its organization and inviter. The one
   * invitation lookup not filtered by org_id: the token is all the caller has.
   */
  async findInvitationByTokenHash(db: Executor, tokenHash: string, now: Date) {
    const [row] = await db
      .select({ ...invitationColumns(now), invitedByEmail: members.email, orgName: organizations.name })
      .from(orgInvitations)
      .innerJoin(organizations, eq(organizations.id, orgInvitations.orgId))
      .leftJoin(members, eq(members.id, orgInvitations.invitedByMemberId))
      .where(eq(orgInvitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  async lockInvitationByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db.select().from(orgInvitations).where(eq(orgInvitations.tokenHash, tokenHash)).limit(1).for('update');
    return row;
  },

  /** Invitations in progress (WAIT, not past due) for these emails (lower-case), by email. */
  async waitingInvitationEmails(db: Executor, orgId: string, emails: readonly string[], now: Date, exceptId?: string) {
    if (emails.length === 0) return new Set<string>();
    const rows = await db
      .select({ email: sql<string>`lower(${orgInvitations.email})` })
      .from(orgInvitations)
      .where(
        and(
          eq(orgInvitations.orgId, orgId),
          eq(orgInvitations.status, 'WAIT'),
          sql`${orgInvitations.expiresAt} > ${now}`,
          inArray(sql`lower(${orgInvitations.email})`, [...emails]),
          exceptId ? ne(orgInvitations.id, exceptId) : undefined,
        ),
      );
    return new Set(rows.map((row) => row.email));
  },

  /** Marks past-due WAIT invitations EXPIRE: of one organization (and some emails), or of all (the expiry job). */
  async expirePastDue(db: Executor, now: Date, scope?: { orgId: string; emails: readonly string[] }) {
    const rows = await db
      .update(orgInvitations)
      .set({ status: 'EXPIRE' })
      .where(
        and(
          eq(orgInvitations.status, 'WAIT'),
          lte(orgInvitations.expiresAt, now),
          scope ? eq(orgInvitations.orgId, scope.orgId) : undefined,
          scope ? inArray(sql`lower(${orgInvitations.email})`, [...scope.emails]) : undefined,
        ),
      )
      .returning({ id: orgInvitations.id });
    // An expired invitation no longer names anyone in a receiver group (spec §4, invited vs added).
    await dropInvitedReceivers(db, rows.map((row) => row.id));
    return rows.length;
  },

  async insertInvitations(db: Executor, values: NewInvitation[]) {
    return db.insert(orgInvitations).values(values).returning();
  },

  async renewInvitation(
    db: Executor,
    orgId: string,
    invitationId: string,
    values: { tokenHash: string; sentAt: Date; expiresAt: Date; locale: string; invitedByMemberId: string | null },
  ) {
    await db
      .update(orgInvitations)
      .set({ ...values, status: 'WAIT' })
      .where(and(eq(orgInvitations.orgId, orgId), eq(orgInvitations.id, invitationId)));
  },

  async completeInvitation(db: Executor, orgId: string, invitationId: string, memberId: string, at: Date) {
    await db
      .update(orgInvitations)
      .set({ status: 'COMPLETE', acceptedAt: at, acceptedMemberId: memberId })
      .where(and(eq(orgInvitations.orgId, orgId), eq(orgInvitations.id, invitationId)));
    // The receiver groups that named the invitation now name the member (same transaction).
    await promoteInvitedReceivers(db, invitationId, memberId);
  },

  async deleteInvitation(db: Executor, orgId: string, invitationId: string) {
    await db.delete(orgInvitations).where(and(eq(orgInvitations.orgId, orgId), eq(orgInvitations.id, invitationId)));
  },

  // ---- accounts ----

  async findMemberByEmail(db: Executor, email: string) {
    const [row] = await db.select().from(members).where(sql`lower(${members.email}) = lower(${email})`).limit(1);
    return row;
  },

  async insertMember(db: Executor, values: NewMember) {
    const [row] = await db.insert(members).values(values).returning();
    return row!;
  },

  async findMember(db: Executor, memberId: string) {
    const [row] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
    return row;
  },

  /** The viewer's organization roles in each organization the viewer and the member both belong to. */
  async sharedOrgRoles(db: Executor, viewerId: string, memberId: string) {
    const rows = await db
      .select({ orgId: orgMembers.orgId, roleCodes: roleCodesAgg })
      .from(orgMembers)
      .where(
        and(
          eq(orgMembers.memberId, viewerId),
          sql`exists (select 1 from ${orgMembers} target where target.org_id = ${orgMembers.orgId} and target.member_id = ${memberId})`,
        ),
      )
      .groupBy(orgMembers.orgId);
    return rows;
  },

  /** An IAM account by its id alone, to learn its organization; everything after is scoped by it. */
  async findIamAccount(db: Executor, iamMemberId: string) {
    const [row] = await db.select().from(iamMembers).where(eq(iamMembers.id, iamMemberId)).limit(1);
    return row;
  },

  async memberOrgRoles(db: Executor, orgId: string, memberId: string) {
    const rows = await db
      .select({ roleCode: orgMembers.roleCode })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)));
    return rows.map((row) => row.roleCode as string);
  },
};

export type OrgMemberRow = NonNullable<Awaited<ReturnType<typeof membersRepository.findOrgMember>>>;
export type ListedInvitation = NonNullable<Awaited<ReturnType<typeof membersRepository.findInvitation>>>;
