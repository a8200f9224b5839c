import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { defineEndpoint, orgPermission, PUBLIC, SESSION } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { MEMBERS_PER_REQUEST } from './limits.ts';
import { likeQueryParam, listQueryParam, MEMBER_STATUS_CODES, MemberPagingQuery } from './member-fields.ts';
import { ORG_ROLE_NAMES } from './permissions.ts';
import {
  MemberEmailSchema,
  OrgRoleListSchema,
  PasswordSchema,
  PersonNameSchema,
} from './validation.ts';

/** Account types of a cloud member (spec §3 MemberProfile). */
export const ACCOUNT_TYPES = ['CORPORATION', 'INDIVIDUAL', 'INDIVIDUAL_PARTNER', 'NONE', 'PARTNER', 'UNINCORPORATION'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Accounts signed up through the partner program: they cannot create organizations (spec §6). */
export const PARTNER_ACCOUNT_TYPES: readonly AccountType[] = ['PARTNER', 'INDIVIDUAL_PARTNER'];

/** Restrictions the platform puts on a cloud member (spec §3 MemberProfile.restrictTypes). */
export const RESTRICT_TYPES = [
  'APPKEY_CONSOLE_VERIFY',
  'BLOCK_MARKET_PLACE_PRODUCT_APPLY',
  'CONSOLE_BLOCK',
  'ORG_CREATE',
  'ORG_TRANSFER',
  'PRODUCT_ENABLE',
  'PRODUCT_VALIDATE_ENABLE',
  'PROJECT_CREATE',
  'PROJECT_TRANSFER',
] as const;
export type RestrictType = (typeof RESTRICT_TYPES)[number];

/**
 * Why an account may not do something, sent as `restriction` next to result code ACCOUNT_RESTRICTED: one of
 * the restrictTypes, or the kind of account (partner sign-up, IAM account).
 */
export const ACCOUNT_RESTRICTIONS = [...RESTRICT_TYPES, 'PARTNER_ACCOUNT', 'IAM_ACCOUNT'] as const;
export type AccountRestriction = (typeof ACCOUNT_RESTRICTIONS)[number];

// ==== organization members, invitations, profiles, contacts (spec §3, §4, §5, §6, §7) ====
// Path params are declared here rather than taken from organizations.ts, which imports this module.
// Project members are in project-members.ts, what member calls share in member-fields.ts; both are
// named here too for importers of `@console/contracts/members`.
export * from './member-fields.ts';
export * from './project-members.ts';

/** Invitation states (spec §4): WAIT in progress, COMPLETE accepted, EXPIRE past 30 days, UNKNOWN anything else. */
export const INVITATION_STATUSES = ['WAIT', 'COMPLETE', 'EXPIRE', 'UNKNOWN'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * Console pages the mails link to. The token travels in the fragment (`#token=…`), which browsers
 * never send to a server, so it stays out of access logs and Referer headers.
 */
export const INVITATION_PAGE_PATH = '/invitation';
export const PASSWORD_SETUP_PAGE_PATH = '/iam/password-setup';
export const tokenPageUrl = (publicUrl: string, pagePath: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${pagePath}#token=${encodeURIComponent(token)}`;

const OrgParams = z.object({ orgId: z.string().uuid() });
/** A 256-bit token in base64url (43 characters); anything else is simply not found. */
const TokenParams = z.object({ token: z.string().min(1).max(200) });

// ---- organization (cloud) members ----

/** Orders of the organization member list: `field,direction` (regDateTime: when they joined). */
export const ORG_MEMBER_SORTS = ['regDateTime,asc', 'regDateTime,desc', 'name,asc', 'name,desc', 'email,asc', 'email,desc'] as const;
export type OrgMemberSort = (typeof ORG_MEMBER_SORTS)[number];

export const OrgMemberSchema = z.object({
  memberUuid: z.string(),
  memberType: z.literal('TOAST_CLOUD'),
  email: z.string(),
  name: z.string(),
  mobileNumber: z.string().nullable(),
  orgRoleCodes: z.array(z.enum(ORG_ROLE_NAMES)),
  isOrgOwner: z.boolean(),
  /** The account's state (spec §4). */
  memberStatusCode: z.enum(MEMBER_STATUS_CODES),
  /** When the member joined the organization. */
  regDateTime: z.string(),
});
export type OrgMember = z.infer<typeof OrgMemberSchema>;

export const OrgInvitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  orgRoleCodes: z.array(z.enum(ORG_ROLE_NAMES)),
  invitationStatus: z.enum(INVITATION_STATUSES),
  invitedByUuid: z.string().nullable(),
  invitedByName: z.string().nullable(),
  /** The last time the invitation mail was sent; it expires 30 days after (spec §9). */
  sentDateTime: z.string(),
  expireDateTime: z.string(),
  acceptedDateTime: z.string().nullable(),
  regDateTime: z.string(),
});
export type OrgInvitation = z.infer<typeof OrgInvitationSchema>;

const OrgMemberParams = OrgParams.extend({ memberId: z.string().uuid() });
const InvitationParams = OrgParams.extend({ invitationId: z.string().uuid() });

export const listOrgMembers = defineEndpoint({
  id: 'cab.listOrgMembers',
  method: 'GET',
  path: '/api/cab/v5/organizations/:orgId/members',
  summary: "The organization's cloud members with their roles, searched by email and name, a page at a time",
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.List'),
  params: OrgParams,
  query: MemberPagingQuery.extend({
    emailLike: likeQueryParam,
    nameLike: likeQueryParam,
    sort: z.enum(ORG_MEMBER_SORTS).default('regDateTime,asc'),
  }),
  response: z.object({ members: z.array(OrgMemberSchema), paging: PagingSchema }),
});

export const getOrgMember = defineEndpoint({
  id: 'cab.getOrgMember',
  method: 'GET',
  path: '/api/cab/v5/organizations/:orgId/members/:memberId',
  summary: 'One cloud member of the organization with their roles (22019 when not a member)',
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.Get'),
  params: OrgMemberParams,
  response: z.object({ member: OrgMemberSchema }),
});

export const updateOrgMemberRoles = defineEndpoint({
  id: 'cab.updateOrgMemberRoles',
  method: 'PUT',
  path: '/api/cab/v5/organizations/:orgId/members/:memberId',
  summary: "Change a member's organization roles (not the OWNER's: 12101; OWNER is handed over, not assigned)",
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.Update'),
  params: OrgMemberParams,
  body: z.object({ orgRoleCodes: OrgRoleListSchema }),
  response: z.object({ member: OrgMemberSchema }),
});

export const removeOrgMember = defineEndpoint({
  id: 'cab.removeOrgMember',
  method: 'DELETE',
  path: '/api/cab/v5/organizations/:orgId/members/:memberId',
  summary: 'Remove a cloud member from the organization and its projects (not the OWNER, not a project owner or sole project ADMIN)',
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.Delete'),
  params: OrgMemberParams,
  response: z.object({ memberUuid: z.string() }),
});

export const listOrgInvitations = defineEndpoint({
  id: 'cab.listOrgInvitations',
  method: 'GET',
  path: '/api/cab/v5/organizations/:orgId/invitations',
  summary: "The organization's invitations, newest first; past-due ones read EXPIRE",
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.List'),
  params: OrgParams,
  query: MemberPagingQuery.extend({
    emailLike: likeQueryParam,
    invitationStatuses: listQueryParam(z.enum(INVITATION_STATUSES)),
  }),
  response: z.object({ invitations: z.array(OrgInvitationSchema), paging: PagingSchema }),
});

/** Emails to invite, each once ('Already added user' on a repeat). */
export const InvitationEmailListSchema = z
  .array(MemberEmailSchema)
  .min(1, { error: 'validation.email.required' })
  .max(MEMBERS_PER_REQUEST)
  .superRefine((emails, ctx) => {
    emails.forEach((email, index) => {
      if (emails.indexOf(email) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.member.alreadyAdded' });
    });
  });

export const inviteOrgMembers = defineEndpoint({
  id: 'cab.inviteOrgMembers',
  method: 'POST',
  path: '/api/cab/v5/organizations/:orgId/invitations',
  summary: 'Invite people by email with organization roles (OWNER excluded); each gets a mail with a link valid 30 days',
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.Create'),
  params: OrgParams,
  body: z.object({ emailList: InvitationEmailListSchema, orgRoleCodes: OrgRoleListSchema }),
  response: z.object({ invitations: z.array(OrgInvitationSchema) }),
});

export const resendOrgInvitation = defineEndpoint({
  id: 'cab.resendOrgInvitation',
  method: 'POST',
  path: '/api/cab/v5/organizations/:orgId/invitations/:invitationId/resend',
  summary: 'Send an invitation again with a new link and a new 30-day expiry (21001 within a minute of the last send)',
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.Create'),
  params: InvitationParams,
  response: z.object({ invitation: OrgInvitationSchema }),
});

export const cancelOrgInvitation = defineEndpoint({
  id: 'cab.cancelOrgInvitation',
  method: 'DELETE',
  path: '/api/cab/v5/organizations/:orgId/invitations/:invitationId',
  summary: 'Withdraw an invitation that is not accepted yet; its link stops working',
  tag: 'members',
  access: orgPermission('params.orgId', 'Organization.Member.Delete'),
  params: InvitationParams,
  response: z.object({ invitationId: z.string() }),
});

/** What the holder of an invitation link may see. */
export const PublicInvitationSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  email: z.string(),
  orgRoleCodes: z.array(z.enum(ORG_ROLE_NAMES)),
  invitationStatus: z.enum(INVITATION_STATUSES),
  inviterName: z.string().nullable(),
  inviterEmail: z.string().nullable(),
  expireDateTime: z.string(),
  /** Whether a cloud account with the invited email exists: sign in to accept, else sign up here. */
  accountExists: z.boolean(),
});

