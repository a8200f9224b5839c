import type { MemberContact } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { disclosureHere } from '../../platform/personal-data.ts';
import { contactsRepository as repo } from './contacts.repository.ts';

/**
 * Spec §7 "Members: … contacts": how to reach members of an organization. Personal data of others
 * — email and phone, and an IAM account's name and ID — goes only to the member themselves and to
 * callers who may list that kind of member in the organization (Organization.Member.List for
 * cloud members, Organization.Member.Iam.List for IAM accounts, as the permission engine decides
 * for this request) — unless privacy protection hides it from the caller's address
 * (platform/personal-data.ts). Anyone else in the organization sees who the member is (a cloud member's
 * name, already shown on projects they own) and `personalDataHidden: true`. Ids that are not
 * members of the organization are left out, as if they did not exist.
 */
export function createContactsService(deps: { db: Database }) {
  const { db } = deps;

  return {
    async contacts(ctx: SignedInContext, uuids: readonly string[]): Promise<{ contacts: MemberContact[] }> {
      const grant = grantOf(ctx);
      const ids = [...new Set(uuids)];
      const [cloud, iam] = await Promise.all([repo.cloudMembers(db, grant.orgId, ids), repo.iamAccounts(db, grant.orgId, ids)]);
      const disclosure = disclosureHere(ctx);
      const found = new Map<string, MemberContact>();
      for (const row of cloud) {
        const shown = disclosure.plain({ kind: 'TOAST_CLOUD', id: row.id });
        found.set(row.id, {
          uuid: row.id,
          memberType: 'TOAST_CLOUD',
          name: row.name,
          userCode: null,
          email: shown ? row.email : null,
          mobileNumber: shown ? row.mobileNumber : null,
          countryCode: shown ? row.country : null,
          personalDataHidden: !shown,
        });
      }
      for (const row of iam) {
        const shown = disclosure.plain({ kind: 'IAM', id: row.id });
        found.set(row.id, {
          uuid: row.id,
          memberType: 'IAM',
          name: shown ? row.name : null,
          userCode: shown ? row.userCode : null,
          email: shown ? row.email : null,
          mobileNumber: shown ? row.mobileNumber : null,
          countryCode: shown ? row.country : null,
          personalDataHidden: !shown,
        });
      }
      return { contacts: ids.flatMap((id) => found.get(id) ?? []) };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
