import type { GovernanceType, IpAclSelection, SettingType } from '@console/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { governanceBreakGlass, members, orgGovernanceSettings, orgIpAcls, organizations } from '../../db/schema/index.ts';

export type GovernanceRow = typeof orgGovernanceSettings.$inferSelect;
export type IpAclRow = typeof orgIpAcls.$inferSelect;

/** A recent sign-in of a member of the organization (a session not revoked). */
export interface SignInRow {
  memberType: 'TOAST_CLOUD' | 'IAM';
  memberId: string;
  name: string;
  email: string;
  clientIp: string;
  lastSignInAt: Date;
}

export const governanceRepository = {
  async settings(db: Executor, orgId: string): Promise<GovernanceRow[]> {
    return db.select().from(orgGovernanceSettings).where(eq(orgGovernanceSettings.orgId, orgId));
  },

  /** One setting (prepared: a project's rename asks for UNIQUE_INSTANCE_NAME in its change). */
  async setting(db: Executor, orgId: string, governanceType: GovernanceType): Promise<GovernanceRow | undefined> {
    const [row] = await runPrepared(db, 'governance_setting', { orgId, governanceType }, (param) =>
      db
        .select()
        .from(orgGovernanceSettings)
        .where(and(eq(orgGovernanceSettings.orgId, param('orgId') as string), eq(orgGovernanceSettings.governanceType, param('governanceType') as GovernanceType))),
    );
    return row;
  },

  async upsertSetting(
    db: Executor,
    row: { orgId: string; governanceType: GovernanceType; settingType: SettingType; ips?: readonly string[]; countryCodes?: readonly string[]; updatedAt: Date },
  ): Promise<GovernanceRow> {
    const values = { ...row, ips: [...(row.ips ?? [])], countryCodes: [...(row.countryCodes ?? [])] };
    const set: Partial<typeof values> = { settingType: row.settingType, updatedAt: row.updatedAt };
    if (row.ips !== undefined) set.ips = values.ips;
    if (row.countryCodes !== undefined) set.countryCodes = values.countryCodes;
    const [saved] = await db
      .insert(orgGovernanceSettings)
      .values(values)
      .onConflictDoUpdate({ target: [orgGovernanceSettings.orgId, orgGovernanceSettings.governanceType], set })
      .returning();
    return saved!;
  },

  async ipAcl(db: Executor, orgId: string, productId: string): Promise<IpAclRow | undefined> {
    const [row] = await db.select().from(orgIpAcls).where(and(eq(orgIpAcls.orgId, orgId), eq(orgIpAcls.productId, productId)));
    return row;
  },

  async upsertIpAcl(db: Executor, row: { orgId: string; productId: string; selection: IpAclSelection; ips: readonly string[]; updatedAt: Date }) {
    const [saved] = await db
      .insert(orgIpAcls)
      .values({ ...row, ips: [...row.ips] })
      .onConflictDoUpdate({ target: [orgIpAcls.orgId, orgIpAcls.productId], set: { selection: row.selection, ips: [...row.ips], updatedAt: row.updatedAt } })
      .returning();
    return saved!;
  },

  /** The organization locked for a change of its rules (serializes concurrent saves); answers its name and type. */
  async lockOrg(db: Executor, orgId: string) {
    const [row] = await db
      .select({ name: organizations.name, ipAclTypeCode: organizations.ipAclTypeCode, ownerMemberId: organizations.ownerMemberId })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .for('update');
    return row;
  },

  async orgOf(db: Executor, orgId: string) {
    const [row] = await db
      .select({ name: organizations.name, ipAclTypeCode: organizations.ipAclTypeCode, ownerMemberId: organizations.ownerMemberId })
      .from(organizations)
      .where(eq(organizations.id, orgId));
    return row;
  },

  async setIpAclType(db: Executor, orgId: string, ipAclTypeCode: 'COMMON' | 'INDIVIDUAL', updatedAt: Date) {
    await db.update(organizations).set({ ipAclTypeCode, updatedAt }).where(eq(organizations.id, orgId));
  },

  async productExists(db: Executor, productId: string): Promise<boolean> {
    const { rows } = await db.execute<{ found: boolean }>(sql`select exists(select 1 from products where product_id = ${productId}) as found`);
    return rows[0]?.found === true;
  },

  /**
   * The organization's members' sign-ins since `since` (cloud members of the organization and its
   * IAM accounts), newest per person and address, at most `limit` rows.
   */
  async recentSignIns(db: Executor, orgId: string, since: Date, limit: number): Promise<SignInRow[]> {
    const { rows } = await db.execute<{ member_type: 'TOAST_CLOUD' | 'IAM'; member_id: string; name: string; email: string; client_ip: string; last_sign_in_at: Date | string }>(sql`
      select * from (
        select distinct on (s.member_type, coalesce(s.member_id, s.iam_member_id), s.client_ip)
          s.member_type, coalesce(s.member_id, s.iam_member_id) as member_id,
          coalesce(m.name, im.name) as name, coalesce(m.email, im.email, '') as email,
          s.client_ip, s.created_at as last_sign_in_at
        from sessions s
        left join members m on m.id = s.member_id
        left join iam_members im on im.id = s.iam_member_id
        where s.created_at >= ${since} and s.revoked_at is null
          and ((s.member_id is not null and exists (select 1 from org_members om where om.org_id = ${orgId} and om.member_id = s.member_id))
            or (s.iam_member_id is not null and im.org_id = ${orgId}))
        order by s.member_type, coalesce(s.member_id, s.iam_member_id), s.client_ip, s.created_at desc
      ) latest
      order by last_sign_in_at desc
      limit ${limit}`);
    return rows.map((row) => ({
      memberType: row.member_type,
      memberId: row.member_id,
      name: row.name,
      email: row.email,
      clientIp: row.client_ip,
      lastSignInAt: new Date(row.last_sign_in_at),
    }));
  },

  async memberContact(db: Executor, memberId: string) {
    const [row] = await db.select({ email: members.email, name: members.name }).from(members).where(eq(members.id, memberId));
    return row;
  },

  /** Ends the codes the member has not used yet (a new one replaces them). */
  async expireOpenCodes(db: Executor, orgId: string, memberId: string, now: Date) {
    await db
      .update(governanceBreakGlass)
      .set({ expiresAt: now })
      .where(and(eq(governanceBreakGlass.orgId, orgId), eq(governanceBreakGlass.memberId, memberId), isNull(governanceBreakGlass.usedAt), gt(governanceBreakGlass.expiresAt, now)));
  },

  async insertCode(db: Executor, row: typeof governanceBreakGlass.$inferInsert) {
    await db.insert(governanceBreakGlass).values(row);
  },

  /** The member's newest open code, locked. */
  async openCodeForUpdate(db: Executor, orgId: string, memberId: string, now: Date) {
    const [row] = await db
      .select()
      .from(governanceBreakGlass)
      .where(and(eq(governanceBreakGlass.orgId, orgId), eq(governanceBreakGlass.memberId, memberId), isNull(governanceBreakGlass.usedAt), gt(governanceBreakGlass.expiresAt, now)))
      .orderBy(desc(governanceBreakGlass.requestedAt))
      .limit(1)
      .for('update');
    return row;
  },

  async countAttempt(db: Executor, id: string) {
    await db.update(governanceBreakGlass).set({ attempts: sql`${governanceBreakGlass.attempts} + 1` }).where(eq(governanceBreakGlass.id, id));
  },

  async markUsed(db: Executor, id: string, usedAt: Date, usedIp: string, disabled: readonly string[]) {
    await db.update(governanceBreakGlass).set({ usedAt, usedIp, disabled: [...disabled] }).where(eq(governanceBreakGlass.id, id));
  },

  async breakGlassEvents(db: Executor, orgId: string) {
    return db
      .select({
        eventId: governanceBreakGlass.id,
        requesterName: members.name,
        requestedAt: governanceBreakGlass.requestedAt,
        requestedIp: governanceBreakGlass.requestedIp,
        usedAt: governanceBreakGlass.usedAt,
        usedIp: governanceBreakGlass.usedIp,
        disabled: governanceBreakGlass.disabled,
      })
      .from(governanceBreakGlass)
      .innerJoin(members, eq(members.id, governanceBreakGlass.memberId))
      .where(eq(governanceBreakGlass.orgId, orgId))
      .orderBy(desc(governanceBreakGlass.requestedAt))
      .limit(50);
  },
};
