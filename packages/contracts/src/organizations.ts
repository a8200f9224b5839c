import { z } from 'zod';
import { defineEndpoint, orgPermission, PUBLIC, SESSION } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { ORG_LIST_LIMIT } from './limits.ts';
import { MEMBER_TYPES } from './auth.ts';
import { ACCOUNT_RESTRICTIONS, RESTRICT_TYPES } from './members.ts';
import { REGION_CODES } from './regions.ts';
import { SelfRolesSchema } from './self-roles.ts';
import { DomainNameInputSchema, OrgNameSchema } from './validation.ts';
import { IP_ACL_TYPE_CODES, ORG_NEXT_TASK_CODES, ORG_ROLES, SUPPORT_TEAM_LIMIT } from './organizations-constants.ts';

// Project contracts live in projects.ts; named here too for importers of `@console/contracts/organizations`.
export { getProject, listProjects, PROJECT_SORTS, PROJECT_STATUS_CODES, ProjectIdParams, ProjectSchema, type Project, type ProjectSort } from './projects.ts';


export * from './organizations-constants.ts';

export const OrgDomainSchema = z.object({ domainId: z.string(), domainName: z.string() });

export const OrganizationSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  ownerUuid: z.string(),
  orgNextTaskCode: z.enum(ORG_NEXT_TASK_CODES),
  ipAclTypeCode: z.enum(IP_ACL_TYPE_CODES),
  orgDomainList: z.array(OrgDomainSchema),
  hasRoleInOrg: z.boolean(),
  isOrgOwner: z.boolean(),
  /** The caller's organization roles. */
  orgRoleCodes: z.array(z.enum(ORG_ROLES)),
  regDateTime: z.string(),
  /** IANA time zone of the organization (role conditions on time and day of week use it); optional for older servers. */
  timeZone: z.string().optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrgRegionSchema = z.object({
  regionCode: z.string(),
  regionName: z.string(),
  regionIconName: z.string(),
  regionPriority: z.number().int(),
  /** The region's name in each console language (regionName is the English one). */
  regionNames: z.object({ ko: z.string(), en: z.string(), ja: z.string(), zh: z.string() }).optional(),
});
export type OrgRegion = z.infer<typeof OrgRegionSchema>;

export const OrgIdParams = z.object({ orgId: z.string().uuid() });
export const listOrganizations = defineEndpoint({
  id: 'cab.listOrganizations',
  method: 'GET',
  path: '/api/cab/v7/organizations',
  summary: 'Organizations the caller belongs to',
  tag: 'organizations',
  access: SESSION,
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(ORG_LIST_LIMIT).default(ORG_LIST_LIMIT),
  }),
  response: z.object({ orgs: z.array(OrganizationSchema), paging: PagingSchema }),
});

export const getOrganization = defineEndpoint({
  id: 'cab.getOrganization',
  method: 'GET',
  path: '/api/cab/v7/organizations/:orgId',
  summary: 'One organization the caller belongs to',
  tag: 'organizations',
  access: orgPermission('params.orgId'),
  params: OrgIdParams,
  response: z.object({ org: OrganizationSchema }),
});

export const listRegions = defineEndpoint({
  id: 'cab.listRegions',
  method: 'GET',
  path: '/api/cab/v1/regions',
  summary: "Regions of an organization, GLOBAL included (the web hides it), by regionPriority",
  tag: 'organizations',
  access: orgPermission('query.orgId'),
  query: z.object({ orgId: z.string().uuid() }),
  response: z.object({ regionCodeList: z.array(z.string()), regions: z.array(OrgRegionSchema) }),
});

export const validateIpAcl = defineEndpoint({
  id: 'cab.validateIpAcl',
  method: 'GET',
  path: '/api/cab/v4/organizations/:orgId/ip-acl/validate',
  summary: "Whether the caller's IP may use the organization (its IP access rules)",
  tag: 'organizations',
  access: orgPermission('params.orgId'),
  params: OrgIdParams,
  response: z.object({ allowed: z.boolean(), clientIp: z.string() }),
});

