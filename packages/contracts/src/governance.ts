import { z } from 'zod';
import { defineEndpoint, orgPermission, SESSION } from './endpoint.ts';
import { IP_ACL_TYPE_CODES } from './organizations.ts';
import { COUNTRY_CODES, IP_LIST_MAX, SETTING_TYPES, IP_ACL_SELECTIONS } from './governance-constants.ts';
export * from './governance-constants.ts';

/**
 * Governance and network rules (spec §3 "Governance settings", §4 IP ACL selection, §5 IP/CIDR,
 * §6 "IP ACL governance needs Create and List", §7 "IP ACL and governance", §8 IP_NOT_ALLOWED / COUNTRY_NOT_PERMITTED / BILLING_COUNTRY_IP_NOT_ALLOWED).
 * Organization scope: every rule here is the organization's and is enforced by the API on every
 * call made in the organization or one of its projects (modules/governance/network-guard.ts).
 */

const COUNTRY_CODE_SET = new Set(COUNTRY_CODES);


export const GOVERNANCE_TYPES = [
  'APPROVE_PROCESS',
  'IAAS_RESOURCE_PROTECTION',
  'UNIQUE_INSTANCE_NAME',
  'PRIVACY_PROTECTION',
  'FOREIGN_ACCESS_BLOCK',
] as const;
export type GovernanceType = (typeof GOVERNANCE_TYPES)[number];
export const SCOPE_TYPES = ['ORG'] as const;

const IPV4 = String.raw`(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}`;
const IPV4_OR_MASK = new RegExp(String.raw`^${IPV4}(\/(3[0-2]|[12]?\d))?$`);

/** Spec §5: IPv4 with an optional /mask ('The IP format is incorrect.'). */
export const GovernanceIpSchema = z.string().trim().regex(IPV4_OR_MASK, { error: 'validation.ip.format' });

/** The canonical form of an address or block, for the redundancy check: 10.0.0.1 and 10.0.0.1/32 are one. */
export const canonicalIp = (value: string) => (value.includes('/') ? value : `${value}/32`);

/** A list of IPs: each well formed, none repeated ('IP address is redundant.'), at most IP_LIST_MAX. */
export const IpListSchema = z
  .array(GovernanceIpSchema)
  .max(IP_LIST_MAX, { error: 'validation.ip.tooMany' })
  .superRefine((ips, ctx) => {
    const seen = new Set<string>();
    ips.forEach((ip, index) => {
      const key = canonicalIp(ip);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.ip.redundant' });
      seen.add(key);
    });
  });

export const AccessCountryCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => COUNTRY_CODE_SET.has(value), { error: 'validation.country.unknown' });

/** Allowed countries; duplicates are dropped. */
export const CountryCodeListSchema = z
  .array(AccessCountryCodeSchema)
  .max(COUNTRY_CODES.length)
  .transform((codes) => [...new Set(codes)]);

const OrgIdParams = z.object({ orgId: z.string().uuid() });
/** The requester's id some §7 calls carry (uuid): when sent, it must be the caller's own. */
const OptionalUuid = z.string().min(1).max(64).optional();

// ---- v4 governances ----

export const GovernanceSettingSchema = z.object({
  governanceType: z.enum(GOVERNANCE_TYPES),
  settingType: z.enum(SETTING_TYPES),
  /** PRIVACY_PROTECTION: the addresses from which personal data may be viewed. */
  ips: z.array(z.string()),
  /** FOREIGN_ACCESS_BLOCK: the allowed countries. */
  countryCodeList: z.array(z.string()),
  modDatetime: z.string().nullable(),
});
export type GovernanceSetting = z.infer<typeof GovernanceSettingSchema>;

export const listGovernances = defineEndpoint({
  id: 'cab.listGovernances',
  method: 'GET',
  path: '/api/cab/v4/governances',
  summary: "An organization's governance settings (approve process, IaaS protection, unique instance name, privacy protection, foreign access block)",
  tag: 'governance',
  access: orgPermission('query.scopeId', 'Organization.Governance.IpAcl.List'),
  query: z.object({ scopeType: z.enum(SCOPE_TYPES), scopeId: z.string().uuid(), uuid: OptionalUuid }),
  response: z.object({ governances: z.array(GovernanceSettingSchema) }),
});

/** The typed confirmation a change needs when it would lock the caller out: the organization's name. */
const ConfirmLockout = z.string().max(200).optional();

export const SaveGovernanceBodySchema = z
  .object({
    scopeType: z.enum(SCOPE_TYPES),
    scopeId: z.string().uuid(),
    governanceType: z.enum(GOVERNANCE_TYPES),
    settingType: z.enum(SETTING_TYPES),
    ips: IpListSchema.optional(),
    countryCodeList: CountryCodeListSchema.optional(),
    confirmLockout: ConfirmLockout,
  })
  .superRefine((body, ctx) => {
    // Spec §5: the overseas block needs at least one allowed country.
    if (body.governanceType === 'FOREIGN_ACCESS_BLOCK' && body.settingType === 'USE' && (body.countryCodeList ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['countryCodeList'], message: 'validation.country.atLeastOne' });
    }
  });