export const getInvitation = defineEndpoint({
  id: 'cab.getInvitation',
  method: 'GET',
  path: '/api/cab/v5/invitations/:token',
  summary: 'An invitation by the token of its link: who invites, to which organization, its state',
  tag: 'members',
  access: PUBLIC,
  params: TokenParams,
  response: z.object({ invitation: PublicInvitationSchema }),
});

export const AcceptInvitationBodySchema = z.object({
  /** Only for a person without an account, who signs up here. */
  name: PersonNameSchema.optional(),
  password: PasswordSchema.optional(),
  passwordConfirm: z.string().max(200).optional(),
});

export const acceptInvitation = defineEndpoint({
  id: 'cab.acceptInvitation',
  method: 'POST',
  path: '/api/cab/v5/invitations/:token/accept',
  summary:
    'Accept an invitation: a signed-in cloud member with the invited email joins; a person without an account signs up (name, password) and joins in one step',
  tag: 'members',
  access: PUBLIC,
  params: TokenParams,
  body: AcceptInvitationBodySchema,
  response: z.object({
    orgId: z.string(),
    orgName: z.string(),
    memberUuid: z.string(),
    /** True when the call created the account (the person signs in next). */
    signedUp: z.boolean(),
    nextUrl: z.string(),
  }),
});

