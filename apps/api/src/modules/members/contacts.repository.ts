import { and, inArray, ne, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { iamMembers, members, orgMembers } from '../../db/schema/index.ts';

/** Contact columns of the members of one organization named by id (spec §7 "contacts"). */
export const contactsRepository = {
  /** Cloud members of the organization among `ids` (one row each, whatever their roles). */
  async cloudMembers(db: Executor, orgId: string, ids: readonly string[]) {
    const inOrg = db.select({ memberId: orgMembers.memberId }).from(orgMembers).where(eq(orgMembers.orgId, orgId));
    return db
      .select({ id: members.id, name: members.name, email: members.email, mobileNumber: members.mobileNumber, country: members.country })
      .from(members)
      .where(and(inArray(members.id, [...ids]), inArray(members.id, inOrg)));
  },

  /** IAM accounts of the organization among `ids`, except those that left. */
  async iamAccounts(db: Executor, orgId: string, ids: readonly string[]) {
    return db
      .select({
        id: iamMembers.id,
        userCode: iamMembers.userCode,
        name: iamMembers.name,
        email: iamMembers.email,
        mobileNumber: iamMembers.mobileNumber,
        country: iamMembers.country,
      })
      .from(iamMembers)
      .where(and(eq(iamMembers.orgId, orgId), inArray(iamMembers.id, [...ids]), ne(iamMembers.status, 'LEAVED')));
  },
};
