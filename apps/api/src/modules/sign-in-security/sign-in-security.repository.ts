import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  iamLoginFailures,
  iamMemberCredentials,
  iamMembers,
  iamPasswordHistory,
  iamSecuritySettings,
  sessions,
  signInChallenges,
} from '../../db/schema/index.ts';

export type SecuritySettingsRow = typeof iamSecuritySettings.$inferSelect;
export type ChallengeRow = typeof signInChallenges.$inferSelect;

/** Who a session belongs to. */
export type SessionOwner = { memberType: 'TOAST_CLOUD'; memberId: string } | { memberType: 'IAM'; iamMemberId: string };

const ownerIs = (owner: SessionOwner) =>
  owner.memberType === 'IAM' ? eq(sessions.iamMemberId, owner.iamMemberId) : eq(sessions.memberId, owner.memberId);

/** Not revoked, not past its lifetime, not idle longer than its timeout. */
const activeAt = (now: Date) =>
  and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    sql`${sessions.lastSeenAt} + ${sessions.idleTimeoutMinutes} * interval '1 minute' > ${now.toISOString()}::timestamptz`,
  );

export const signInSecurityRepository = {
  // ---- settings ----
  async settings(db: Executor, orgId: string): Promise<SecuritySettingsRow | undefined> {
    const [row] = await db.select().from(iamSecuritySettings).where(eq(iamSecuritySettings.orgId, orgId)).limit(1);
    return row;
  },

  async saveSettings(db: Executor, orgId: string, patch: Partial<Omit<SecuritySettingsRow, 'orgId'>>, now: Date) {
    const [row] = await db
      .insert(iamSecuritySettings)
      .values({ orgId, ...patch, updatedAt: now })
      .onConflictDoUpdate({ target: iamSecuritySettings.orgId, set: { ...patch, updatedAt: now } })
      .returning();
    return row!;
  },

  // ---- login failures (one counter for passwords and second-step codes) ----
  async lockedUntil(db: Executor, iamMemberId: string): Promise<Date | null> {
    const [row] = await db.select({ lockedUntil: iamLoginFailures.lockedUntil }).from(iamLoginFailures).where(eq(iamLoginFailures.iamMemberId, iamMemberId));
    return row?.lockedUntil ?? null;
  },

  /**
   * Counts one failure in a single upsert (the row lock of ON CONFLICT serializes parallel
   * attempts): while locked nothing changes; a lock that has ended starts the count afresh; the
   * failure that reaches `limit` locks until now + blockMinutes.
   */
  async recordFailure(db: Executor, iamMemberId: string, limit: number, blockMinutes: number, now: Date) {
    const at = now.toISOString();
    const lockUntil = new Date(now.getTime() + blockMinutes * 60_000).toISOString();
    const result = await db.execute<{ failure_count: number; locked_until: string | null }>(sql`
      insert into iam_login_failures as f (iam_member_id, failure_count, locked_until, last_failed_at)
      values (${iamMemberId}, 1, case when ${limit}::int <= 1 then ${lockUntil}::timestamptz end, ${at}::timestamptz)
      on conflict (iam_member_id) do update set
        failure_count = case
          when f.locked_until > ${at}::timestamptz then f.failure_count
          when f.locked_until is not null then 1
          else f.failure_count + 1 end,
        locked_until = case
          when f.locked_until > ${at}::timestamptz then f.locked_until
          when f.locked_until is not null then case when ${limit}::int <= 1 then ${lockUntil}::timestamptz end
          when f.failure_count + 1 >= ${limit}::int then ${lockUntil}::timestamptz
          else null end,
        last_failed_at = ${at}::timestamptz
      returning failure_count, locked_until`);
    const row = result.rows[0]!;
    return { failureCount: Number(row.failure_count), lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
  },

  async clearFailures(db: Executor, iamMemberId: string) {
    await db.delete(iamLoginFailures).where(eq(iamLoginFailures.iamMemberId, iamMemberId));
  },

  // ---- credentials ----
  async credentials(db: Executor, iamMemberId: string) {
    const [row] = await db.select().from(iamMemberCredentials).where(eq(iamMemberCredentials.iamMemberId, iamMemberId));
    return row;
  },

  async saveCredentials(db: Executor, iamMemberId: string, patch: Partial<Omit<typeof iamMemberCredentials.$inferInsert, 'iamMemberId'>>) {
    await db
      .insert(iamMemberCredentials)
      .values({ iamMemberId, ...patch })
      .onConflictDoUpdate({ target: iamMemberCredentials.iamMemberId, set: patch });
  },

  /** Takes a TOTP step for the account if it is later than the last one taken: a code is good once, even in parallel. */
  async takeTotpStep(db: Executor, iamMemberId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(iamMemberCredentials)
      .set({ totpLastStep: step })
      .where(and(eq(iamMemberCredentials.iamMemberId, iamMemberId), sql`${iamMemberCredentials.totpLastStep} < ${step}`))
      .returning({ id: iamMemberCredentials.iamMemberId });
    return rows.length === 1;
  },

  // ---- passwords ----
  async account(db: Executor, iamMemberId: string) {
    const [row] = await db.select().from(iamMembers).where(eq(iamMembers.id, iamMemberId));
    return row;
  },

  /** The account's earlier password hashes, newest first. */
  async previousHashes(db: Executor, iamMemberId: string, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const rows = await db
      .select({ hash: iamPasswordHistory.passwordHash })
      .from(iamPasswordHistory)
      .where(eq(iamPasswordHistory.iamMemberId, iamMemberId))
      .orderBy(desc(iamPasswordHistory.createdAt), desc(iamPasswordHistory.id))
      .limit(limit);
    return rows.map((row) => row.hash);
  },

  /** Sets a new password hash, keeps the old one in the history (the newest `keep`), records when. */
  async setPassword(db: Executor, iamMemberId: string, oldHash: string | null, newHash: string, now: Date, keep: number) {
    await db.update(iamMembers).set({ passwordHash: newHash, updatedAt: now }).where(eq(iamMembers.id, iamMemberId));
    if (oldHash) await db.insert(iamPasswordHistory).values({ iamMemberId, passwordHash: oldHash, createdAt: now });
    await db.execute(sql`
      delete from iam_password_history where iam_member_id = ${iamMemberId} and id not in (
        select id from iam_password_history where iam_member_id = ${iamMemberId} order by created_at desc, id desc limit ${keep})`);
    await this.saveCredentials(db, iamMemberId, { passwordChangedAt: now });
  },

  // ---- sign-in challenges ----
  async insertChallenge(db: Executor, row: typeof signInChallenges.$inferInsert) {
    const [inserted] = await db.insert(signInChallenges).values(row).returning();
    return inserted!;
  },

  async challenge(db: Executor, tokenHash: string): Promise<ChallengeRow | undefined> {
    const [row] = await db.select().from(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
    return row;
  },

  /** Uses the mailed code if it is this one and has not expired. */
  async takeEmailCode(db: Executor, id: string, hash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(signInChallenges)
      .set({ emailCodeHash: null, emailCodeExpiresAt: null })
      .where(and(eq(signInChallenges.id, id), eq(signInChallenges.emailCodeHash, hash), gt(signInChallenges.emailCodeExpiresAt, now)))
      .returning({ id: signInChallenges.id });
    return rows.length === 1;
  },

  async updateChallenge(db: Executor, id: string, patch: Partial<typeof signInChallenges.$inferInsert>) {
    await db.update(signInChallenges).set(patch).where(eq(signInChallenges.id, id));
  },

  async deleteChallenge(db: Executor, id: string) {
    await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
  },

  /** Challenges of an account left from earlier sign-ins, and any past their time. */
  async deleteStaleChallenges(db: Executor, iamMemberId: string, now: Date) {
    await db.execute(sql`delete from sign_in_challenges where iam_member_id = ${iamMemberId} or expires_at <= ${now.toISOString()}::timestamptz`);
  },

  // ---- sessions ----
  async activeSessions(db: Executor, owner: SessionOwner, now: Date, page: number, size: number) {
    const where = and(ownerIs(owner), activeAt(now));
    const [rows, [total]] = await Promise.all([
      db.select().from(sessions).where(where).orderBy(desc(sessions.lastSeenAt), desc(sessions.id)).limit(size).offset(page * size),
      db.select({ value: count() }).from(sessions).where(where),
    ]);
    return { rows, totalCount: total?.value ?? 0 };
  },

  async deleteOwnSession(db: Executor, owner: SessionOwner, sessionId: string): Promise<boolean> {
    const rows = await db.delete(sessions).where(and(ownerIs(owner), eq(sessions.id, sessionId))).returning({ id: sessions.id });
    return rows.length === 1;
  },

  /** Ends an IAM account's sessions (but `except`): their next call answers SESSION_EXPIRED. */
  async revokeIamSessions(db: Executor, orgId: string, iamMemberId: string, now: Date, except?: string): Promise<number> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.orgId, orgId),
          eq(sessions.iamMemberId, iamMemberId),
          isNull(sessions.revokedAt),
          except ? sql`${sessions.id} <> ${except}` : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.length;
  },

  /** Keeps an account's newest `limit` active sessions and ends the others. */
  async enforceSessionLimit(db: Executor, iamMemberId: string, limit: number, now: Date) {
    const at = now.toISOString();
    await db.execute(sql`
      update sessions set revoked_at = ${at}::timestamptz where id in (
        select id from sessions
        where iam_member_id = ${iamMemberId} and revoked_at is null and expires_at > ${at}::timestamptz
          and last_seen_at + idle_timeout_minutes * interval '1 minute' > ${at}::timestamptz
        order by created_at desc, id desc offset ${limit})`);
  },

  /** Open IAM sessions of the organization take a new idle timeout. */
  async setOrgSessionTimeout(db: Executor, orgId: string, minutes: number) {
    await db
      .update(sessions)
      .set({ idleTimeoutMinutes: minutes })
      .where(and(eq(sessions.orgId, orgId), eq(sessions.memberType, 'IAM'), isNull(sessions.revokedAt)));
  },

  async iamMemberInOrg(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({ id: iamMembers.id })
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), eq(iamMembers.id, memberId)));
    return row;
  },

  // ---- lockout-safe editor ----

  /**
   * The open IAM sessions of an organization a session rule would end at once: idle past the new
   * timeout, or beyond the new limit of their account (the oldest first, as at sign-in).
   */
  async sessionsEndingUnder(db: Executor, orgId: string, limit: number, timeoutMinutes: number, now: Date) {
    const at = now.toISOString();
    const { rows } = await db.execute<{ id: string; iam_member_id: string }>(sql`
      select id, iam_member_id from (
        select id, iam_member_id, last_seen_at,
          row_number() over (partition by iam_member_id order by created_at desc, id desc) as rank
        from sessions
        where org_id = ${orgId} and member_type = 'IAM' and revoked_at is null and expires_at > ${at}::timestamptz
          and last_seen_at + idle_timeout_minutes * interval '1 minute' > ${at}::timestamptz
      ) open
      where rank > ${limit} or last_seen_at + ${timeoutMinutes} * interval '1 minute' <= ${at}::timestamptz`);
    return rows.map((row) => ({ sessionId: row.id, iamMemberId: row.iam_member_id }));
  },

  async revokeSessions(db: Executor, sessionIds: readonly string[], now: Date) {
    if (sessionIds.length === 0) return;
    await db.execute(sql`update sessions set revoked_at = ${now.toISOString()}::timestamptz where id in (${sql.join(sessionIds.map((id) => sql`${id}::uuid`), sql`, `)}) and revoked_at is null`);
  },

  /** The organization's active IAM accounts with whether an authenticator is set up and the address of their latest sign-in. */
  async iamAccountsForMfa(db: Executor, orgId: string) {
    const { rows } = await db.execute<{ id: string; user_code: string; name: string; email: string; totp: boolean; last_ip: string | null }>(sql`
      select m.id, m.user_code, m.name, m.email, (c.totp_secret is not null) as totp,
        (select s.client_ip from sessions s where s.iam_member_id = m.id order by s.created_at desc limit 1) as last_ip
      from iam_members m left join iam_member_credentials c on c.iam_member_id = m.id
      where m.org_id = ${orgId} and m.status = 'STABLE'
      order by m.user_code`);
    return rows;
  },

  async iamAccountsByIds(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db.select({ id: iamMembers.id, userCode: iamMembers.userCode, name: iamMembers.name, email: iamMembers.email }).from(iamMembers).where(sql`${iamMembers.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  },

  async orgName(db: Executor, orgId: string) {
    const { rows } = await db.execute<{ name: string }>(sql`select name from organizations where id = ${orgId}`);
    return rows[0]?.name ?? '';
  },
};
