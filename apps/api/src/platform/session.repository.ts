import { isDatabase } from '../db/prepared.ts';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { authzEpoch, iamMembers, members, sessions } from '../db/schema/index.ts';

/**
 * Session queries. Every signed-in call reads its session here (the request hook in session.ts);
 * sign-in and sign-out in modules/auth write through the same functions.
 */
export type NewSession = typeof sessions.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * The account behind a session or a bearer token, as the Caller is built from it (context.ts): one
 * selection for both, so a field the caller gains reaches both paths.
 */
export const callerMemberColumns = {
    email: members.email,
    name: members.name,
    mobileNumber: members.mobileNumber,
    country: members.country,
    bizMember: members.bizMember,
    partnerOwner: members.partnerOwner,
    accountType: members.accountType,
    restrictTypes: members.restrictTypes,
    status: members.status,
};
export const callerIamColumns = {
    userCode: iamMembers.userCode,
    email: iamMembers.email,
    name: iamMembers.name,
    mobileNumber: iamMembers.mobileNumber,
    country: iamMembers.country,
    status: iamMembers.status,
};
/** The authorization epoch, read in the same snapshot: what the permission check's cache is valid for. */
export const authzEpochColumn = () => sql<number>`(select ${authzEpoch.epoch} from ${authzEpoch} where ${authzEpoch.id} = 1)`.mapWith(Number);

function sessionByTokenHashQuery(db: Executor, tokenHash: unknown) {
  return db
    .select({
      session: sessions,
      member: callerMemberColumns,
      iam: callerIamColumns,
      authzEpoch: authzEpochColumn(),
    })
    .from(sessions)
    .leftJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(iamMembers, eq(iamMembers.id, sessions.iamMemberId))
    .where(eq(sessions.tokenHash, tokenHash as string))
    .limit(1);
}

function prepareSessionByTokenHash(db: Database) {
  return sessionByTokenHashQuery(db, sql.placeholder('tokenHash')).prepare('session_by_token_hash');
}

const sessionByTokenHash = new WeakMap<Database, ReturnType<typeof prepareSessionByTokenHash>>();

export const sessionRepository = {
  async insertSession(db: Executor, session: NewSession) {
    const [row] = await db.insert(sessions).values(session).returning();
    return row!;
  },

  /**
   * A session with the account behind it (cloud member or IAM account), in one query. It runs on
   * every signed-in call, so it is a prepared statement: built once, parsed once by PostgreSQL.
   */
  async findSessionByTokenHash(db: Database, tokenHash: string) {
    // Inside a change (db/unit-of-work.ts) the session it just wrote is seen only by its transaction.
    if (!isDatabase(db)) return (await sessionByTokenHashQuery(db, tokenHash))[0];
    let prepared = sessionByTokenHash.get(db);
    if (!prepared) sessionByTokenHash.set(db, (prepared = prepareSessionByTokenHash(db)));
    const [row] = await prepared.execute({ tokenHash });
    return row;
  },

  async touchSession(db: Executor, id: string, at: Date) {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  },

  async deleteSession(db: Executor, id: string) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
};
