import {
  DOMAINS_PER_ORG,
  domainNameProblem,
  formatResultMessage,
  HIDDEN_REGION,
  NEW_ORG_REGIONS,
  ORG_ROLES,
  PARTNER_ACCOUNT_TYPES,
  regionDefinition,
  supportedTimeZones,
  TIME_ZONE_INVALID_MESSAGES,
  validationMessage,
  type AccountRestriction,
  type AccountType,
  type OrgInfo,
  type Organization,
  type OrgRegion,
  type OrgRole,
  type RegionCode,
  type RestrictType,
} from '@console/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { selfRolesOf } from '../../platform/authz-views.ts';
import { grantOf, orgRolesOfGrant, type Caller, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields, restricted } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { isIpAllowed } from './ip-acl.ts';
import { organizationsRepository as repo, type OrganizationRow } from './organizations.repository.ts';


/** The four member-type roles the Organization answer carries (the other built-in roles come with the roles issue). */
const memberTypeRoles = (roleCodes: readonly string[]): OrgRole[] =>
  roleCodes.filter((role): role is OrgRole => (ORG_ROLES as readonly string[]).includes(role));

/** Why an account may not own an organization, if it may not; quota aside. */
function ownershipBlock(account: { accountType: string; restrictTypes: readonly string[] }, restrictType: RestrictType): AccountRestriction | undefined {
  if (PARTNER_ACCOUNT_TYPES.includes(account.accountType as AccountType)) return 'PARTNER_ACCOUNT';
  if (account.restrictTypes.includes('CONSOLE_BLOCK')) return 'CONSOLE_BLOCK';
  if (account.restrictTypes.includes(restrictType)) return restrictType;
  return undefined;
}

/** Why the caller may not create an organization, if they may not; quota aside. */
const creationBlock = (caller: Caller): AccountRestriction | undefined =>
  caller.memberType === 'IAM' ? 'IAM_ACCOUNT' : ownershipBlock(caller.profile, 'ORG_CREATE');

function toRegion(row: { regionCode: string; regionName: string; regionIconName: string; regionPriority: number }): OrgRegion {
  const names = regionDefinition(row.regionCode)?.names;
  return { ...row, ...(names ? { regionNames: { ...names } } : {}) };
}

async function toOrganizations(executor: Executor, caller: Caller, items: { org: OrganizationRow; roleCodes: readonly string[] }[]) {
  const domains = await repo.domainsOf(
    executor,
    items.map((item) => item.org.id),
  );
  return items.map(
    ({ org, roleCodes }): Organization => ({
      orgId: org.id,
      orgName: org.name,
      ownerUuid: org.ownerMemberId,
      orgNextTaskCode: org.nextTaskCode,
      ipAclTypeCode: org.ipAclTypeCode,
      orgDomainList: domains
        .filter((domain) => domain.orgId === org.id)
        .map((domain) => ({ domainId: domain.id, domainName: domain.domainName })),
      hasRoleInOrg: roleCodes.length > 0,
      isOrgOwner: caller.memberType === 'TOAST_CLOUD' && org.ownerMemberId === caller.uuid,
      orgRoleCodes: memberTypeRoles(roleCodes),
      regDateTime: org.createdAt.toISOString(),
      timeZone: org.timeZone,
    }),
  );
}

const toOrganization = async (executor: Executor, caller: Caller, org: OrganizationRow, roleCodes: readonly string[]) =>
  (await toOrganizations(executor, caller, [{ org, roleCodes }]))[0]!;

const domainError = (ctx: SignedInContext, key: 'DOMAIN_RULE_VIOLATION' | 'DOMAIN_PROHIBITED_WORD' | 'DUPLICATE_DOMAIN') =>
  new AppError(key, { fieldErrors: [{ field: 'body.domainName', message: formatResultMessage(key, ctx.lang) }] });

/** A race with another organization taking the same domain ends at the unique index: still 22012. */
const asDomainConflict = (ctx: SignedInContext) => (error: unknown) => {
  if (isUniqueViolation(error)) throw domainError(ctx, 'DUPLICATE_DOMAIN');
  throw error;
};

