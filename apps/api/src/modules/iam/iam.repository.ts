import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { IamMemberSort } from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  iamMembers,
  iamPasswordSetupTokens,
  orgDomains,
  orgIdentityProviders,
  organizations,
  projectMembers,
  projects,
  sessions,
} from '../../db/schema/index.ts';

export type IamMemberRow = typeof iamMembers.$inferSelect;
type NewIamMember = typeof iamMembers.$inferInsert;

export interface IamListFilters {
  statuses: readonly string[];
  userCode: string | undefined;
  userCodeLike: string | undefined;
  nameLike: string | undefined;
  emailLike: string | undefined;
  /** Only accounts that are members of this project (x-project-id). */
  projectId: string | undefined;
  /** Only this account (a search limited to the caller's own record: platform/personal-data.ts searchOnly). */
  onlyMemberId?: string | undefined;
  sort: IamMemberSort;
}

/** Each sort as ORDER BY terms, ending in the id so pages never overlap; never-signed-in accounts last. */
const IAM_ORDER: Record<IamMemberSort, SQL[]> = {
  'userCode,asc': [asc(iamMembers.userCode)],
  'userCode,desc': [desc(iamMembers.userCode)],
  'name,asc': [sql`lower(${iamMembers.name}) asc`, asc(iamMembers.id)],
  'name,desc': [sql`lower(${iamMembers.name}) desc`, desc(iamMembers.id)],
  'email,asc': [sql`lower(${iamMembers.email}) asc`, asc(iamMembers.id)],
  'email,desc': [sql`lower(${iamMembers.email}) desc`, desc(iamMembers.id)],
  'regDateTime,asc': [asc(iamMembers.createdAt), asc(iamMembers.id)],
  'regDateTime,desc': [desc(iamMembers.createdAt), desc(iamMembers.id)],
  'lastAccessedDateTime,asc': [sql`${iamMembers.lastLoginAt} asc nulls last`, asc(iamMembers.id)],
  'lastAccessedDateTime,desc': [sql`${iamMembers.lastLoginAt} desc nulls last`, desc(iamMembers.id)],
};