export const saveGovernance = defineEndpoint({
  id: 'cab.saveGovernance',
  method: 'POST',
  path: '/api/cab/v4/governances',
  summary: 'Turn one governance setting on (USE) or off (UNUSE), with its IPs or countries',
  tag: 'governance',
  access: orgPermission('body.scopeId', 'Organization.Governance.IpAcl.Create', 'Organization.Governance.IpAcl.List'),
  body: SaveGovernanceBodySchema,
  response: z.object({ governance: GovernanceSettingSchema }),
});

// ---- IP ACL (v4 products/ip-acl) ----

export const IpAclSchema = z.object({
  ipAclTypeCode: z.enum(IP_ACL_TYPE_CODES),
  productId: z.string().nullable(),
  ipAclSelection: z.enum(IP_ACL_SELECTIONS),
  ips: z.array(z.string()),
  modDatetime: z.string().nullable(),
});
export type IpAcl = z.infer<typeof IpAclSchema>;

const ProductIdSchema = z.string().trim().min(1).max(100);

export const getIpAcl = defineEndpoint({
  id: 'cab.getIpAcl',
  method: 'GET',
  path: '/api/cab/v4/organizations/:orgId/products/ip-acl',
  summary: "The organization's IP ACL (the console's, or one product's with productId under the INDIVIDUAL type)",
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.IpAcl.List'),
  params: OrgIdParams,
  query: z.object({ productId: ProductIdSchema.optional() }),
  response: z.object({ ipAcl: IpAclSchema }),
});

export const SaveIpAclBodySchema = z
  .object({
    ipAclTypeCode: z.enum(IP_ACL_TYPE_CODES),
    productId: ProductIdSchema.optional(),
    ipAclSelection: z.enum(IP_ACL_SELECTIONS),
    ips: IpListSchema,
    confirmLockout: ConfirmLockout,
  })
  .superRefine((body, ctx) => {
    if (body.ipAclSelection === 'SETTING' && body.ips.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['ips'], message: 'validation.ip.atLeastOne' });
    }
    if (body.productId !== undefined && body.ipAclTypeCode !== 'INDIVIDUAL') {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: 'validation.ipAcl.productNeedsIndividual' });
    }
  });

export const saveIpAcl = defineEndpoint({
  id: 'cab.saveIpAcl',
  method: 'POST',
  path: '/api/cab/v4/organizations/:orgId/products/ip-acl',
  summary: 'Set the IP ACL type and the allowed IPs (IPv4 with an optional mask); refused when it would lock the caller out unconfirmed',
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.IpAcl.Create', 'Organization.Governance.IpAcl.List'),
  params: OrgIdParams,
  body: SaveIpAclBodySchema,
  response: z.object({ ipAcl: IpAclSchema }),
});

// ---- country rule (governances/country-ip-acl) ----

export const CountryIpAclSchema = z.object({
  settingType: z.enum(SETTING_TYPES),
  countryCodeList: z.array(z.string()),
  modDatetime: z.string().nullable(),
});

export const getCountryIpAcl = defineEndpoint({
  id: 'cab.getCountryIpAcl',
  method: 'GET',
  path: '/api/cab/v4/organizations/:orgId/governances/country-ip-acl',
  summary: "The organization's country rule (overseas access block): the allowed countries",
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.CountryIpAcl.List'),
  params: OrgIdParams,
  response: z.object({ countryIpAcl: CountryIpAclSchema }),
});

export const SaveCountryIpAclBodySchema = z
  .object({ settingType: z.enum(SETTING_TYPES), countryCodeList: CountryCodeListSchema, confirmLockout: ConfirmLockout })
  .superRefine((body, ctx) => {
    if (body.settingType === 'USE' && body.countryCodeList.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['countryCodeList'], message: 'validation.country.atLeastOne' });
    }
  });

export const saveCountryIpAcl = defineEndpoint({
  id: 'cab.saveCountryIpAcl',
  method: 'PUT',
  path: '/api/cab/v4/organizations/:orgId/governances/country-ip-acl',
  summary: 'Set the country rule: USE with at least one allowed country, or UNUSE',
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.CountryIpAcl.Update', 'Organization.Governance.CountryIpAcl.List'),
  params: OrgIdParams,
  body: SaveCountryIpAclBodySchema,
  response: z.object({ countryIpAcl: CountryIpAclSchema }),
});

// ---- privacy protection ----

export const PRIVACY_CHANGE_TYPES = ['ADD', 'DELETE', 'REPLACE'] as const;

export const PrivacyProtectSchema = z.object({ settingType: z.enum(SETTING_TYPES), ips: z.array(z.string()) });

