import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { insertRecords } from '../../db/unit-of-work.ts';
import { containsPattern } from '../../db/like.ts';
import {
  accessTokens,
  auditEvents,
  authRenewPeriods,
  iamMembers,
  members,
  iamSecuritySettings,
  orgDomains,
  orgGovernanceSettings,
  orgIpAcls,
  orgMembers,
  orgRegions,
  organizations,
  projects,
  signInChallenges,
  userAccessKeys,
} from '../../db/schema/index.ts';

export type NewAuditEvent = typeof auditEvents.$inferInsert;
export type AuditRow = typeof auditEvents.$inferSelect;

function filterOf(orgId: string, filter: AuditFilter): SQL {
  const conditions: SQL[] = [eq(auditEvents.orgId, orgId)];
  if (filter.actor) conditions.push(ilike(auditEvents.actorLogin, containsPattern(filter.actor)));
  if (filter.action) conditions.push(ilike(auditEvents.action, containsPattern(filter.action)));
  if (filter.category) conditions.push(eq(auditEvents.category, filter.category));
  if (filter.result) conditions.push(eq(auditEvents.result, filter.result));
  if (filter.from) conditions.push(gte(auditEvents.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(auditEvents.createdAt, new Date(filter.to)));
  return and(...conditions)!;
}

export const auditRepository = {
  async insert(db: Executor, rows: NewAuditEvent[]) {
    await insertRecords(db, auditEvents, rows);
  },

  async page(db: Executor, orgId: string, filter: AuditFilter, page: number, limit: number) {
    const where = filterOf(orgId, filter);
    const rows = await db
      .select({ event: auditEvents, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq))
      .limit(limit)
      .offset((page - 1) * limit);
    let total = rows[0]?.total;
    if (total === undefined) {
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditEvents).where(where);
      total = row?.n ?? 0;
    }
    return { events: rows.map((row) => row.event), total };
  },

  /** One batch of the export, newest first, after the keyset cursor (createdAt, seq) when given. */
  async batch(db: Executor, orgId: string, filter: AuditFilter, after: { createdAt: Date; seq: number } | undefined, limit: number) {
    const where = after
      ? and(filterOf(orgId, filter), or(lt(auditEvents.createdAt, after.createdAt), and(eq(auditEvents.createdAt, after.createdAt), lt(auditEvents.seq, after.seq))))
      : filterOf(orgId, filter);
    return db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt), desc(auditEvents.seq)).limit(limit);
  },

  /** Deletes rows older than `before`, a batch at a time; answers how many. */
  async deleteOlderThan(db: Executor, before: Date, batch = 5_000) {
    let deleted = 0;
    for (;;) {
      const result = await db.execute(
        sql`delete from ${auditEvents} where id in (select id from ${auditEvents} where ${auditEvents.createdAt} < ${before} limit ${batch})`,
      );
      const count = result.rowCount ?? 0;
      deleted += count;
      if (count < batch) return deleted;
    }
  },

  // ---- who and where, for the recorder ----

  async orgsOfMember(db: Executor, memberId: string): Promise<string[]> {
    const rows = await db.select({ orgId: orgMembers.orgId }).from(orgMembers).where(eq(orgMembers.memberId, memberId));
    return rows.map((row) => row.orgId);
  },

  /** The account belongs to the organization (a cloud member by membership, an IAM account by its own). */
  async isOrgMember(db: Executor, orgId: string, memberType: 'TOAST_CLOUD' | 'IAM', id: string): Promise<boolean> {
    const [row] =
      memberType === 'IAM'
        ? await db.select({ id: iamMembers.id }).from(iamMembers).where(and(eq(iamMembers.id, id), eq(iamMembers.orgId, orgId))).limit(1)
        : await db.select({ id: orgMembers.memberId }).from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, id))).limit(1);
    return row !== undefined;
  },

  async memberByEmail(db: Executor, email: string) {
    const [row] = await db.select({ id: members.id }).from(members).where(eq(sql`lower(${members.email})`, email.toLowerCase())).limit(1);
    return row;
  },

  async iamByDomain(db: Executor, domain: string, userCode: string) {
    const [org] = await db.select({ orgId: orgDomains.orgId }).from(orgDomains).where(eq(sql`lower(${orgDomains.domainName})`, domain.toLowerCase())).limit(1);
    if (!org) return undefined;
    const [iam] = await db
      .select({ id: iamMembers.id })
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, org.orgId), eq(iamMembers.userCode, userCode)))
      .limit(1);
    return { orgId: org.orgId, iamMemberId: iam?.id ?? null };
  },

  /** The IAM account a sign-in challenge (second step, password change) is of, by the token's hash. */
  async challengeHolder(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ iamMemberId: signInChallenges.iamMemberId, orgId: signInChallenges.orgId, userCode: iamMembers.userCode })
      .from(signInChallenges)
      .innerJoin(iamMembers, eq(iamMembers.id, signInChallenges.iamMemberId))
      .where(eq(signInChallenges.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  async orgOfProject(db: Executor, projectId: string) {
    const [row] = await db.select({ orgId: projects.orgId }).from(projects).where(eq(projects.id, projectId)).limit(1);
    return row?.orgId;
  },

  async orgExists(db: Executor, orgId: string) {
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
    return row !== undefined;
  },

  /** The holder of a token (a refused bearer call), by the token's hash. */
  async tokenHolder(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ tokenId: accessTokens.id, memberType: userAccessKeys.memberType, memberId: userAccessKeys.memberId, iamMemberId: userAccessKeys.iamMemberId, keyId: userAccessKeys.keyId })
      .from(accessTokens)
      .innerJoin(userAccessKeys, eq(userAccessKeys.id, accessTokens.accessKeyId))
      .where(eq(accessTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  async keyHolder(db: Executor, keyId: string) {
    const [row] = await db
      .select({ memberType: userAccessKeys.memberType, memberId: userAccessKeys.memberId, iamMemberId: userAccessKeys.iamMemberId })
      .from(userAccessKeys)
      .where(eq(userAccessKeys.keyId, keyId))
      .limit(1);
    return row;
  },

  async loginOf(db: Executor, memberType: 'TOAST_CLOUD' | 'IAM', id: string) {
    if (memberType === 'IAM') {
      const [row] = await db.select({ login: iamMembers.userCode, orgId: iamMembers.orgId }).from(iamMembers).where(eq(iamMembers.id, id)).limit(1);
      return row;
    }
    const [row] = await db.select({ login: members.email }).from(members).where(eq(members.id, id)).limit(1);
    return row ? { login: row.login, orgId: null } : undefined;
  },

  // ---- settings snapshots (before and after) ----

  async orgSettings(db: Executor, orgId: string) {
    const [org] = await db.select({ orgName: organizations.name, timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, orgId)).limit(1);
    if (!org) return null;
    const regionRows = await db.select({ code: orgRegions.regionCode }).from(orgRegions).where(eq(orgRegions.orgId, orgId)).orderBy(asc(orgRegions.regionCode));
    return { ...org, regionCodeList: regionRows.map((row) => row.code) };
  },

  async orgMemberRoles(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({ orgRoleCode: orgMembers.roleCode })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)))
      .limit(1);
    return row ?? null;
  },

  async renewPeriods(db: Executor, orgId: string) {
    const [row] = await db
      .select({ userAccessKey: authRenewPeriods.userAccessKey, iaasApiPassword: authRenewPeriods.iaasApiPassword, s3Credential: authRenewPeriods.s3Credential })
      .from(authRenewPeriods)
      .where(eq(authRenewPeriods.orgId, orgId))
      .limit(1);
    return row ?? null;
  },

  /** A project's name and description before and after a change of them (prepared: every project update reads it). */
  async projectSettings(db: Executor, projectId: string) {
    const [row] = await runPrepared(db, 'audit_project_settings', { projectId }, (param) =>
      db
        .select({ projectName: projects.name, description: projects.description })
        .from(projects)
        .where(eq(projects.id, param('projectId') as string))
        .limit(1),
    );
    return row ?? null;
  },

  async accessKeySettings(db: Executor, keyId: string) {
    const [row] = await db
      .select({ status: userAccessKeys.status, tokenExpirySeconds: userAccessKeys.tokenExpirySeconds, secretHash: userAccessKeys.secretHash, reissuedAt: userAccessKeys.reissuedAt })
      .from(userAccessKeys)
      .where(eq(userAccessKeys.keyId, keyId))
      .limit(1);
    return row ?? null;
  },

  /** Whether an IAM account has an authenticator set up (never its secret). */
  async totpState(db: Executor, iamMemberId: string) {
    const { rows } = await db.execute<{ enrolled: boolean; enrolled_at: string | null }>(
      sql`select (totp_secret is not null) as enrolled, totp_enrolled_at as enrolled_at from iam_member_credentials where iam_member_id = ${iamMemberId}`,
    );
    const row = rows[0];
    return { totpEnrolled: row?.enrolled ?? false, totpEnrolledAt: row?.enrolled ? (row.enrolled_at === null ? null : new Date(row.enrolled_at).toISOString()) : null };
  },

  /**
   * Every governance rule of the organization (spec §3): each governance setting with its IPs and
   * countries, and each IP ACL (the console's, key '', and each product's). A type or list without
   * a row is its default (UNUSE, NO_SETTING) and is left out.
   */
  async governanceRules(db: Executor, orgId: string) {
    const [settings, ipAcls] = await Promise.all([
      db
        .select({ governanceType: orgGovernanceSettings.governanceType, settingType: orgGovernanceSettings.settingType, ips: orgGovernanceSettings.ips, countryCodes: orgGovernanceSettings.countryCodes })
        .from(orgGovernanceSettings)
        .where(eq(orgGovernanceSettings.orgId, orgId))
        .orderBy(asc(orgGovernanceSettings.governanceType)),
      db
        .select({ productId: orgIpAcls.productId, selection: orgIpAcls.selection, ips: orgIpAcls.ips })
        .from(orgIpAcls)
        .where(eq(orgIpAcls.orgId, orgId))
        .orderBy(asc(orgIpAcls.productId)),
    ]);
    return {
      governances: Object.fromEntries(settings.map(({ governanceType, ...rest }) => [governanceType, rest])),
      ipAcls: Object.fromEntries(ipAcls.map(({ productId, ...rest }) => [productId === '' ? 'CONSOLE' : productId, rest])),
    };
  },

  /** The sign-in security of the organization's IAM accounts (null: the spec's defaults, nothing saved yet). */
  async iamSecurity(db: Executor, orgId: string) {
    const [row] = await db
      .select({
        loginFailEnabled: iamSecuritySettings.loginFailEnabled,
        loginFailCount: iamSecuritySettings.loginFailCount,
        loginFailBlockMinutes: iamSecuritySettings.loginFailBlockMinutes,
        mfaType: iamSecuritySettings.mfaType,
        mfaBypassEnabled: iamSecuritySettings.mfaBypassEnabled,
        mfaBypassIps: iamSecuritySettings.mfaBypassIps,
        multiSessionsLimit: iamSecuritySettings.multiSessionsLimit,
        sessionTimeoutMinutes: iamSecuritySettings.sessionTimeoutMinutes,
        passwordPolicy: iamSecuritySettings.passwordPolicy,
      })
      .from(iamSecuritySettings)
      .where(eq(iamSecuritySettings.orgId, orgId))
      .limit(1);
    return row ?? null;
  },

  /** The organization's network rules (what break-glass lifts): the console's IP ACL and the country rule. */
  async networkRules(db: Executor, orgId: string) {
    const [ipAcl] = await db.select({ selection: orgIpAcls.selection, ips: orgIpAcls.ips }).from(orgIpAcls).where(and(eq(orgIpAcls.orgId, orgId), eq(orgIpAcls.productId, ''))).limit(1);
    const [country] = await db
      .select({ settingType: orgGovernanceSettings.settingType, countryCodes: orgGovernanceSettings.countryCodes })
      .from(orgGovernanceSettings)
      .where(and(eq(orgGovernanceSettings.orgId, orgId), eq(orgGovernanceSettings.governanceType, 'FOREIGN_ACCESS_BLOCK')))
      .limit(1);
    return {
      ipAcl: { ipAclSelection: ipAcl?.selection ?? 'NO_SETTING', ips: ipAcl?.ips ?? [] },
      countryRule: { settingType: country?.settingType ?? 'UNUSE', countryCodeList: country?.countryCodes ?? [] },
    };
  },
};