/**
 * Spec §7 "ip-acl GET ip": the caller's address as the server sees it, and its access country when
 * known (ISO 3166-1 alpha-2, from a trusted proxy; null when unknown). Public: the IP error pages
 * show it whether or not the visitor is signed in, and it tells the caller only about themself.
 */
export const getClientIp = defineEndpoint({
  id: 'cab.getClientIp',
  method: 'GET',
  path: '/api/cab/v4/ip-acl/ip',
  summary: "The caller's IP address and access country (null when unknown), for the IP error pages",
  tag: 'organizations',
  access: PUBLIC,
  response: z.object({ clientIp: z.string(), countryCode: z.string().nullable() }),
});

// ---- organizations: create, change, delete, hand over (spec §7 "Projects and organizations") ----

export const OrgOwnerSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  restrictTypes: z.array(z.enum(RESTRICT_TYPES)),
});

/** One organization of the caller with its owner and project quota (GET v6 infos). */
export const OrgInfoSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  regDateTime: z.string(),
  hasRoleInOrg: z.boolean(),
  isOrgOwner: z.boolean(),
  orgRoleCodes: z.array(z.enum(ORG_ROLES)),
  owner: OrgOwnerSchema,
  projectCount: z.number().int(),
  projectLimit: z.number().int(),
  /** Services in use in the organization's projects (product ids, spec §3 ProductInUse); optional for older servers. */
  productIdsInUse: z.array(z.string()).optional(),
});
export type OrgInfo = z.infer<typeof OrgInfoSchema>;

/** Whether the caller may create an organization now, and if not why (the console disables the button). */
export const OrgCreationSchema = z.object({
  canCreate: z.boolean(),
  /** An account restriction, QUOTA_EXCEEDED (ORGANIZATION_QUOTA_EXCEEDED), or null when creation is allowed. */
  blockedBy: z.enum([...ACCOUNT_RESTRICTIONS, 'QUOTA_EXCEEDED']).nullable(),
  ownedOrgCount: z.number().int(),
  orgLimit: z.number().int(),
});

export const OrgBodySchema = z.object({ org: z.object({ orgName: OrgNameSchema }) });


/** PUT v5 organizations/{orgId}: the name, and optionally the time zone (checked against the supported zones). */
export const UpdateOrgBodySchema = z.object({
  org: z.object({ orgName: OrgNameSchema, timeZone: z.string().trim().min(1).max(64).optional() }),
});

/**
 * Answer of a create or rename: `duplicateNameWarning` is true when another organization the
 * caller belongs to has the same name (case and surrounding spaces aside). Spec §5 warns, it does
 * not refuse; names of other tenants' organizations are never compared (that would reveal them).
 */
const OrgWriteResponse = z.object({ org: OrganizationSchema, duplicateNameWarning: z.boolean() });

export const listOrganizationInfos = defineEndpoint({
  id: 'cab.listOrganizationInfos',
  method: 'GET',
  path: '/api/cab/v6/organizations/infos',
  summary: "The caller's organizations with owner and project quota, and whether the caller may create one",
  tag: 'organizations',
  access: SESSION,
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(ORG_LIST_LIMIT).default(ORG_LIST_LIMIT),
  }),
  response: z.object({ orgInfos: z.array(OrgInfoSchema), paging: PagingSchema, orgCreation: OrgCreationSchema }),
});

export const createOrganization = defineEndpoint({
  id: 'cab.createOrganization',
  method: 'POST',
  path: '/api/cab/v5/organizations',
  summary: 'Create an organization; the caller becomes its OWNER, with the default region KR1 (and GLOBAL)',
  tag: 'organizations',
  access: SESSION,
  body: OrgBodySchema,
  response: OrgWriteResponse,
});

export const updateOrganization = defineEndpoint({
  id: 'cab.updateOrganization',
  method: 'PUT',
  path: '/api/cab/v5/organizations/:orgId',
  summary: 'Rename an organization and optionally change its time zone (an IANA name)',
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Setting.Update'),
  params: OrgIdParams,
  body: UpdateOrgBodySchema,
  response: OrgWriteResponse,
});