// ---- member profiles (spec §3 MemberProfile, §7 "Members") ----

/** Fields of a MemberProfile, as the x-field-filter header names them (comma-separated). */
export const MEMBER_PROFILE_FIELDS = [
  'uuid',
  'memberType',
  'accountType',
  'name',
  'email',
  'mobileNumber',
  'country',
  'corporationName',
  'restrictTypes',
] as const;
export type MemberProfileField = (typeof MEMBER_PROFILE_FIELDS)[number];

/** Spec §3 MemberProfile; every field is optional because x-field-filter may leave it out. */
export const MemberProfileSchema = z.object({
  uuid: z.string().optional(),
  memberType: z.enum(MEMBER_TYPES).optional(),
  accountType: z.enum(ACCOUNT_TYPES).optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  mobileNumber: z.string().nullable().optional(),
  country: z.string().optional(),
  corporationName: z.string().nullable().optional(),
  restrictTypes: z.array(z.enum(RESTRICT_TYPES)).optional(),
});

const MemberParams = z.object({ memberId: z.string().uuid() });

export const getMemberProfile = defineEndpoint({
  id: 'cab.getMemberProfile',
  method: 'GET',
  path: '/api/cab/v5/members/:memberId/profiles',
  summary:
    "A member's profile, the fields x-field-filter names (all without it): the caller's own, or a member of an organization the caller administers",
  tag: 'members',
  access: SESSION,
  params: MemberParams,
  response: z.object({ memberProfile: MemberProfileSchema }),
});

