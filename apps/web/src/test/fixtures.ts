import type { ConsoleConfig } from '@console/contracts/config';
import type { Session } from '@console/contracts/auth';
import type { OrgInfo, Organization, OrgRegion, Project } from '@console/contracts/organizations';
import type { IamMember } from '@console/contracts/iam';
import type { OrgMember, ProjectMember } from '@console/contracts/members';
import { BUILT_IN_ORG_ROLES, BUILT_IN_PROJECT_ROLES, type OrgRoleName } from '@console/contracts/permissions';

/** Answers of the API as a test needs them, typed from the contracts. */
export const ORG_ID = '0c7e3f52-8f3d-4c59-a3a8-1d2b7e4f9a10';
export const PROJECT_ID = '5b2f9a41-2c7d-4e8b-9f10-3a4b5c6d7e8f';
export const OWNER_UUID = '1d0e9b7a-6c5d-4e3f-8a2b-1c0d9e8f7a6b';

export const session = (patch: Partial<Session> = {}): Session => ({
  id: 's1',
  userName: 'Kim Cloud',
  email: 'kim@example.com',
  mobileNumber: null,
  bizMember: false,
  uuid: OWNER_UUID,
  country: 'KR',
  partnerOwner: false,
  memberType: 'TOAST_CLOUD',
  orgId: null,
  domain: null,
  expiresAt: '2026-12-01T00:00:00Z',
  ...patch,
});

export const organization = (patch: Partial<Organization> = {}): Organization => ({
  orgId: ORG_ID,
  orgName: 'Acme Cloud',
  ownerUuid: OWNER_UUID,
  orgNextTaskCode: 'NONE',
  ipAclTypeCode: 'COMMON',
  orgDomainList: [],
  hasRoleInOrg: true,
  isOrgOwner: true,
  orgRoleCodes: ['OWNER'],
  regDateTime: '2026-11-01T00:00:00Z',
  ...patch,
});

export const orgInfo = (patch: Partial<OrgInfo> = {}): OrgInfo => ({
  orgId: ORG_ID,
  orgName: 'Acme Cloud',
  regDateTime: '2026-11-01T00:00:00Z',
  hasRoleInOrg: true,
  isOrgOwner: true,
  orgRoleCodes: ['OWNER'],
  owner: { uuid: OWNER_UUID, name: 'Kim Cloud', email: 'kim@example.com', country: 'KR', restrictTypes: [] },
  projectCount: 0,
  projectLimit: 5,
  ...patch,
});

/** The organization infos call's answer: these infos (one, unless given), and creation allowed. */
export const orgInfosAnswer = (orgInfos: OrgInfo[] = [orgInfo()]) => ({
  orgInfos,
  paging: { page: 1, limit: 9999, totalCount: orgInfos.length },
  orgCreation: { canCreate: true, blockedBy: null, ownedOrgCount: 1, orgLimit: 10 },
});

export const project = (patch: Partial<Project> = {}): Project => ({
  projectOrgId: ORG_ID,
  projectId: PROJECT_ID,
  shortenProjectId: '5b2f9a41',
  projectName: 'Web Service',
  projectOwnerId: OWNER_UUID,
  projectMemberRoleCodes: ['ADMIN'],
  projectStatusCode: 'STABLE',
  projectDescription: '',
  projectIaasTenantId: PROJECT_ID.replaceAll('-', ''),
  regDateTime: '2026-11-01T00:00:00Z',
  modDateTime: '2026-11-01T00:00:00Z',
  ownerEmail: 'kim@example.com',
  ownerName: 'Kim Cloud',
  canDelete: true,
  orgName: 'Acme Cloud',
  ...patch,
});

export const regions: OrgRegion[] = [
  { regionCode: 'GLOBAL', regionName: 'Global', regionIconName: 'global', regionPriority: 0 },
  { regionCode: 'KR1', regionName: 'Korea (Pangyo)', regionIconName: 'kor', regionPriority: 1 },
];

/** The self/roles answer of a caller holding one built-in organization role. */
export const orgSelfRoles = (role: OrgRoleName, orgId = ORG_ID) => ({
  roles: [{ category: 'ORG_ROLE' as const, roleName: role, categoryKey: orgId }],
  permissions: [...BUILT_IN_ORG_ROLES[role]].sort(),
  roleGroups: [],
});

/** The self/roles answer of a project ADMIN of PROJECT_ID; `permissions` narrows what the role holds. */
export const projectAdminSelfRoles = (permissions: readonly string[] = BUILT_IN_PROJECT_ROLES.ADMIN) => ({
  roles: [{ category: 'PROJECT_ROLE' as const, roleName: 'ADMIN', categoryKey: PROJECT_ID }],
  permissions: [...permissions],
  roleGroups: [],
});

/** A project member as the project member calls answer it: a cloud MEMBER, Lee Member, unless patched. */
export const projectMember = (patch: Partial<ProjectMember> = {}): ProjectMember => ({
  projectMemberUuid: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  memberType: 'TOAST_CLOUD',
  userCode: null,
  email: 'lee@example.com',
  name: 'Lee Member',
  projectMemberRoleCodeList: ['MEMBER'],
  projectMemberStatusCode: 'STABLE',
  isProjectOwner: false,
  memberStatusCode: 'STABLE',
  regDateTime: '2026-11-20T00:00:00Z',
  ...patch,
});

/** An IAM account of ORG_ID as the IAM member calls answer it: iam.user, Jung IAM, in use, unless patched. */
export const iamMember = (patch: Partial<IamMember> = {}): IamMember => ({
  memberId: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  orgId: ORG_ID,
  userCode: 'iam.user',
  name: 'Jung IAM',
  emailAddress: 'jung@example.com',
  mobileNumber: null,
  countryCode: 'KR',
  status: 'STABLE',
  creationType: 'CONSOLE',
  accountType: 'IAM',
  hasPassword: true,
  lastAccessedDateTime: null,
  regDateTime: '2026-11-01T00:00:00Z',
  modDateTime: '2026-11-01T00:00:00Z',
  ...patch,
});

/** A row of the organization members list: a cloud MEMBER in STABLE state, mailed at `<name>@example.com`. */
export const orgMember = (memberUuid: string, name: string, patch: Partial<OrgMember> = {}): OrgMember => ({
  memberUuid,
  memberType: 'TOAST_CLOUD',
  email: `${name.toLowerCase()}@example.com`,
  name,
  mobileNumber: null,
  orgRoleCodes: ['MEMBER'],
  isOrgOwner: false,
  memberStatusCode: 'STABLE',
  regDateTime: '2026-11-01T00:00:00.000Z',
  ...patch,
});

/** Every edition feature on, but those given. */
export const consoleFeatures = (overrides: Partial<ConsoleConfig['features']> = {}): ConsoleConfig['features'] => ({
  partner: true,
  marketplace: true,
  technicalSupport: true,
  station: true,
  customDashboard: true,
  costAnalysis: true,
  projectAuthInfo: true,
  ...overrides,
});