async function regionsAnswer(executor: Executor, orgId: string) {
  const regions = (await repo.regionsOf(executor, orgId)).map(toRegion);
  return { regionCodeList: regions.map((region) => region.regionCode), regions };
}

/** Spec §5 domain rules, then uniqueness across the platform (the caller's own organization aside). */
async function checkDomain(ctx: SignedInContext, executor: Executor, orgId: string, domainName: string) {
  const problem = domainNameProblem(domainName);
  if (problem === 'RULE') throw domainError(ctx, 'DOMAIN_RULE_VIOLATION');
  if (problem === 'PROHIBITED_WORD') throw domainError(ctx, 'DOMAIN_PROHIBITED_WORD');
  if (await repo.domainTakenElsewhere(executor, domainName, orgId)) throw domainError(ctx, 'DUPLICATE_DOMAIN');
}

export function createOrganizationsService(deps: { db: Database; config: AppConfig }) {
  const { db, config } = deps;

  async function orgOfGrant(ctx: SignedInContext, executor: Executor = db) {
    const org = await repo.findById(executor, grantOf(ctx).orgId);
    if (!org) throw new AppError('INVALID_ORG_ID'); // deleted since the check
    return org;
  }

  return {
    async listOrganizations(ctx: SignedInContext, page: number, limit: number) {
      const caller = ctx.caller;
      if (caller.memberType === 'IAM') {
        const org = await repo.findById(db, caller.orgId!);
        const orgs = org && page === 1 ? [await toOrganization(db, caller, org, [])] : [];
        return { orgs, paging: { page, limit, totalCount: org ? 1 : 0 } };
      }
      const { rows, totalCount } = await repo.listForMember(db, caller.uuid, page, limit);
      return { orgs: await toOrganizations(db, caller, rows), paging: { page, limit, totalCount } };
    },

    async getOrganization(ctx: SignedInContext) {
      return toOrganization(db, ctx.caller, await orgOfGrant(ctx), orgRolesOfGrant(grantOf(ctx)));
    },

    /** GET v6 infos: the caller's organizations with owner and project quota, and whether they may create one. */
    async listOrganizationInfos(ctx: SignedInContext, page: number, limit: number) {
      const caller = ctx.caller;
      const toInfo = (row: NonNullable<Awaited<ReturnType<typeof repo.infoOf>>>, roleCodes: readonly string[]): OrgInfo => ({
        orgId: row.org.id,
        orgName: row.org.name,
        regDateTime: row.org.createdAt.toISOString(),
        hasRoleInOrg: roleCodes.length > 0,
        isOrgOwner: caller.memberType === 'TOAST_CLOUD' && row.org.ownerMemberId === caller.uuid,
        orgRoleCodes: memberTypeRoles(roleCodes),
        owner: { ...row.owner, restrictTypes: row.owner.restrictTypes as RestrictType[] },
        projectCount: row.projectCount,
        productIdsInUse: row.productIdsInUse,
        projectLimit: row.org.projectLimit,
      });
      if (caller.memberType === 'IAM') {
        const row = await repo.infoOf(db, caller.orgId!);
        return {
          orgInfos: row && page === 1 ? [toInfo(row, [])] : [],
          paging: { page, limit, totalCount: row ? 1 : 0 },
          orgCreation: { canCreate: false, blockedBy: 'IAM_ACCOUNT' as const, ownedOrgCount: 0, orgLimit: config.orgLimitPerMember },
        };
      }
      const [rows, totalCount, ownedOrgCount] = await Promise.all([
        repo.listInfosForMember(db, caller.uuid, page, limit),
        repo.countForMember(db, caller.uuid),
        repo.countOwnedBy(db, caller.uuid),
      ]);
      const blockedBy: AccountRestriction | 'QUOTA_EXCEEDED' | null =
        creationBlock(caller) ?? (ownedOrgCount >= config.orgLimitPerMember ? 'QUOTA_EXCEEDED' : null);
      return {
        orgInfos: rows.map((row) => toInfo(row, row.roleCodes)),
        paging: { page, limit, totalCount },
        orgCreation: { canCreate: blockedBy === null, blockedBy, ownedOrgCount, orgLimit: config.orgLimitPerMember },
      };
    },

    /** The caller becomes OWNER; the organization starts with KR1 and GLOBAL; all in one transaction. */
    async createOrganization(ctx: SignedInContext, orgName: string) {
      const caller = ctx.caller;
      const block = creationBlock(caller);
      if (block) throw restricted(block);
      return db.transaction(async (tx) => {
        await repo.lockMember(tx, caller.uuid);
        if ((await repo.countOwnedBy(tx, caller.uuid)) >= config.orgLimitPerMember) {
          throw new AppError('ORGANIZATION_QUOTA_EXCEEDED');
        }
        const duplicateNameWarning = await repo.memberHasOrgNamed(tx, caller.uuid, orgName);
        const now = ctx.now();
        const org = await repo.insert(tx, { name: orgName, ownerMemberId: caller.uuid, createdAt: now, updatedAt: now });
        await repo.setMemberRoles(tx, org.id, caller.uuid, ['OWNER'], now);
        await repo.setRegions(tx, org.id, NEW_ORG_REGIONS);
        return { org: await toOrganization(tx, caller, org, ['OWNER']), duplicateNameWarning };
      });
    },

    async updateOrganization(ctx: SignedInContext, orgName: string, timeZone?: string) {
      const caller = ctx.caller;
      const { orgId } = grantOf(ctx);
      if (timeZone !== undefined && !supportedTimeZones().includes(timeZone)) {
        throw invalidFields({ field: 'body.org.timeZone', message: TIME_ZONE_INVALID_MESSAGES[ctx.lang] });
      }
      return db.transaction(async (tx) => {
        if (!(await repo.lockById(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        const duplicateNameWarning =
          caller.memberType === 'TOAST_CLOUD' && (await repo.memberHasOrgNamed(tx, caller.uuid, orgName, orgId));
        const org = await repo.rename(tx, orgId, orgName, ctx.now(), timeZone);
        return { org: await toOrganization(tx, caller, org, orgRolesOfGrant(grantOf(ctx))), duplicateNameWarning };
      });
    },

    /**
     * OWNER only (the route's permission). A name sent (the console's typed confirmation) must be
     * the organization's; without one the call is the spec's bare DELETE. An organization that
     * still has projects is refused (see docs/decisions.md: projects are where services live).
     */
    async deleteOrganization(ctx: SignedInContext, confirmName: string | undefined) {
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        const org = await repo.lockById(tx, orgId);
        if (!org) throw new AppError('INVALID_ORG_ID');
        if (confirmName !== undefined && confirmName.normalize('NFC') !== org.name) {
          throw invalidFields({ field: 'body.orgName', message: validationMessage('validation.confirmName.mismatch', ctx.lang) });
        }
        if ((await repo.countProjects(tx, orgId)) > 0) throw new AppError('ORG_HAS_PROJECTS');
        await repo.delete(tx, orgId);
        return { orgId };
      });
    },

    /** The new owner (a cloud member of the organization) becomes OWNER; the old owner ADMIN. */
    async transferOwnership(ctx: SignedInContext, newOwnerId: string) {
      const caller = ctx.caller;
      if (caller.memberType === 'IAM') throw restricted('IAM_ACCOUNT');
      if (caller.profile.restrictTypes.includes('ORG_TRANSFER')) throw restricted('ORG_TRANSFER');
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        const org = await repo.lockById(tx, orgId);
        if (!org) throw new AppError('INVALID_ORG_ID');
        if (org.ownerMemberId === newOwnerId) {
          throw invalidFields({ field: 'body.ownerUuid', message: validationMessage('validation.owner.alreadyOwner', ctx.lang) });
        }
        const target = await repo.findCloudMember(tx, orgId, newOwnerId);
        if (!target || target.status !== 'STABLE') throw new AppError('ORG_MEMBER_NOT_FOUND');
        const block = ownershipBlock(target, 'ORG_TRANSFER');
        if (block) throw restricted(block);
        await repo.lockMember(tx, target.id);
        if ((await repo.countOwnedBy(tx, target.id)) >= config.orgLimitPerMember) {
          throw new AppError('ORGANIZATION_QUOTA_EXCEEDED');
        }
        const now = ctx.now();
        // The old owner's OWNER row goes first: one OWNER per organization (unique index).
        await repo.setMemberRoles(tx, orgId, org.ownerMemberId, ['ADMIN'], now);
        await repo.setMemberRoles(tx, orgId, target.id, ['OWNER'], now);
        const updated = await repo.setOwner(tx, orgId, target.id, now);
        const roles = caller.uuid === target.id ? ['OWNER'] : await repo.memberRoleCodes(tx, orgId, caller.uuid);
        return { org: await toOrganization(tx, caller, updated, roles) };
      });
    },

    // ---- domains ----

    async listDomains(ctx: SignedInContext) {
      const domains = await repo.domainsOf(db, [grantOf(ctx).orgId]);
      return { domains: domains.map((domain) => ({ domainId: domain.id, domainName: domain.domainName })) };
    },

    async createDomain(ctx: SignedInContext, domainName: string) {
      const { orgId } = grantOf(ctx);
      return db
        .transaction(async (tx) => {
          if (!(await repo.lockById(tx, orgId))) throw new AppError('INVALID_ORG_ID');
          await checkDomain(ctx, tx, orgId, domainName);
          // One domain per organization: a second one is changed with PUT, not added.
          if ((await repo.countDomains(tx, orgId)) >= DOMAINS_PER_ORG) throw new AppError('ORG_DOMAIN_ALREADY_SET');
          const domain = await repo.insertDomain(tx, orgId, domainName, ctx.now());
          return { domain: { domainId: domain.id, domainName: domain.domainName } };
        })
        .catch(asDomainConflict(ctx));
    },

    async updateDomain(ctx: SignedInContext, domainId: string, domainName: string) {
      const { orgId } = grantOf(ctx);
      return db
        .transaction(async (tx) => {
          if (!(await repo.findDomain(tx, orgId, domainId))) throw new AppError('NOT_FOUND');
          await checkDomain(ctx, tx, orgId, domainName);
          const domain = await repo.renameDomain(tx, orgId, domainId, domainName);
          return { domain: { domainId: domain.id, domainName: domain.domainName } };
        })
        .catch(asDomainConflict(ctx));
    },

    async validateDomain(ctx: SignedInContext, domainName: string) {
      await checkDomain(ctx, db, grantOf(ctx).orgId, domainName);
      return { domainName, available: true };
    },

    // ---- regions ----

    async listRegions(ctx: SignedInContext) {
      return regionsAnswer(db, grantOf(ctx).orgId);
    },

    /** At least one region besides GLOBAL; GLOBAL is always kept. */
    async updateRegions(ctx: SignedInContext, regionCodeList: readonly RegionCode[]) {
      const chosen = [...new Set(regionCodeList)].filter((code) => code !== HIDDEN_REGION);
      if (chosen.length === 0) {
        throw invalidFields({
          field: 'body.regionCodeList',
          message: validationMessage('validation.regions.nonGlobalRequired', ctx.lang),
        });
      }
      const { orgId } = grantOf(ctx);
      return db.transaction(async (tx) => {
        if (!(await repo.lockById(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        await repo.setRegions(tx, orgId, [HIDDEN_REGION, ...chosen]);
        return regionsAnswer(tx, orgId);
      });
    },

    async validateIpAcl(ctx: SignedInContext) {
      const rules = await repo.ipAclRules(db, grantOf(ctx).orgId);
      return { allowed: isIpAllowed(ctx.clientIp, rules), clientIp: ctx.clientIp };
    },

    selfRoles: (ctx: SignedInContext) => selfRolesOf(grantOf(ctx)),
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
