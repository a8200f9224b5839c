import {
  MEMBER_PROFILE_FIELDS,
  validationMessage,
  type AccountType,
  type MemberProfileField,
  type OrgMember,
  type OrgMemberSort,
  type OrgRoleName,
  type RestrictType,
} from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { orgViewOf, requestAttributesOf } from '../../platform/authz-views.ts';
import { grantOf, type Caller, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { isoTimeOf } from '../../platform/iso-time.ts';
import { disclosed, disclosureHere, searchOnly, searchReachOf, type Disclosure } from '../../platform/personal-data.ts';
import { membersRepository as repo, type OrgMemberRow } from './members.repository.ts';

/** A member as the caller may see them: privacy protection masks others' email, name and phone (platform/personal-data.ts). */
export function toOrgMember(row: OrgMemberRow, disclosure?: Disclosure): OrgMember {
  const member: OrgMember = {
    memberUuid: row.id,
    memberType: 'TOAST_CLOUD',
    email: row.email,
    name: row.name,
    mobileNumber: row.mobileNumber,
    orgRoleCodes: row.roleCodes as OrgRoleName[],
    isOrgOwner: row.roleCodes.includes('OWNER'),
    memberStatusCode: row.status,
    regDateTime: isoTimeOf(row.joinedAt),
  };
  return disclosure ? disclosed(disclosure, { kind: 'TOAST_CLOUD', id: row.id, email: row.email }, member) : member;
}

type Profile =
  | { kind: 'member'; row: NonNullable<Awaited<ReturnType<typeof repo.findMember>>> }
  | { kind: 'iam'; row: NonNullable<Awaited<ReturnType<typeof repo.findIamAccount>>> };

/** Reads x-field-filter ("name,email"): the fields to answer, all of them when it is absent or blank. */
function fieldsOf(ctx: SignedInContext, header: string | undefined): readonly MemberProfileField[] {
  const names = (header ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) return MEMBER_PROFILE_FIELDS;
  const unknown = names.filter((name) => !(MEMBER_PROFILE_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw invalidFields({ field: 'header.x-field-filter', message: validationMessage('validation.fieldFilter.unknown', ctx.lang) });
  }
  return names as MemberProfileField[];
}

export function createMembersService(deps: { db: Database }) {
  const { db } = deps;

  /**
   * The profile behind an id when the caller may see it: their own account, a cloud member of an
   * organization where the caller holds Organization.Member.List, or an IAM account of one where
   * they hold Organization.Member.Iam.List. Anything else — another tenant's member included —
   * is not found, exactly like an id that does not exist. Those organizations are not the route's
   * (a session route): each is compiled through the permission engine from the roles loaded here.
   */
  async function visibleProfile(ctx: SignedInContext, caller: Caller, memberId: string): Promise<Profile | undefined> {
    const holds = (orgRoles: readonly string[], permission: 'Organization.Member.List' | 'Organization.Member.Iam.List') =>
      orgViewOf(orgRoles, requestAttributesOf(ctx, undefined, 'UTC')).has(permission);
    if (caller.memberType === 'IAM') {
      if (memberId !== caller.uuid) return undefined;
      const row = await repo.findIamAccount(db, memberId);
      return row ? { kind: 'iam', row } : undefined;
    }
    if (memberId === caller.uuid) {
      const row = await repo.findMember(db, memberId);
      return row ? { kind: 'member', row } : undefined;
    }
    const shared = await repo.sharedOrgRoles(db, caller.uuid, memberId);
    if (shared.some((org) => holds(org.roleCodes, 'Organization.Member.List'))) {
      const row = await repo.findMember(db, memberId);
      return row ? { kind: 'member', row } : undefined;
    }
    const account = await repo.findIamAccount(db, memberId);
    if (!account) return undefined;
    const roles = await repo.memberOrgRoles(db, account.orgId, caller.uuid);
    return holds(roles, 'Organization.Member.Iam.List') ? { kind: 'iam', row: account } : undefined;
  }

  return {
    // ---- organization members ----

    async list(
      ctx: SignedInContext,
      filters: { emailLike: string | undefined; nameLike: string | undefined },
      sort: OrgMemberSort,
      page: number,
      limit: number,
    ) {
      const disclosure = disclosureHere(ctx);
      // A search matches only what the answer shows in plain: else it would probe masked addresses and names.
      const only = searchOnly(searchReachOf(ctx, disclosure), 'TOAST_CLOUD', Boolean(filters.emailLike || filters.nameLike));
      if (only === null) return { members: [], paging: { page, limit, totalCount: 0 } };
      const { rows, totalCount } = await repo.listOrgMembers(db, grantOf(ctx).orgId, { ...filters, onlyMemberId: only }, sort, page, limit);
      return { members: rows.map((row) => toOrgMember(row, disclosure)), paging: { page, limit, totalCount } };
    },

    async get(ctx: SignedInContext, memberId: string) {
      const row = await repo.findOrgMember(db, grantOf(ctx).orgId, memberId);
      if (!row) throw new AppError('ORG_MEMBER_NOT_FOUND');
      return { member: toOrgMember(row, disclosureHere(ctx)) };
    },

    /** Replaces a member's roles. The OWNER's roles change only by hand-over (MEMBER_UPDATE_FAILED); OWNER is never assigned. */
    async updateRoles(ctx: SignedInContext, memberId: string, roleCodes: readonly string[]) {
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        if (!(await repo.lockOrg(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        const target = await repo.findOrgMember(tx, orgId, memberId);
        if (!target) throw new AppError('ORG_MEMBER_NOT_FOUND');
        if (target.roleCodes.includes('OWNER')) throw new AppError('MEMBER_UPDATE_FAILED');
        await repo.setOrgRoles(tx, orgId, memberId, roleCodes, ctx.now());
        return { member: toOrgMember((await repo.findOrgMember(tx, orgId, memberId))!, disclosureHere(ctx)) };
      });
    },

    /**
     * Takes a cloud member out of the organization and its projects. Not the OWNER (ORG_OWNER_NOT_REMOVABLE), not
     * while they own projects of it (MEMBER_OWNS_PROJECTS), not the sole ADMIN of one of its projects (PROJECT_WITHOUT_ADMIN).
     */
    async remove(ctx: SignedInContext, memberId: string) {
      const { orgId } = grantOf(ctx);
      await db.transaction(async (tx) => {
        if (!(await repo.lockOrg(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        const target = await repo.findOrgMember(tx, orgId, memberId);
        if (!target) throw new AppError('ORG_MEMBER_NOT_FOUND');
        if (target.roleCodes.includes('OWNER')) throw new AppError('ORG_OWNER_NOT_REMOVABLE');
        if ((await repo.countProjectsOwnedBy(tx, orgId, memberId)) > 0) throw new AppError('MEMBER_OWNS_PROJECTS');
        if ((await repo.projectsWhereSoleAdmin(tx, orgId, { kind: 'member', memberId })).length > 0) {
          throw new AppError('PROJECT_WITHOUT_ADMIN');
        }
        await repo.removeFromOrg(tx, orgId, memberId);
      });
      return { memberUuid: memberId };
    },

    // ---- profiles ----

    async profile(ctx: SignedInContext, memberId: string, fieldFilter: string | undefined) {
      const fields = fieldsOf(ctx, fieldFilter);
      const found = await visibleProfile(ctx, ctx.caller, memberId);
      if (!found) throw new AppError('NOT_FOUND');
      const full =
        found.kind === 'member'
          ? {
              uuid: found.row.id,
              memberType: 'TOAST_CLOUD' as const,
              accountType: found.row.accountType as AccountType,
              name: found.row.name,
              email: found.row.email,
              mobileNumber: found.row.mobileNumber,
              country: found.row.country,
              corporationName: found.row.corporationName,
              restrictTypes: found.row.restrictTypes as RestrictType[],
            }
          : {
              uuid: found.row.id,
              memberType: 'IAM' as const,
              accountType: 'NONE' as const,
              name: found.row.name,
              email: found.row.email,
              mobileNumber: found.row.mobileNumber,
              country: found.row.country,
              corporationName: null,
              restrictTypes: [],
            };
      return { memberProfile: Object.fromEntries(fields.map((field) => [field, full[field]])) };
    },

    /** Whether an active account exists among those the caller may see; any other id answers false. */
    async exist(ctx: SignedInContext, memberId: string) {
      const found = await visibleProfile(ctx, ctx.caller, memberId);
      if (!found || found.row.status === 'LEAVED') return { exist: false, memberType: null };
      return { exist: true, memberType: found.kind === 'member' ? ('TOAST_CLOUD' as const) : ('IAM' as const) };
    },

    async corporationProfile(ctx: SignedInContext, memberId: string) {
      const found = await visibleProfile(ctx, ctx.caller, memberId);
      // IAM accounts have no corporation profile: their organization's owner has.
      if (!found || found.kind !== 'member') throw new AppError('NOT_FOUND');
      const { row } = found;
      return {
        corporationProfile: {
          uuid: row.id,
          accountType: row.accountType as AccountType,
          corporationName: row.corporationName,
          country: row.country,
          bizMember: row.bizMember,
        },
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