/** The organization's name as typed to confirm its deletion. */
export const DeleteConfirmNameSchema = z.string().trim().min(1, { error: 'validation.required' }).max(200);

export const deleteOrganization = defineEndpoint({
  id: 'cab.deleteOrganization',
  method: 'DELETE',
  path: '/api/cab/v5/organizations/:orgId',
  summary:
    "Delete an organization (OWNER only), no body needed; a body's orgName (the console's typed confirmation) must match the name; refused while it has projects",
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Setting.Delete'),
  params: OrgIdParams,
  // Spec §7 "DELETE v5 {orgId}" has no body: the typed name is the console's confirmation, which
  // the server still checks when it is sent (docs/decisions.md "Organizations"). Fastify hands a
  // missing body to validation as null.
  body: z.object({ orgName: DeleteConfirmNameSchema.optional() }).nullish(),
  response: z.object({ orgId: z.string() }),
});

export const transferOrganizationOwnership = defineEndpoint({
  id: 'cab.transferOrganizationOwnership',
  method: 'PUT',
  path: '/api/cab/v5/organizations/:orgId/owner',
  summary: 'Hand the organization to another of its cloud members: they become OWNER, the caller ADMIN',
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Owner.Update'),
  params: OrgIdParams,
  body: z.object({ ownerUuid: z.string().uuid() }),
  response: z.object({ org: OrganizationSchema }),
});

// ---- domains (spec §5 rules, codes DOMAIN_PROHIBITED_WORD prohibited word, DOMAIN_RULE_VIOLATION rule, DUPLICATE_DOMAIN duplicate) ----

const DomainBody = z.object({ domainName: DomainNameInputSchema });

export const listOrgDomains = defineEndpoint({
  id: 'cab.listOrgDomains',
  method: 'GET',
  path: '/api/cab/v5/organizations/:orgId/domains',
  summary: "The organization's domain (where its IAM accounts sign in)",
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Domain.List'),
  params: OrgIdParams,
  response: z.object({ domains: z.array(OrgDomainSchema) }),
});

export const createOrgDomain = defineEndpoint({
  id: 'cab.createOrgDomain',
  method: 'POST',
  path: '/api/cab/v5/organizations/:orgId/domains',
  summary: 'Give the organization its domain (one per organization; change it with PUT)',
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Domain.Create'),
  params: OrgIdParams,
  body: DomainBody,
  response: z.object({ domain: OrgDomainSchema }),
});

export const updateOrgDomain = defineEndpoint({
  id: 'cab.updateOrgDomain',
  method: 'PUT',
  path: '/api/cab/v5/organizations/:orgId/domains/:domainId',
  summary: "Change the organization's domain",
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Domain.Update'),
  params: OrgIdParams.extend({ domainId: z.string().uuid() }),
  body: DomainBody,
  response: z.object({ domain: OrgDomainSchema }),
});

export const validateOrgDomain = defineEndpoint({
  id: 'cab.validateOrgDomain',
  method: 'POST',
  path: '/api/cab/v5/organizations/:orgId/domains/validation',
  summary: 'Check a domain name against the rules, the prohibited words and the domains in use',
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Domain.Create'),
  params: OrgIdParams,
  body: DomainBody,
  response: z.object({ domainName: z.string(), available: z.boolean() }),
});

// ---- regions ----

export const updateOrgRegions = defineEndpoint({
  id: 'cab.updateOrgRegions',
  method: 'PUT',
  path: '/api/cab/v1/organizations/:orgId/regions',
  summary: 'Choose the regions the organization uses (at least one besides GLOBAL; GLOBAL is always kept)',
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Setting.Update'),
  params: OrgIdParams,
  body: z.object({ regionCodeList: z.array(z.enum(REGION_CODES)).min(1).max(REGION_CODES.length * 2) }),
  response: z.object({ regionCodeList: z.array(z.string()), regions: z.array(OrgRegionSchema) }),
});

// ---- the caller's roles (spec §7 "GET self/roles"; the shape is in self-roles.ts) ----