export const getPrivacyProtect = defineEndpoint({
  id: 'cab.getPrivacyProtect',
  method: 'GET',
  path: '/api/cab/v4/organizations/:orgId/governances/privacy-protect',
  summary: 'The privacy protection setting: from which IPs personal data may be viewed',
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.IpAcl.List'),
  params: OrgIdParams,
  response: z.object({ privacyProtect: PrivacyProtectSchema }),
});

export const changePrivacyProtect = defineEndpoint({
  id: 'cab.changePrivacyProtect',
  method: 'POST',
  path: '/api/cab/v4/organizations/:orgId/governances/privacy-protect',
  summary: 'Add, delete or replace the IPs of the privacy protection setting',
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.IpAcl.Create', 'Organization.Governance.IpAcl.List'),
  params: OrgIdParams,
  body: z.object({ changeType: z.enum(PRIVACY_CHANGE_TYPES), ips: IpListSchema, uuid: OptionalUuid }),
  response: z.object({ privacyProtect: PrivacyProtectSchema }),
});

export const isPrivacyAllowedIp = defineEndpoint({
  id: 'cab.isPrivacyAllowedIp',
  method: 'POST',
  path: '/api/cab/v4/organizations/:orgId/governances/privacy-protect/is-allow-ip',
  summary: 'Whether personal data may be viewed from an address (the caller’s when clientIp is left out)',
  tag: 'governance',
  access: orgPermission('params.orgId'),
  params: OrgIdParams,
  body: z.object({ clientIp: GovernanceIpSchema.optional() }),
  response: z.object({ clientIp: z.string(), isAllowed: z.boolean() }),
});

// ---- the lockout-safe editor ----

export const LOCKOUT_RULES = ['IP_ACL', 'COUNTRY'] as const;

export const LockoutPreviewBodySchema = z.object({
  rule: z.enum(LOCKOUT_RULES),
  ipAclSelection: z.enum(IP_ACL_SELECTIONS).optional(),
  ips: IpListSchema.optional(),
  settingType: z.enum(SETTING_TYPES).optional(),
  countryCodeList: CountryCodeListSchema.optional(),
});

export const LockedOutMemberSchema = z.object({
  memberType: z.enum(['TOAST_CLOUD', 'IAM']),
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  clientIp: z.string(),
  countryCode: z.string().nullable(),
  lastSignInAt: z.string(),
});

export const previewLockout = defineEndpoint({
  id: 'cab.previewGovernanceLockout',
  method: 'POST',
  path: '/api/cab/v4/organizations/:orgId/governances/lockout-preview',
  summary: "Who a proposed IP or country rule would lock out: the caller now, and members by their recent sign-ins' addresses",
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.IpAcl.List'),
  params: OrgIdParams,
  body: LockoutPreviewBodySchema,
  response: z.object({
    self: z.object({ clientIp: z.string(), countryCode: z.string().nullable(), lockedOut: z.boolean() }),
    lockedOut: z.array(LockedOutMemberSchema),
    checkedSignIns: z.number().int(),
    /** What to type to confirm a change that locks the caller out (the organization's name). */
    confirmationText: z.string(),
  }),
});

// ---- break-glass (OWNER, email one-time code) ----

export const requestBreakGlass = defineEndpoint({
  id: 'cab.requestGovernanceBreakGlass',
  method: 'POST',
  path: '/api/cab/v4/organizations/:orgId/governances/break-glass',
  summary: "The OWNER locked out by the organization's network rules asks for a one-time code by email",
  tag: 'governance',
  // Not a permission route: the network rules it lifts must not stop it. The service checks OWNER.
  access: SESSION,
  params: OrgIdParams,
  response: z.object({ maskedEmail: z.string(), expiresAt: z.string() }),
});

export const BREAK_GLASS_CODE_LENGTH = 8;

export const confirmBreakGlass = defineEndpoint({
  id: 'cab.confirmGovernanceBreakGlass',
  method: 'POST',
  path: '/api/cab/v4/organizations/:orgId/governances/break-glass/confirm',
  summary: 'With the code, turn the IP ACL and the country rule off (recorded)',
  tag: 'governance',
  access: SESSION,
  params: OrgIdParams,
  body: z.object({ code: z.string().trim().regex(/^\d{8}$/, { error: 'validation.breakGlass.code' }) }),
  response: z.object({ disabled: z.array(z.enum(LOCKOUT_RULES)) }),
});

export const listBreakGlassEvents = defineEndpoint({
  id: 'cab.listGovernanceBreakGlass',
  method: 'GET',
  path: '/api/cab/v4/organizations/:orgId/governances/break-glass',
  summary: 'The break-glass record: each code asked for and used, by whom, when and from where (latest 50)',
  tag: 'governance',
  access: orgPermission('params.orgId', 'Organization.Governance.IpAcl.List'),
  params: OrgIdParams,
  response: z.object({
    events: z.array(
      z.object({
        eventId: z.string(),
        requesterName: z.string(),
        requestedAt: z.string(),
        requestedIp: z.string(),
        usedAt: z.string().nullable(),
        usedIp: z.string().nullable(),
        disabled: z.array(z.string()),
      }),
    ),
  }),
});
