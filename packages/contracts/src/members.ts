import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { defineEndpoint, orgPermission, projectPermission, PUBLIC, SESSION } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { MEMBERS_PER_REQUEST, MEMBER_LIST_LIMIT } from './limits.ts';
import { ORG_ROLE_NAMES } from './permissions.ts';
import { ProjectMemberRoleGroupSchema } from './role-groups.ts';
import {
  MemberEmailSchema,
  OrgRoleListSchema,
  PasswordSchema,
  PersonNameSchema,
  projectRoleListMessage,
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

// ==== organization members, invitations, project members, profiles (spec §3, §4, §5, §6, §7) ====
// Path params are declared here rather than taken from organizations.ts, which imports this module.

/** Invitation states (spec §4): WAIT in progress, COMPLETE accepted, EXPIRE past 30 days, UNKNOWN anything else. */
export const INVITATION_STATUSES = ['WAIT', 'COMPLETE', 'EXPIRE', 'UNKNOWN'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** Account states (spec §4): normal, being invited, suspended, left. */
export const MEMBER_STATUS_CODES = ['STABLE', 'INVITED', 'BLOCKED', 'LEAVED'] as const;
export const PROJECT_MEMBER_STATUS_CODES = ['STABLE'] as const;

/**
 * Console pages the mails link to. The token travels in the fragment (`#token=…`), which browsers
 * never send to a server, so it stays out of access logs and Referer headers.
 */
export const INVITATION_PAGE_PATH = '/invitation';
export const PASSWORD_SETUP_PAGE_PATH = '/iam/password-setup';
export const tokenPageUrl = (publicUrl: string, pagePath: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${pagePath}#token=${encodeURIComponent(token)}`;

const OrgParams = z.object({ orgId: z.string().uuid() });
const ProjectParams = z.object({ projectId: z.string().uuid() });
/** A 256-bit token in base64url (43 characters); anything else is simply not found. */
const TokenParams = z.object({ token: z.string().min(1).max(200) });

/** `?a=1&a=2` (spec §7: arrays as repeated keys) or `?a=1,2`; values trimmed, empty ones dropped. */
export const listQueryParam = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      value === undefined
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((part) => String(part).split(',')).map((part) => part.trim()).filter(Boolean),
    z.array(item).max(50).optional(),
  );
/** A "contains" search term; blank means no filter. */
export const likeQueryParam = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value ? value : undefined));

const MemberPagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MEMBER_LIST_LIMIT).default(20),
});

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

// ---- project members (spec §7 "Projects and organizations") ----

export const ProjectMemberSchema = z.object({
  /** members.id of a cloud member, iam_members.id of an IAM account. */
  projectMemberUuid: z.string(),
  memberType: z.enum(MEMBER_TYPES),
  /** The IAM ID of an IAM account; null for cloud members. */
  userCode: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  projectMemberRoleCodeList: z.array(z.string()),
  projectMemberStatusCode: z.enum(PROJECT_MEMBER_STATUS_CODES),
  isProjectOwner: z.boolean(),
  memberStatusCode: z.enum(MEMBER_STATUS_CODES),
  regDateTime: z.string(),
  /** The role groups the member holds in the project (its own groups and the organization's common ones). */
  projectMemberRoleGroups: z.array(ProjectMemberRoleGroupSchema).optional(),
});
export type ProjectMember = z.infer<typeof ProjectMemberSchema>;

const ProjectMemberParams = ProjectParams.extend({ memberId: z.string().uuid() });

export const listProjectMembers = defineEndpoint({
  id: 'cab.listProjectMembers',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/members',
  summary: "The project's members (cloud members and IAM accounts) with their project roles",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.List'),
  params: ProjectParams,
  query: MemberPagingQuery.extend({
    emailLike: likeQueryParam,
    nameLike: likeQueryParam,
    memberTypeCode: z.enum(MEMBER_TYPES).optional(),
  }),
  response: z.object({ projectMembers: z.array(ProjectMemberSchema), paging: PagingSchema }),
});

export const getProjectMember = defineEndpoint({
  id: 'cab.getProjectMember',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/members/:memberId',
  summary:
    'One member of the project (cloud member or IAM account) with their project roles and role groups (12100 when not a member of this project; an IAM account also needs Project.Member.Iam.Get)',
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Get'),
  params: ProjectMemberParams,
  response: z.object({ projectMember: ProjectMemberSchema }),
});

