import { z } from 'zod';
import { defineEndpoint, orgPermission, PUBLIC, SESSION } from './endpoint.ts';
import { MEMBERS_PER_REQUEST, MEMBER_LIST_LIMIT } from './limits.ts';
import { LOCALES } from './locales.ts';
import { likeQueryParam, listQueryParam } from './member-fields.ts';
import {
  CountryCodeSchema,
  IamNameSchema,
  LocalPathSchema,
  MemberEmailSchema,
  PasswordSchema,
  PhoneNumberInputSchema,
} from './validation.ts';
import { IAM_MEMBER_STATUSES, IAM_CREATION_TYPES, ID_PROVIDER_PROTOCOLS } from './iam-constants.ts';

export * from './iam-constants.ts';

export const IamMemberSchema = z.object({
  memberId: z.string(),
  orgId: z.string(),
  /** The IAM ID. */
  userCode: z.string(),
  name: z.string(),
  emailAddress: z.string(),
  mobileNumber: z.string().nullable(),
  countryCode: z.string(),
  status: z.enum(IAM_MEMBER_STATUSES),
  creationType: z.enum(IAM_CREATION_TYPES),
  /** The "account type" column: IAM for console-made accounts, SSO for integrated ones. */
  accountType: z.enum(['IAM', 'SSO']),
  /** Whether a password is set (spec §3: optional); without one the account cannot sign in yet. */
  hasPassword: z.boolean(),
  /** Last sign-in (spec §3 "last accessed date"). */
  lastAccessedDateTime: z.string().nullable(),
  regDateTime: z.string(),
  modDateTime: z.string(),
  /** With x-project-id: the account's roles in that project. */
  projectMemberRoleCodes: z.array(z.string()).optional(),
});
export type IamMember = z.infer<typeof IamMemberSchema>;

const OrgParams = z.object({ orgId: z.string().uuid() });
const IamMemberParams = OrgParams.extend({ memberId: z.string().uuid() });

/** An optional phone number: blank means none. */
const OptionalPhone = PhoneNumberInputSchema.nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** Orders of the IAM account list: `field,direction`. */
export const IAM_MEMBER_SORTS = [
  'userCode,asc',
  'userCode,desc',
  'name,asc',
  'name,desc',
  'email,asc',
  'email,desc',
  'regDateTime,asc',
  'regDateTime,desc',
  'lastAccessedDateTime,asc',
  'lastAccessedDateTime,desc',
] as const;
export type IamMemberSort = (typeof IAM_MEMBER_SORTS)[number];

export const listIamMembers = defineEndpoint({
  id: 'iam.listIamMembers',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/members',
  summary:
    "The organization's IAM accounts (with x-project-id: those of that project). page counts from 0 (spec: page-1); statuses defaults to STABLE and BLOCKED",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.List'),
  params: OrgParams,
  query: z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(MEMBER_LIST_LIMIT).default(20),
    statuses: listQueryParam(z.enum(IAM_MEMBER_STATUSES)),
    userCode: likeQueryParam,
    userCodeLike: likeQueryParam,
    nameLike: likeQueryParam,
    emailLike: likeQueryParam,
    sort: z.enum(IAM_MEMBER_SORTS).default('userCode,asc'),
  }),
  response: z.object({ result: z.object({ totalCount: z.number().int(), contents: z.array(IamMemberSchema) }) }),
});

/**
 * One account to create. userCode is checked by the server, which answers INVALID_MEMBER_ID (invalid),
 * DUPLICATE_MEMBER_ID (in use) or DUPLICATE_MEMBER_EMAIL (email in use) as spec §8 says; a left account's ID re-adds it.
 */
export const IamMemberInputSchema = z.object({
  userCode: z.string().trim().min(1, { error: 'validation.required' }).max(200),
  name: IamNameSchema,
  emailAddress: MemberEmailSchema,
  mobileNumber: OptionalPhone,
  countryCode: CountryCodeSchema.default('KR'),
  status: z.enum(['STABLE', 'BLOCKED']).default('STABLE'),
  creationType: z.enum(IAM_CREATION_TYPES).default('CONSOLE'),
  /** Optional (spec §3): without it the account gets a password-setup mail. */
  password: PasswordSchema.optional(),
});

export const createIamMembers = defineEndpoint({
  id: 'iam.createIamMembers',
  method: 'POST',
  path: '/api/iam/v4/organizations/:orgId/members',
  summary: 'Create IAM accounts (all or none); an ID of a left account re-adds it',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Create'),
  params: OrgParams,
  body: z.object({ members: z.array(IamMemberInputSchema).min(1).max(MEMBERS_PER_REQUEST) }),
  response: z.object({ result: z.object({ contents: z.array(IamMemberSchema) }) }),
});

export const getIamMember = defineEndpoint({
  id: 'iam.getIamMember',
  method: 'GET',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId',
  summary: 'One IAM account of the organization',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Get'),
  params: IamMemberParams,
  response: z.object({ member: IamMemberSchema }),
});

