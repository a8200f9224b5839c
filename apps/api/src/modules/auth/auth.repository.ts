import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { iamMembers, members, orgDomains } from '../../db/schema/index.ts';

export const authRepository = {
  async findMemberByEmail(db: Executor, email: string) {
    const [row] = await db
      .select()
      .from(members)
      .where(sql`lower(${members.email}) = lower(${email})`)
      .limit(1);
    return row;
  },

  async findOrgIdByDomain(db: Executor, domainName: string) {
    const [row] = await db
      .select({ orgId: orgDomains.orgId, domainName: orgDomains.domainName })
      .from(orgDomains)
      .where(sql`lower(${orgDomains.domainName}) = lower(${domainName})`)
      .limit(1);
    return row;
  },

  async findIamMember(db: Executor, orgId: string, userCode: string) {
    const [row] = await db
      .select()
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), eq(iamMembers.userCode, userCode)))
      .limit(1);
    return row;
  },

  async recordMemberLogin(db: Executor, memberId: string, at: Date) {
    await db.update(members).set({ lastLoginAt: at }).where(eq(members.id, memberId));
  },

  async recordIamLogin(db: Executor, iamMemberId: string, at: Date) {
    await db.update(iamMembers).set({ lastLoginAt: at }).where(eq(iamMembers.id, iamMemberId));
  },
};