export const listProjectMemberCandidates = defineEndpoint({
  id: 'cab.listProjectMemberCandidates',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/member-candidates',
  summary: "Members of the project's organization (cloud members and active IAM accounts) not yet in the project, to add",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Create'),
  params: ProjectParams,
  query: MemberPagingQuery.extend({ keyword: likeQueryParam, memberTypeCode: z.enum(MEMBER_TYPES).optional() }),
  response: z.object({
    candidates: z.array(
      z.object({
        memberUuid: z.string(),
        memberType: z.enum(MEMBER_TYPES),
        userCode: z.string().nullable(),
        email: z.string(),
        name: z.string(),
      }),
    ),
    paging: PagingSchema,
  }),
});

/** A batch item's roles: the role rules apply, an empty list is the batch's own refusal (PROJECT_MEMBERS_WITHOUT_ROLES). */
const BatchProjectRoleListSchema = z
  .array(z.string().trim().toUpperCase().max(64))
  .max(64)
  .superRefine((roles, ctx) => {
    const problem = roles.length === 0 ? undefined : projectRoleListMessage(roles);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
  });

/** Role groups to give a project member (ids of the project's groups or the organization's common ones); none twice. */
export const ProjectMemberRoleGroupIdListSchema = z
  .array(z.string().uuid())
  .max(64)
  .superRefine((ids, ctx) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) ctx.addIssue({ code: 'custom', path: [index], message: 'validation.roles.duplicate' });
    });
  });

/** A membership holds at least one role or one role group. */
const requireRoleOrGroup = (
  value: { projectMemberRoleCodeList: readonly string[]; projectMemberRoleGroupIdList?: readonly string[] | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.projectMemberRoleCodeList.length === 0 && (value.projectMemberRoleGroupIdList ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['projectMemberRoleCodeList'], message: 'validation.roles.required' });
  }
};

export const addProjectMember = defineEndpoint({
  id: 'cab.addProjectMember',
  method: 'POST',
  path: '/api/cab/v5/projects/:projectId/members',
  summary:
    'Add a member of the organization (cloud member, or IAM account of the organization) to the project with project roles',
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Create'),
  params: ProjectParams,
  body: z
    .object({
      projectMemberUuid: z.string().uuid(),
      /** May be empty when role groups are given. */
      projectMemberRoleCodeList: BatchProjectRoleListSchema,
      projectMemberRoleGroupIdList: ProjectMemberRoleGroupIdListSchema.optional(),
      projectMemberStatusCode: z.enum(PROJECT_MEMBER_STATUS_CODES).default('STABLE'),
    })
    .superRefine(requireRoleOrGroup),
  response: z.object({ projectMember: ProjectMemberSchema }),
});

export const updateProjectMember = defineEndpoint({
  id: 'cab.updateProjectMember',
  method: 'PUT',
  path: '/api/cab/v5/projects/:projectId/members/:memberId',
  summary: "Change a project member's roles (the sole ADMIN keeps ADMIN: 10012)",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Update'),
  params: ProjectMemberParams,
  body: z
    .object({
      /** May be empty when role groups are given. */
      projectMemberRoleCodeList: BatchProjectRoleListSchema,
      /** Replaces the member's role groups; left as they are when absent. */
      projectMemberRoleGroupIdList: ProjectMemberRoleGroupIdListSchema.optional(),
    })
    .superRefine(requireRoleOrGroup),
  response: z.object({ projectMember: ProjectMemberSchema }),
});

export const updateProjectMembers = defineEndpoint({
  id: 'cab.updateProjectMembers',
  method: 'PUT',
  path: '/api/cab/v5/projects/:projectId/members',
  summary:
    "Change several project members' roles at once: all or nothing (10010 when a member would have no role, 10012 when no ADMIN would remain)",
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Update'),
  params: ProjectParams,
  body: z.object({
    projectMembers: z
      .array(z.object({ projectMemberUuid: z.string().uuid(), projectMemberRoleCodeList: BatchProjectRoleListSchema }))
      .min(1)
      .max(MEMBERS_PER_REQUEST)
      .superRefine((items, ctx) => {
        const ids = items.map((item) => item.projectMemberUuid);
        ids.forEach((id, index) => {
          if (ids.indexOf(id) !== index) {
            ctx.addIssue({ code: 'custom', path: [index, 'projectMemberUuid'], message: 'validation.member.alreadyAdded' });
          }
        });
      }),
  }),
  response: z.object({ projectMembers: z.array(ProjectMemberSchema) }),
});

export const removeProjectMember = defineEndpoint({
  id: 'cab.removeProjectMember',
  method: 'DELETE',
  path: '/api/cab/v5/projects/:projectId/invited-members/:memberId',
  summary: 'Remove a member from the project (not its owner; not the sole ADMIN: 10012)',
  tag: 'members',
  access: projectPermission('params.projectId', 'Project.Member.Delete'),
  params: ProjectMemberParams,
  response: z.object({ projectMemberUuid: z.string() }),
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