/**
 * The signed-in IAM account's own information (spec §2 /iam-information, §3 IAM member columns):
 * the account and its organization. Needs no permission — it describes only the caller; a cloud
 * member has no IAM account to describe (IAM_MEMBER_NOT_FOUND).
 */
export const getIamSelf = defineEndpoint({
  id: 'iam.getSelf',
  method: 'GET',
  path: '/api/iam/v4/members/self',
  summary: "The signed-in IAM account's own information and its organization (21008 for a cloud member)",
  tag: 'iam',
  access: SESSION,
  response: z.object({
    member: IamMemberSchema,
    organization: z.object({
      orgId: z.string(),
      orgName: z.string(),
      /** Where the account signs in (/login?domain=…); null while the organization has none. */
      domain: z.string().nullable(),
    }),
  }),
});

export const updateIamMember = defineEndpoint({
  id: 'iam.updateIamMember',
  method: 'PUT',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId',
  summary: "Edit an IAM account's name, email and phone (not SSO accounts: 21007)",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Update'),
  params: IamMemberParams,
  body: z.object({
    name: IamNameSchema,
    emailAddress: MemberEmailSchema,
    mobileNumber: OptionalPhone,
    /** Kept when absent. */
    countryCode: CountryCodeSchema.optional(),
  }),
  response: z.object({ member: IamMemberSchema }),
});

export const updateIamMemberStatus = defineEndpoint({
  id: 'iam.updateIamMemberStatus',
  method: 'PUT',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId/status',
  summary: 'Suspend (BLOCKED; its sessions end) or re-allow (STABLE) an IAM account',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Update'),
  params: IamMemberParams,
  body: z.object({ status: z.enum(['STABLE', 'BLOCKED']) }),
  response: z.object({ member: IamMemberSchema }),
});

export const deleteIamMember = defineEndpoint({
  id: 'iam.deleteIamMember',
  method: 'DELETE',
  path: '/api/iam/v4/organizations/:orgId/members/:memberId',
  summary: 'Delete an IAM account: it becomes LEAVED, leaves its projects and its sessions end; its ID can be re-added',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Delete'),
  params: IamMemberParams,
  response: z.object({ memberId: z.string() }),
});

export const sendPasswordSetupMail = defineEndpoint({
  id: 'iam.sendPasswordSetupMail',
  method: 'POST',
  path: '/api/iam/v7/organizations/:orgId/members/:memberId/send-password-setup-mail',
  summary: 'Mail the account a single-use link (24 hours) to set its password, in `locale`; after it the browser goes to returnUrl',
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Member.Iam.Update'),
  params: IamMemberParams,
  body: z.object({ locale: z.enum(LOCALES).optional(), returnUrl: LocalPathSchema.optional() }),
  response: z.object({ expireDateTime: z.string() }),
});

const TokenParams = z.object({ token: z.string().min(1).max(200) });

export const getPasswordSetup = defineEndpoint({
  id: 'iam.getPasswordSetup',
  method: 'GET',
  path: '/api/iam/v7/password-setup/:token',
  summary: 'The account a password-setup link is for (21006 when the link is unknown, used or expired)',
  tag: 'iam',
  access: PUBLIC,
  params: TokenParams,
  response: z.object({
    passwordSetup: z.object({
      orgName: z.string(),
      /** Where the account signs in (/login?domain=…); null while the organization has no domain. */
      domain: z.string().nullable(),
      userCode: z.string(),
      name: z.string(),
      expireDateTime: z.string(),
    }),
  }),
});

export const completePasswordSetup = defineEndpoint({
  id: 'iam.completePasswordSetup',
  method: 'POST',
  path: '/api/iam/v7/password-setup/:token',
  summary: 'Set the password with a password-setup link (spec §5 rules); the link is used up and the account signs in at its domain',
  tag: 'iam',
  access: PUBLIC,
  params: TokenParams,
  body: z.object({ password: PasswordSchema, passwordConfirm: z.string().max(200).optional() }),
  response: z.object({ domain: z.string().nullable(), userCode: z.string(), returnUrl: z.string() }),
});

export const IdProviderSchema = z.object({
  idProviderId: z.string(),
  name: z.string(),
  protocol: z.enum(ID_PROVIDER_PROTOCOLS),
  enabled: z.boolean(),
  regDateTime: z.string(),
});

export const listIdProviders = defineEndpoint({
  id: 'iam.listIdProviders',
  method: 'GET',
  path: '/api/iam/v6/organizations/:orgId/id-providers',
  summary: "The organization's identity providers (none by default); their accounts are IAM accounts of creationType SSO",
  tag: 'iam',
  access: orgPermission('params.orgId', 'Organization.Setting.Iam.List'),
  params: OrgParams,
  response: z.object({ idProviders: z.array(IdProviderSchema) }),
});