export const getMemberExist = defineEndpoint({
  id: 'cab.getMemberExist',
  method: 'GET',
  path: '/api/cab/v6/members/:memberId/exist',
  summary: 'Whether an active member exists, among the caller and the members of organizations the caller administers',
  tag: 'members',
  access: SESSION,
  params: MemberParams,
  response: z.object({ exist: z.boolean(), memberType: z.enum(MEMBER_TYPES).nullable() }),
});

export const getCorporationProfile = defineEndpoint({
  id: 'cab.getCorporationProfile',
  method: 'GET',
  path: '/api/cab/v4/members/:memberId/corporation-profiles',
  summary: "A cloud member's corporation profile: the caller's own, or a member of an organization the caller administers",
  tag: 'members',
  access: SESSION,
  params: MemberParams,
  response: z.object({
    corporationProfile: z.object({
      uuid: z.string(),
      accountType: z.enum(ACCOUNT_TYPES),
      corporationName: z.string().nullable(),
      country: z.string(),
      bizMember: z.boolean(),
    }),
  }),
});

// ---- member contacts (spec §7 "Members: … contacts") ----

/** `?uuids=a&uuids=b` (spec §7: arrays as repeated keys) or `?uuids=a,b`: 1 to MEMBERS_PER_REQUEST ids. */
const ContactIdsQuery = z.preprocess(
  (value) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(',')).map((part) => part.trim()).filter(Boolean),
  z.array(z.string().uuid()).min(1, { error: 'validation.required' }).max(MEMBERS_PER_REQUEST),
);

/**
 * How to reach a member of the organization. Others' personal data (email, phone; an IAM
 * account's name and ID too) is answered only to the member themselves and to callers who may
 * list that kind of member there (Organization.Member.List, Organization.Member.Iam.List);
 * anyone else gets null in those fields and `personalDataHidden: true`.
 */
export const MemberContactSchema = z.object({
  uuid: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  name: z.string().nullable(),
  /** An IAM account's ID; null for cloud members. */
  userCode: z.string().nullable(),
  email: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  countryCode: z.string().nullable(),
  personalDataHidden: z.boolean(),
});
export type MemberContact = z.infer<typeof MemberContactSchema>;

export const getMemberContacts = defineEndpoint({
  id: 'cab.getMemberContacts',
  method: 'GET',
  path: '/api/cab/v5/members/contacts',
  summary:
    "Contacts (name, email, phone) of members of an organization, in the order asked; ids that are not its members are left out. Others' email and phone only for callers who may list those members",
  tag: 'members',
  access: orgPermission('query.orgId'),
  query: z.object({ orgId: z.string().uuid(), uuids: ContactIdsQuery }),
  response: z.object({ contacts: z.array(MemberContactSchema) }),
});