export const getOrgSelfRoles = defineEndpoint({
  id: 'cab.getOrgSelfRoles',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/self/roles',
  summary: "The caller's roles in an organization and the permissions they give",
  tag: 'roles',
  access: orgPermission('params.orgId'),
  params: OrgIdParams,
  response: SelfRolesSchema,
});

// ---- technical support team (organization management, default settings) ----


/** A cloud member or IAM account of the organization, as the support team lists and searches them. */
export const SupportTeamMemberSchema = z.object({
  memberType: z.enum(MEMBER_TYPES),
  /** members.id of a cloud member, iam_members.id of an IAM account. */
  memberUuid: z.string(),
  name: z.string(),
  email: z.string(),
  /** The IAM ID of an IAM account; null for cloud members. */
  userCode: z.string().nullable(),
});
export type SupportTeamMember = z.infer<typeof SupportTeamMemberSchema>;

const SupportTeamAnswer = z.object({ supportTeam: z.object({ members: z.array(SupportTeamMemberSchema), limit: z.number().int() }) });

export const getOrgSupportTeam = defineEndpoint({
  id: 'cab.getOrgSupportTeam',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/settings/technical-support-team',
  summary: "The organization's technical support team: the members who handle its technical-support inquiries",
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Support.Get'),
  params: OrgIdParams,
  response: SupportTeamAnswer,
});

export const updateOrgSupportTeam = defineEndpoint({
  id: 'cab.updateOrgSupportTeam',
  method: 'PUT',
  path: '/api/cab/v6/organizations/:orgId/settings/technical-support-team',
  summary: `Set the technical support team (at most ${SUPPORT_TEAM_LIMIT}); each must be a member of the organization (else 22019)`,
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Support.Update'),
  params: OrgIdParams,
  body: z.object({
    members: z
      .array(z.object({ memberType: z.enum(MEMBER_TYPES), memberUuid: z.string().uuid() }))
      .max(SUPPORT_TEAM_LIMIT)
      .superRefine((items, ctx) => {
        const keys = items.map((item) => `${item.memberType}:${item.memberUuid}`);
        keys.forEach((key, index) => {
          if (keys.indexOf(key) !== index) ctx.addIssue({ code: 'custom', path: [index, 'memberUuid'], message: 'validation.member.alreadyAdded' });
        });
      }),
  }),
  response: SupportTeamAnswer,
});

export const searchOrgSupportTeamCandidates = defineEndpoint({
  id: 'cab.searchOrgSupportTeamCandidates',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/settings/technical-support-team/candidates',
  summary: 'Cloud members and active IAM accounts of the organization whose name, email or IAM ID contains the keyword',
  tag: 'organizations',
  access: orgPermission('params.orgId', 'Organization.Support.Update'),
  params: OrgIdParams,
  query: z.object({
    keyword: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  }),
  response: z.object({ candidates: z.array(SupportTeamMemberSchema) }),
});

// ---- members summary (the dashboard's members widget) ----

export const OrgMembersSummarySchema = z.object({
  cloudMemberCount: z.number().int(),
  /** Cloud members holding each role (a member with two roles counts in both). */
  roleCounts: z.array(z.object({ roleCode: z.string(), count: z.number().int() })),
  /** IAM accounts that have not left; null when the caller may not list IAM accounts (Organization.Member.Iam.List). */
  iamAccountCount: z.number().int().nullable(),
  /** The newest members, IAM accounts included only for callers who may list them. */
  newest: z.array(
    SupportTeamMemberSchema.extend({
      joinedDateTime: z.string(),
      orgRoleCodes: z.array(z.string()),
    }),
  ),
});
export type OrgMembersSummary = z.infer<typeof OrgMembersSummarySchema>;


export const getOrgMembersSummary = defineEndpoint({
  id: 'cab.getOrgMembersSummary',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/members/summary',
  summary: 'Counts of cloud members by role and of IAM accounts, and the newest members',
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.List'),
  params: OrgIdParams,
  response: z.object({ summary: OrgMembersSummarySchema }),
});
