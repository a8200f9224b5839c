import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accessTokens, iamMembers, members, userAccessKeys } from '../../db/schema/index.ts';

/** Queries of user access keys and their tokens; always scoped by the holder's account. */
export interface Holder {
  memberType: 'TOAST_CLOUD' | 'IAM';
  uuid: string;
}

export type KeyRow = typeof userAccessKeys.$inferSelect;
export type TokenRow = typeof accessTokens.$inferSelect;

const ownedBy = (holder: Holder) =>
  holder.memberType === 'IAM' ? eq(userAccessKeys.iamMemberId, holder.uuid) : eq(userAccessKeys.memberId, holder.uuid);

const activeTokens = (now: Date) =>
  sql<number>`(select count(*) from ${accessTokens} where ${accessTokens.accessKeyId} = ${userAccessKeys.id} and ${accessTokens.revokedAt} is null and ${accessTokens.expiresAt} > ${now})`.mapWith(Number);

export const accessKeysRepository = {
  async listKeys(db: Executor, holder: Holder, now: Date) {
    return db
      .select({ key: userAccessKeys, activeTokenCount: activeTokens(now) })
      .from(userAccessKeys)
      .where(ownedBy(holder))
      .orderBy(userAccessKeys.createdAt, userAccessKeys.keyId);
  },

  async findKey(db: Executor, holder: Holder, keyId: string, now: Date) {
    const [row] = await db
      .select({ key: userAccessKeys, activeTokenCount: activeTokens(now) })
      .from(userAccessKeys)
      .where(and(ownedBy(holder), eq(userAccessKeys.keyId, keyId)))
      .limit(1);
    return row;
  },

  /** A key by its public id, with whether its account may still use it (token issuance). */
  async keyForIssue(db: Executor, keyId: string) {
    const [row] = await db
      .select({ key: userAccessKeys, memberStatus: members.status, memberRestrictions: members.restrictTypes, iamStatus: iamMembers.status })
      .from(userAccessKeys)
      .leftJoin(members, eq(members.id, userAccessKeys.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, userAccessKeys.iamMemberId))
      .where(eq(userAccessKeys.keyId, keyId))
      .limit(1);
    return row;
  },

  /** Locks the holder's account row: creating keys one at a time keeps the limit of 5 exact. */
  async lockHolder(tx: Executor, holder: Holder) {
    if (holder.memberType === 'IAM') await tx.select({ id: iamMembers.id }).from(iamMembers).where(eq(iamMembers.id, holder.uuid)).for('update');
    else await tx.select({ id: members.id }).from(members).where(eq(members.id, holder.uuid)).for('update');
  },

  async countKeys(tx: Executor, holder: Holder) {
    const [row] = await tx.select({ n: count() }).from(userAccessKeys).where(ownedBy(holder));
    return row?.n ?? 0;
  },

  async insertKey(tx: Executor, values: typeof userAccessKeys.$inferInsert) {
    const [row] = await tx.insert(userAccessKeys).values(values).returning();
    return row!;
  },

  async updateKey(tx: Executor, id: string, values: Partial<typeof userAccessKeys.$inferInsert>) {
    const [row] = await tx.update(userAccessKeys).set(values).where(eq(userAccessKeys.id, id)).returning();
    return row!;
  },

  async deleteKey(tx: Executor, id: string) {
    await tx.delete(userAccessKeys).where(eq(userAccessKeys.id, id));
  },

  /** Expires every token of a key that is still usable; answers how many. */
  async revokeTokensOf(tx: Executor, accessKeyId: string, now: Date) {
    const rows = await tx
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.accessKeyId, accessKeyId), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now)))
      .returning({ id: accessTokens.id });
    return rows.length;
  },

  async listTokens(db: Executor, accessKeyId: string, page: number, limit: number) {
    const rows = await db
      .select({ token: accessTokens, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(accessTokens)
      .where(eq(accessTokens.accessKeyId, accessKeyId))
      .orderBy(desc(accessTokens.issuedAt), desc(accessTokens.id))
      .limit(limit)
      .offset((page - 1) * limit);
    let total = rows[0]?.total;
    if (total === undefined) {
      const [row] = await db.select({ n: count() }).from(accessTokens).where(eq(accessTokens.accessKeyId, accessKeyId));
      total = row?.n ?? 0;
    }
    return { tokens: rows.map((row) => row.token), total };
  },

  async findToken(db: Executor, accessKeyId: string, tokenId: string) {
    const [row] = await db
      .select()
      .from(accessTokens)
      .where(and(eq(accessTokens.accessKeyId, accessKeyId), eq(accessTokens.id, tokenId)))
      .limit(1);
    return row;
  },

  async revokeToken(tx: Executor, tokenId: string, now: Date) {
    const [row] = await tx
      .update(accessTokens)
      .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, ${now})` })
      .where(eq(accessTokens.id, tokenId))
      .returning();
    return row!;
  },

  async insertToken(tx: Executor, values: typeof accessTokens.$inferInsert) {
    const [row] = await tx.insert(accessTokens).values(values).returning();
    return row!;
  },
};