export const iamRepository = {
  async lockOrg(db: Executor, orgId: string) {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1).for('update');
    return row;
  },

  async projectInOrg(db: Executor, orgId: string, projectId: string) {
    const [row] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)))
      .limit(1);
    return Boolean(row);
  },

  async list(db: Executor, orgId: string, filters: IamListFilters, page: number, size: number) {
    const where = and(
      eq(iamMembers.orgId, orgId),
      inArray(iamMembers.status, [...filters.statuses] as IamMemberRow['status'][]),
      filters.userCode ? eq(iamMembers.userCode, filters.userCode) : undefined,
      filters.userCodeLike ? sql`${iamMembers.userCode} ilike ${containsPattern(filters.userCodeLike)}` : undefined,
      filters.nameLike ? sql`${iamMembers.name} ilike ${containsPattern(filters.nameLike)}` : undefined,
      filters.emailLike ? sql`${iamMembers.email} ilike ${containsPattern(filters.emailLike)}` : undefined,
      filters.projectId ? eq(projectMembers.projectId, filters.projectId) : undefined,
      filters.onlyMemberId ? eq(iamMembers.id, filters.onlyMemberId) : undefined,
    );
    const base = () =>
      filters.projectId
        ? db
            .select({ member: iamMembers, projectRoleCodes: projectMembers.roleCodes })
            .from(iamMembers)
            .innerJoin(projectMembers, and(eq(projectMembers.orgId, orgId), eq(projectMembers.iamMemberId, iamMembers.id)))
        : db
            .select({ member: iamMembers, projectRoleCodes: sql<string[] | null>`null` })
            .from(iamMembers);
    const rows = await base()
      .where(where)
      .orderBy(...IAM_ORDER[filters.sort])
      .limit(size)
      .offset(page * size);
    const counted = filters.projectId
      ? db
          .select({ value: count() })
          .from(iamMembers)
          .innerJoin(projectMembers, and(eq(projectMembers.orgId, orgId), eq(projectMembers.iamMemberId, iamMembers.id)))
      : db.select({ value: count() }).from(iamMembers);
    const [total] = await counted.where(where);
    return { rows, totalCount: total?.value ?? 0 };
  },

  async find(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select()
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), eq(iamMembers.id, memberId)))
      .limit(1);
    return row;
  },

  async lock(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select()
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), eq(iamMembers.id, memberId)))
      .limit(1)
      .for('update');
    return row;
  },

  async findByUserCodes(db: Executor, orgId: string, userCodes: readonly string[]) {
    if (userCodes.length === 0) return [];
    return db
      .select()
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), inArray(iamMembers.userCode, [...userCodes])));
  },

  /** Emails (lower-case) of the organization's accounts that have not left, other accounts than `exceptIds`. */
  async emailsInUse(db: Executor, orgId: string, emails: readonly string[], exceptIds: readonly string[] = []) {
    if (emails.length === 0) return new Set<string>();
    const rows = await db
      .select({ email: sql<string>`lower(${iamMembers.email})` })
      .from(iamMembers)
      .where(
        and(
          eq(iamMembers.orgId, orgId),
          sql`${iamMembers.status} <> 'LEAVED'`,
          inArray(sql`lower(${iamMembers.email})`, [...emails]),
          exceptIds.length > 0 ? notInArray(iamMembers.id, [...exceptIds]) : undefined,
        ),
      );
    return new Set(rows.map((row) => row.email));
  },

  async insert(db: Executor, values: NewIamMember) {
    const [row] = await db.insert(iamMembers).values(values).returning();
    return row!;
  },

  async update(db: Executor, orgId: string, memberId: string, values: Partial<NewIamMember>) {
    const [row] = await db
      .update(iamMembers)
      .set(values)
      .where(and(eq(iamMembers.orgId, orgId), eq(iamMembers.id, memberId)))
      .returning();
    return row!;
  },

  async removeFromProjects(db: Executor, orgId: string, memberId: string) {
    await db.delete(projectMembers).where(and(eq(projectMembers.orgId, orgId), eq(projectMembers.iamMemberId, memberId)));
  },

  /** Ends the account's sessions: their next call answers SESSION_EXPIRED (see sessions.revoked_at). */
  async revokeSessions(db: Executor, orgId: string, memberId: string, at: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.orgId, orgId), eq(sessions.iamMemberId, memberId), isNull(sessions.revokedAt)));
  },

  async hasIdentityProvider(db: Executor, orgId: string) {
    const [row] = await db
      .select({ id: orgIdentityProviders.id })
      .from(orgIdentityProviders)
      .where(and(eq(orgIdentityProviders.orgId, orgId), eq(orgIdentityProviders.enabled, true)))
      .limit(1);
    return Boolean(row);
  },

  async identityProviders(db: Executor, orgId: string) {
    return db
      .select()
      .from(orgIdentityProviders)
      .where(eq(orgIdentityProviders.orgId, orgId))
      .orderBy(asc(orgIdentityProviders.createdAt), asc(orgIdentityProviders.id));
  },

  async orgNameOf(db: Executor, orgId: string) {
    const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
    return row?.name;
  },

  async domainOf(db: Executor, orgId: string) {
    const [row] = await db.select({ domainName: orgDomains.domainName }).from(orgDomains).where(eq(orgDomains.orgId, orgId)).limit(1);
    return row?.domainName ?? null;
  },

  // ---- password-setup links ----

  async latestTokenCreatedAt(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({ createdAt: iamPasswordSetupTokens.createdAt })
      .from(iamPasswordSetupTokens)
      .where(and(eq(iamPasswordSetupTokens.orgId, orgId), eq(iamPasswordSetupTokens.iamMemberId, memberId)))
      .orderBy(desc(iamPasswordSetupTokens.createdAt))
      .limit(1);
    return row?.createdAt;
  },

  async deleteTokens(db: Executor, orgId: string, memberId: string) {
    await db
      .delete(iamPasswordSetupTokens)
      .where(and(eq(iamPasswordSetupTokens.orgId, orgId), eq(iamPasswordSetupTokens.iamMemberId, memberId)));
  },

  async insertToken(db: Executor, values: typeof iamPasswordSetupTokens.$inferInsert) {
    await db.insert(iamPasswordSetupTokens).values(values);
  },

  /**
   * A password-setup link by its token's hash, with its account and organization. Not filtered by
   * org_id: the token is all the caller has; everything after it is scoped by the org_id found.
   */
  async findTokenByHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ token: iamPasswordSetupTokens, member: iamMembers, orgName: organizations.name })
      .from(iamPasswordSetupTokens)
      .innerJoin(iamMembers, eq(iamMembers.id, iamPasswordSetupTokens.iamMemberId))
      .innerJoin(organizations, eq(organizations.id, iamPasswordSetupTokens.orgId))
      .where(eq(iamPasswordSetupTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  async lockTokenByHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select()
      .from(iamPasswordSetupTokens)
      .where(eq(iamPasswordSetupTokens.tokenHash, tokenHash))
      .limit(1)
      .for('update');
    return row;
  },

  async markTokenUsed(db: Executor, orgId: string, tokenId: string, at: Date) {
    await db
      .update(iamPasswordSetupTokens)
      .set({ usedAt: at })
      .where(and(eq(iamPasswordSetupTokens.orgId, orgId), eq(iamPasswordSetupTokens.id, tokenId)));
  },
};
