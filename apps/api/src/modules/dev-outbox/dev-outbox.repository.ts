import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { mailOutbox, smsOutbox } from '../../db/schema/index.ts';

export const devOutboxRepository = {
  /** Mails of one organization, or (orgId undefined) mails addressed to one email; newest first. */
  async list(db: Executor, scope: { orgId: string } | { email: string }, page: number, limit: number) {
    const where: SQL | undefined =
      'orgId' in scope ? eq(mailOutbox.orgId, scope.orgId) : sql`lower(${mailOutbox.toAddress}) = lower(${scope.email})`;
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(and(where))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await db.select({ value: count() }).from(mailOutbox).where(where);
    return { rows, totalCount: total?.value ?? 0 };
  },

  /** Text messages of one organization, or (orgId undefined) those to the account with one email; newest first. */
  async listSms(db: Executor, scope: { orgId: string } | { email: string }, page: number, limit: number) {
    const where: SQL = 'orgId' in scope ? eq(smsOutbox.orgId, scope.orgId) : eq(smsOutbox.toEmail, scope.email.toLowerCase());
    const rows = await db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await db.select({ value: count() }).from(smsOutbox).where(where);
    return { rows, totalCount: total?.value ?? 0 };
  },
};
