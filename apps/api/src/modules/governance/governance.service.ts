import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
  BREAK_GLASS_CODE_LENGTH,
  GOVERNANCE_TYPES,
  maskEmail,
  maskName,
  validationMessage,
  type GovernanceSetting,
  type GovernanceType,
  type IpAclSelection,
  type SettingType,
} from '@console/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { Authorizer } from '../../platform/authz.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import { compileIpMatcher } from '../../platform/policy/ip.ts';
import { breakGlassMail } from './break-glass-mail.ts';
import { governanceRepository as repo, type GovernanceRow } from './governance.repository.ts';
import { compileNetworkRules, readNetworkRules, verdictOf, type NetworkGuard } from './network-guard.ts';

/** How far back the lockout preview looks at sign-ins, and how many it reads at most. */
export const SIGN_IN_LOOKBACK_DAYS = 30;
const SIGN_IN_LIMIT = 2_000;
const CODE_TTL_MS = 10 * 60_000;
const CODE_ATTEMPTS = 5;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const hashCode = (code: string) => createHash('sha256').update(code).digest();

function settingOf(governanceType: GovernanceType, row: GovernanceRow | undefined): GovernanceSetting {
  return {
    governanceType,
    settingType: row?.settingType ?? 'UNUSE',
    ips: row?.ips ?? [],
    countryCodeList: row?.countryCodes ?? [],
    modDatetime: iso(row?.updatedAt),
  };
}

/** Where a caller stands for a change of the rules: their address and access country. */
export interface CallerAddress {
  readonly clientIp: string;
  readonly countryCode: string | null;
}

interface ProposedRules {
  ips?: readonly string[] | null;
  countries?: readonly string[] | null;
}

function checkUuid(ctx: SignedInContext, uuid: string | undefined, field: string) {
  if (uuid !== undefined && uuid !== ctx.caller.uuid) {
    throw invalidFields({ field, message: validationMessage('validation.governance.uuidNotCaller', ctx.lang) });
  }
}

/** The rules in force with one of them replaced by a proposal. */
async function rulesWith(executor: Executor, orgId: string, proposed: ProposedRules) {
  const current = await readNetworkRules(executor, orgId);
  return compileNetworkRules(
    proposed.ips !== undefined ? proposed.ips : (current.ipAcl?.ips ?? null),
    proposed.countries !== undefined ? proposed.countries : current.countries ? [...current.countries] : null,
  );
}

const ipAclSelectionOf = (ips: readonly string[] | undefined, selection: IpAclSelection) => (selection === 'SETTING' ? [...(ips ?? [])] : null);
const countriesOf = (settingType: SettingType, codes: readonly string[]) => (settingType === 'USE' ? [...codes] : null);

/** Refuses a change that would lock the caller out unless they typed the organization's name. */
async function guardSelf(executor: Executor, orgId: string, orgName: string, where: CallerAddress, proposed: ProposedRules, confirm: string | undefined) {
  const rules = await rulesWith(executor, orgId, proposed);
  if (verdictOf(rules, where.clientIp, where.countryCode) === 'ALLOWED') return;
  if (confirm?.trim() === orgName) return;
  throw new AppError('GOVERNANCE_LOCKOUT_CONFIRMATION_REQUIRED', { extra: { clientIp: where.clientIp, countryCode: where.countryCode, confirmationText: orgName } });
}


export function createGovernanceService(deps: { db: Database; guard: NetworkGuard; authorizer: Authorizer; mail: Mail }) {
  const { db, guard, authorizer, mail } = deps;


  async function saveCountry(ctx: SignedInContext, where: CallerAddress, settingType: SettingType, countryCodeList: readonly string[], confirm: string | undefined) {
    const { orgId } = grantOf(ctx);
    return db.transaction(async (tx) => {
      const org = await repo.lockOrg(tx, orgId);
      if (!org) throw new AppError('INVALID_ORG_ID');
      await guardSelf(tx, orgId, org.name, where, { countries: countriesOf(settingType, countryCodeList) }, confirm);
      return repo.upsertSetting(tx, { orgId, governanceType: 'FOREIGN_ACCESS_BLOCK', settingType, countryCodes: countryCodeList, updatedAt: ctx.now() });
    });
  }

  return {
    async listGovernances(ctx: SignedInContext, uuid: string | undefined) {
      checkUuid(ctx, uuid, 'query.uuid');
      const rows = await repo.settings(db, grantOf(ctx).orgId);
      const byType = new Map(rows.map((row) => [row.governanceType, row]));
      return { governances: GOVERNANCE_TYPES.map((type) => settingOf(type, byType.get(type))) };
    },

    async saveGovernance(
      ctx: SignedInContext,
      where: CallerAddress,
      body: { governanceType: GovernanceType; settingType: SettingType; ips?: string[] | undefined; countryCodeList?: string[] | undefined; confirmLockout?: string | undefined },
    ) {
      const { orgId } = grantOf(ctx);
      if (body.governanceType === 'FOREIGN_ACCESS_BLOCK') {
        const current = await repo.setting(db, orgId, 'FOREIGN_ACCESS_BLOCK');
        const codes = body.countryCodeList ?? current?.countryCodes ?? [];
        const row = await saveCountry(ctx, where, body.settingType, codes, body.confirmLockout);
        return { governance: settingOf('FOREIGN_ACCESS_BLOCK', row) };
      }
      const row = await db.transaction(async (tx) => {
        if (!(await repo.lockOrg(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        return repo.upsertSetting(tx, {
          orgId,
          governanceType: body.governanceType,
          settingType: body.settingType,
          ...(body.governanceType === 'PRIVACY_PROTECTION' && body.ips !== undefined ? { ips: body.ips } : {}),
          updatedAt: ctx.now(),
        });
      });
      return { governance: settingOf(body.governanceType, row) };
    },

    async getIpAcl(ctx: SignedInContext, productId: string | undefined) {
      const { orgId } = grantOf(ctx);
      const [org, row] = await Promise.all([repo.orgOf(db, orgId), repo.ipAcl(db, orgId, productId ?? '')]);
      return {
        ipAcl: {
          ipAclTypeCode: org?.ipAclTypeCode ?? 'COMMON',
          productId: productId ?? null,
          ipAclSelection: row?.selection ?? 'NO_SETTING',
          ips: row?.ips ?? [],
          modDatetime: iso(row?.updatedAt),
        },
      };
    },

    async saveIpAcl(
      ctx: SignedInContext,
      where: CallerAddress,
      body: { ipAclTypeCode: 'COMMON' | 'INDIVIDUAL'; productId?: string | undefined; ipAclSelection: IpAclSelection; ips: string[]; confirmLockout?: string | undefined },
    ) {
      const { orgId } = grantOf(ctx);
      if (body.productId !== undefined && !(await repo.productExists(db, body.productId))) {
        throw invalidFields({ field: 'body.productId', message: validationMessage('validation.required', ctx.lang) });
      }
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        const org = await repo.lockOrg(tx, orgId);
        if (!org) throw new AppError('INVALID_ORG_ID');
        // Only the console's list (no productId) decides who reaches the console.
        if (body.productId === undefined) {
          await guardSelf(tx, orgId, org.name, where, { ips: ipAclSelectionOf(body.ips, body.ipAclSelection) }, body.confirmLockout);
        }
        if (org.ipAclTypeCode !== body.ipAclTypeCode) await repo.setIpAclType(tx, orgId, body.ipAclTypeCode, now);
        return repo.upsertIpAcl(tx, { orgId, productId: body.productId ?? '', selection: body.ipAclSelection, ips: body.ips, updatedAt: now });
      });
      return {
        ipAcl: { ipAclTypeCode: body.ipAclTypeCode, productId: body.productId ?? null, ipAclSelection: row.selection, ips: row.ips, modDatetime: iso(row.updatedAt) },
      };
    },

    async getCountryIpAcl(ctx: SignedInContext) {
      const row = await repo.setting(db, grantOf(ctx).orgId, 'FOREIGN_ACCESS_BLOCK');
      return { countryIpAcl: { settingType: row?.settingType ?? 'UNUSE', countryCodeList: row?.countryCodes ?? [], modDatetime: iso(row?.updatedAt) } };
    },

    async saveCountryIpAcl(ctx: SignedInContext, where: CallerAddress, body: { settingType: SettingType; countryCodeList: string[]; confirmLockout?: string | undefined }) {
      const row = await saveCountry(ctx, where, body.settingType, body.countryCodeList, body.confirmLockout);
      return { countryIpAcl: { settingType: row.settingType, countryCodeList: row.countryCodes, modDatetime: iso(row.updatedAt) } };
    },

    async getPrivacyProtect(ctx: SignedInContext) {
      const row = await repo.setting(db, grantOf(ctx).orgId, 'PRIVACY_PROTECTION');
      return { privacyProtect: { settingType: row?.settingType ?? 'UNUSE', ips: row?.ips ?? [] } };
    },

    async changePrivacyProtect(ctx: SignedInContext, body: { changeType: 'ADD' | 'DELETE' | 'REPLACE'; ips: string[]; uuid?: string | undefined }) {
      checkUuid(ctx, body.uuid, 'body.uuid');
      const { orgId } = grantOf(ctx);
      const row = await db.transaction(async (tx) => {
        if (!(await repo.lockOrg(tx, orgId))) throw new AppError('INVALID_ORG_ID');
        const current = await repo.setting(tx, orgId, 'PRIVACY_PROTECTION');
        const ips = current?.ips ?? [];
        let next: string[];
        if (body.changeType === 'REPLACE') next = body.ips;
        else if (body.changeType === 'DELETE') next = ips.filter((ip) => !body.ips.includes(ip));
        else {
          const redundant = body.ips.findIndex((ip) => ips.includes(ip));
          if (redundant !== -1) throw invalidFields({ field: `body.ips.${redundant}`, message: validationMessage('validation.ip.redundant', ctx.lang) });
          next = [...ips, ...body.ips];
          if (next.length > 100) throw invalidFields({ field: 'body.ips', message: validationMessage('validation.ip.tooMany', ctx.lang) });
        }
        return repo.upsertSetting(tx, { orgId, governanceType: 'PRIVACY_PROTECTION', settingType: current?.settingType ?? 'UNUSE', ips: next, updatedAt: ctx.now() });
      });
      return { privacyProtect: { settingType: row.settingType, ips: row.ips } };
    },

    async isPrivacyAllowedIp(ctx: SignedInContext, clientIp: string | undefined) {
      const address = clientIp ?? ctx.clientIp;
      const row = await repo.setting(db, grantOf(ctx).orgId, 'PRIVACY_PROTECTION');
      const isAllowed = row?.settingType !== 'USE' || compileIpMatcher(row.ips)(address);
      return { clientIp: address, isAllowed };
    },

    /** Who the proposed rule (with the other rule as it stands) would lock out. */
    async previewLockout(
      ctx: SignedInContext,
      where: CallerAddress,
      body: { rule: 'IP_ACL' | 'COUNTRY'; ipAclSelection?: IpAclSelection | undefined; ips?: string[] | undefined; settingType?: SettingType | undefined; countryCodeList?: string[] | undefined },
    ) {
      const grant = grantOf(ctx);
      const proposed: ProposedRules =
        body.rule === 'IP_ACL'
          ? { ips: ipAclSelectionOf(body.ips, body.ipAclSelection ?? 'SETTING') }
          : { countries: countriesOf(body.settingType ?? 'USE', body.countryCodeList ?? []) };
      const rules = await rulesWith(db, grant.orgId, proposed);
      const since = new Date(ctx.now().getTime() - SIGN_IN_LOOKBACK_DAYS * 86_400_000);
      const [signIns, org] = await Promise.all([repo.recentSignIns(db, grant.orgId, since, SIGN_IN_LIMIT), repo.orgOf(db, grant.orgId)]);
      // Personal data of others only to those who may list members (platform/personal-data.ts's rule).
      const plain = grant.view.has('Organization.Member.List') && !ctx.caller.privacyProtected;
      const lockedOut = [];
      for (const signIn of signIns) {
        const countryCode = guard.countryOf(signIn.clientIp);
        if (verdictOf(rules, signIn.clientIp, countryCode) === 'ALLOWED') continue;
        const self = signIn.memberId === ctx.caller.uuid;
        lockedOut.push({
          memberType: signIn.memberType,
          memberId: signIn.memberId,
          name: plain || self ? signIn.name : maskName(signIn.name),
          email: plain || self ? signIn.email : maskEmail(signIn.email),
          clientIp: signIn.clientIp,
          countryCode,
          lastSignInAt: signIn.lastSignInAt.toISOString(),
        });
      }
      return {
        self: { clientIp: where.clientIp, countryCode: where.countryCode, lockedOut: verdictOf(rules, where.clientIp, where.countryCode) !== 'ALLOWED' },
        lockedOut,
        checkedSignIns: signIns.length,
        confirmationText: org?.name ?? '',
      };
    },

    /** The OWNER asks for a one-time code by mail (any address: the rules it lifts must not stop it). */
    async requestBreakGlass(ctx: SignedInContext, orgId: string) {
      const grant = await authorizer.orgGrant(ctx.caller, orgId, ctx);
      if (!grant) throw new AppError('INVALID_ORG_ID');
      await authorizer.requirePermissions(grant, ['Organization.Owner.Update']);
      const owner = await repo.memberContact(db, ctx.caller.uuid);
      const org = await repo.orgOf(db, orgId);
      if (!owner || !org) throw new AppError('INVALID_ORG_ID');
      const code = String(randomInt(0, 10 ** BREAK_GLASS_CODE_LENGTH)).padStart(BREAK_GLASS_CODE_LENGTH, '0');
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
      await db.transaction(async (tx) => {
        await repo.expireOpenCodes(tx, orgId, ctx.caller.uuid, now);
        await repo.insertCode(tx, { orgId, memberId: ctx.caller.uuid, codeHash: hashCode(code).toString('hex'), requestedAt: now, requestedIp: ctx.clientIp, expiresAt });
        await mail.enqueue(tx, breakGlassMail({ to: owner.email, name: owner.name, orgId, orgName: org.name, code, locale: ctx.locale, clientIp: ctx.clientIp, expiresAt }));
      });
      return { maskedEmail: maskEmail(owner.email), expiresAt: expiresAt.toISOString() };
    },

    /** With the right code (at most 5 tries, 10 minutes), the IP ACL and the country rule are turned off and the use recorded. */
    async confirmBreakGlass(ctx: SignedInContext, orgId: string, code: string) {
      const grant = await authorizer.orgGrant(ctx.caller, orgId, ctx);
      if (!grant) throw new AppError('INVALID_ORG_ID');
      await authorizer.requirePermissions(grant, ['Organization.Owner.Update']);
      const now = ctx.now();
      const outcome = await db.transaction(async (tx) => {
        const open = await repo.openCodeForUpdate(tx, orgId, ctx.caller.uuid, now);
        if (!open || open.attempts >= CODE_ATTEMPTS) return undefined;
        if (!timingSafeEqual(Buffer.from(open.codeHash, 'hex'), hashCode(code))) {
          await repo.countAttempt(tx, open.id);
          return undefined;
        }
        const disabled: ('IP_ACL' | 'COUNTRY')[] = [];
        const ipAcl = await repo.ipAcl(tx, orgId, '');
        if (ipAcl?.selection === 'SETTING') {
          await repo.upsertIpAcl(tx, { orgId, productId: '', selection: 'NO_SETTING', ips: ipAcl.ips, updatedAt: now });
          disabled.push('IP_ACL');
        }
        const country = await repo.setting(tx, orgId, 'FOREIGN_ACCESS_BLOCK');
        if (country?.settingType === 'USE') {
          await repo.upsertSetting(tx, { orgId, governanceType: 'FOREIGN_ACCESS_BLOCK', settingType: 'UNUSE', updatedAt: now });
          disabled.push('COUNTRY');
        }
        await repo.markUsed(tx, open.id, now, ctx.clientIp, disabled);
        return disabled;
      });
      // A wrong try is counted (committed) before the refusal.
      if (!outcome) throw new AppError('BREAK_GLASS_CODE_INVALID');
      return { disabled: outcome };
    },

    async listBreakGlassEvents(ctx: SignedInContext) {
      const rows = await repo.breakGlassEvents(db, grantOf(ctx).orgId);
      return {
        events: rows.map((row) => ({ ...row, requestedAt: row.requestedAt.toISOString(), usedAt: iso(row.usedAt) })),
      };
    },
  };
}

export type GovernanceService = ReturnType<typeof createGovernanceService>;
