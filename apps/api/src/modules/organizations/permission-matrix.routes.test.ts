import { randomUUID } from 'node:crypto';
import {
  acceptInvitation,
  addProjectMember,
  cancelOrgInvitation,
  completePasswordSetup,
  createIamMembers,
  deleteIamMember,
  getCorporationProfile,
  getIamMember,
  getInvitation,
  getMemberExist,
  getMemberProfile,
  getPasswordSetup,
  inviteOrgMembers,
  listDevOutbox,
  listIamMembers,
  listIdProviders,
  listOrgInvitations,
  listOrgMembers,
  listProjectMemberCandidates,
  listProjectMembers,
  removeOrgMember,
  removeProjectMember,
  resendOrgInvitation,
  sendPasswordSetupMail,
  updateIamMember,
  updateIamMemberStatus,
  updateOrgMemberRoles,
  updateProjectMember,
  updateProjectMembers,
  createOrganization,
  createOrgDomain,
  createProject,
  deleteOrganization,
  deleteProject,
  getOrganization,
  getOrgSelfRoles,
  getProject,
  getProjectSelfRoles,
  listMyProjects,
  listOrganizationInfos,
  listOrganizations,
  listOrgDomains,
  listProjects,
  listRegions,
  transferOrganizationOwnership,
  transferProjectOwnership,
  updateOrganization,
  updateOrgDomain,
  updateOrgRegions,
  updateProject,
  validateIpAcl,
  validateOrgDomain,
  downloadImportTemplate,
  downloadOrgMemberImportReport,
  downloadOrgMemberValidationReport,
  downloadProjectMemberImportReport,
  downloadProjectMemberValidationReport,
  downloadProjectImportReport,
  downloadProjectValidationReport,
  getProjectImport,
  startProjectImport,
  startProjectImportRows,
  validateProjectImport,
  validateProjectImportRows,
  getProjectMemberImport,
  startProjectMemberImport,
  startProjectMemberImportRows,
  validateProjectMemberImport,
  validateProjectMemberImportRows,
  getOrgMemberImport,
  startOrgMemberImport,
  startOrgMemberImportRows,
  validateOrgMemberImport,
  validateOrgMemberImportRows,
  type Endpoint,
} from '@console/contracts';
import { ENDPOINTS } from '@console/contracts/endpoints';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  iamMembers,
  members,
  orgDomains,
  orgInvitations,
  orgMembers,
  organizations,
  projectMembers,
  projectProducts,
  projects,
} from '../../db/schema/index.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_PASSWORD, seedDemoData } from '../../db/seed/demo.ts';
import { snapshot } from '../../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../../test/helper.ts';

/**
 * Every organization, project, member and IAM route × each built-in organization role (OWNER,
 * ADMIN, MEMBER, BILLING_VIEWER, and the eight others), an IAM account and a member of another
 * organization. Cells: A allowed (the route's own answer), D -6
 * permission denied, N not found (23005 / 40017, or the row's notFoundCode), R 20005 account restricted.
 */
const MAIN = ['OWNER', 'ADMIN', 'MEMBER', 'BILLING_VIEWER', 'IAM', 'OUTSIDER'] as const;
/** The other built-in organization roles, assignable since the members issue: a demo member holds each. */
const OTHER_ROLES = ['LOG_VIEWER', 'BUDGET_ADMIN', 'BUDGET_VIEWER', 'DASHBOARD_ADMIN', 'DASHBOARD_VIEWER', 'SUPPORT_ADMIN', 'STATION_VIEWER', 'NONE'] as const;
const WHO = [...MAIN, ...OTHER_ROLES] as const;
type Who = (typeof WHO)[number];
type Cell = 'A' | 'D' | 'N' | 'R';

interface Ids {
  orgId: string;
  projectId: string;
  /** The demo BILLING_VIEWER: a member whose profile the route asks for. */
  billingId: string;
  iamId: string;
}

/** Ids and tokens that exist nowhere: an allowed call stops at the route's own not-found. */
const NOWHERE = randomUUID();
const NO_TOKEN = 'n0-such-t0ken-n0-such-t0ken-n0-such-t0ken00';

interface Row {
  endpoint: Endpoint;
  url: (ids: Ids) => string;
  payload?: (ids: Ids) => object;
  /** OWNER ADMIN MEMBER BILLING_VIEWER IAM OUTSIDER */
  cells: string;
  /** The result code an allowed call answers: the call passed the check and met the route's own rule. */
  allowCode?: number | string;
  /** What N answers when the route is not scoped to an organization or project (session routes). */
  notFoundCode?: number;
}

const ROWS: Row[] = [
  { endpoint: listOrganizations, url: () => '/api/cab/v7/organizations', cells: 'A A A A A A' },
  { endpoint: listOrganizationInfos, url: () => '/api/cab/v6/organizations/infos', cells: 'A A A A A A' },
  { endpoint: createOrganization, url: () => '/api/cab/v5/organizations', payload: () => ({ org: { orgName: 'Matrix Org' } }), cells: 'A A A A R A' },
  { endpoint: listMyProjects, url: () => '/api/cab/v6/projects', cells: 'A A A A A A' },
  { endpoint: getOrganization, url: ({ orgId }) => `/api/cab/v7/organizations/${orgId}`, cells: 'A A A A A N' },
  {
    endpoint: updateOrganization,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}`,
    payload: () => ({ org: { orgName: 'Demo Organization' } }),
    cells: 'A A D D D N',
  },
  {
    endpoint: deleteOrganization,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}`,
    payload: () => ({ orgName: 'Not The Name' }),
    cells: 'A D D D D N',
    allowCode: 10001,
  },
  {
    endpoint: transferOrganizationOwnership,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/owner`,
    payload: () => ({ ownerUuid: randomUUID() }),
    cells: 'A D D D D N',
    allowCode: 22019,
  },
  { endpoint: listOrgDomains, url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/domains`, cells: 'A A A A D N' },
  {
    endpoint: createOrgDomain,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/domains`,
    payload: () => ({ domainName: 'admin' }),
    cells: 'A A D D D N',
    allowCode: 22010,
  },
  {
    endpoint: updateOrgDomain,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/domains/${randomUUID()}`,
    payload: () => ({ domainName: 'matrix-domain' }),
    cells: 'A A D D D N',
    allowCode: 10404,
  },
  {
    endpoint: validateOrgDomain,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/domains/validation`,
    payload: () => ({ domainName: 'matrix-free' }),
    cells: 'A A D D D N',
  },
  { endpoint: listRegions, url: ({ orgId }) => `/api/cab/v1/regions?orgId=${orgId}`, cells: 'A A A A A N' },
  {
    endpoint: updateOrgRegions,
    url: ({ orgId }) => `/api/cab/v1/organizations/${orgId}/regions`,
    payload: () => ({ regionCodeList: ['KR1', 'KR2', 'JP1'] }),
    cells: 'A A D D D N',
  },
  { endpoint: validateIpAcl, url: ({ orgId }) => `/api/cab/v4/organizations/${orgId}/ip-acl/validate`, cells: 'A A A A A N' },
  { endpoint: getOrgSelfRoles, url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/self/roles`, cells: 'A A A A A N' },
  { endpoint: listProjects, url: ({ orgId }) => `/api/cab/v5/projects?orgId=${orgId}`, cells: 'A A A A A N' },
  {
    endpoint: createProject,
    url: () => '/api/cab/v5/projects',
    payload: ({ orgId }) => ({ orgId, projectName: 'Matrix Project' }),
    cells: 'A A A D D N',
  },
  { endpoint: getProject, url: ({ projectId }) => `/api/cab/v5/projects/${projectId}`, cells: 'A A A N A N' },
  {
    endpoint: updateProject,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}`,
    payload: () => ({ projectName: 'Web Service' }),
    cells: 'A A D N D N',
  },
  {
    // A service is in use in the project, so an allowed delete stops at 12500 and the row stays.
    endpoint: deleteProject,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}`,
    cells: 'A A D N D N',
    allowCode: 12500,
  },
  {
    endpoint: transferProjectOwnership,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/owner`,
    payload: () => ({ projectOwnerId: randomUUID() }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },
  { endpoint: getProjectSelfRoles, url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/self/roles`, cells: 'A A A N A N' },

  // ---- organization members and invitations ----
  { endpoint: listOrgMembers, url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/members?emailLike=demo`, cells: 'A A D D D N' },
  {
    endpoint: updateOrgMemberRoles,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/members/${NOWHERE}`,
    payload: () => ({ orgRoleCodes: ['MEMBER'] }),
    cells: 'A A D D D N',
    allowCode: 22019,
  },
  { endpoint: removeOrgMember, url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/members/${NOWHERE}`, cells: 'A A D D D N', allowCode: 22019 },
  { endpoint: listOrgInvitations, url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/invitations`, cells: 'A A D D D N' },
  {
    // An email of a member: an allowed call stops at 'Already added user as an organization member'.
    endpoint: inviteOrgMembers,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/invitations`,
    payload: () => ({ emailList: ['member@demo.example.com'], orgRoleCodes: ['MEMBER'] }),
    cells: 'A A D D D N',
    allowCode: 10001,
  },
  {
    endpoint: resendOrgInvitation,
    url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/invitations/${NOWHERE}/resend`,
    cells: 'A A D D D N',
    allowCode: 21002,
  },
  { endpoint: cancelOrgInvitation, url: ({ orgId }) => `/api/cab/v5/organizations/${orgId}/invitations/${NOWHERE}`, cells: 'A A D D D N', allowCode: 21002 },
  { endpoint: getInvitation, url: () => `/api/cab/v5/invitations/${NO_TOKEN}`, cells: 'A A A A A A', allowCode: 21002 },
  { endpoint: acceptInvitation, url: () => `/api/cab/v5/invitations/${NO_TOKEN}/accept`, payload: () => ({}), cells: 'A A A A R A', allowCode: 21002 },

  // ---- project members ----
  { endpoint: listProjectMembers, url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/members`, cells: 'A A A N A N' },
  { endpoint: listProjectMemberCandidates, url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/member-candidates`, cells: 'A A D N D N' },
  {
    endpoint: addProjectMember,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/members`,
    payload: () => ({ projectMemberUuid: NOWHERE, projectMemberRoleCodeList: ['VIEWER'], projectMemberStatusCode: 'STABLE' }),
    cells: 'A A D N D N',
    allowCode: 22019,
  },
  {
    endpoint: updateProjectMember,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/members/${NOWHERE}`,
    payload: () => ({ projectMemberRoleCodeList: ['VIEWER'] }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },
  {
    endpoint: updateProjectMembers,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/members`,
    payload: () => ({ projectMembers: [{ projectMemberUuid: NOWHERE, projectMemberRoleCodeList: ['VIEWER'] }] }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },
  {
    endpoint: removeProjectMember,
    url: ({ projectId }) => `/api/cab/v5/projects/${projectId}/invited-members/${NOWHERE}`,
    cells: 'A A D N D N',
    allowCode: 12100,
  },

  // ---- member profiles: the caller's own, or members of an organization the caller administers ----
  { endpoint: getMemberProfile, url: ({ billingId }) => `/api/cab/v5/members/${billingId}/profiles`, cells: 'A A N A N N', notFoundCode: 10404 },
  // exist answers false, the same for a stranger's id as for none: no N here by design.
  { endpoint: getMemberExist, url: ({ billingId }) => `/api/cab/v6/members/${billingId}/exist`, cells: 'A A A A A A' },
  {
    endpoint: getCorporationProfile,
    url: ({ billingId }) => `/api/cab/v4/members/${billingId}/corporation-profiles`,
    cells: 'A A N A N N',
    notFoundCode: 10404,
  },

  // ---- IAM accounts ----
  { endpoint: listIamMembers, url: ({ orgId }) => `/api/iam/v4/organizations/${orgId}/members`, cells: 'A A D D D N' },
  {
    endpoint: createIamMembers,
    url: ({ orgId }) => `/api/iam/v4/organizations/${orgId}/members`,
    payload: () => ({ members: [{ userCode: 'Bad!Id', name: 'Matrix', emailAddress: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
    allowCode: '-200202',
  },
  { endpoint: getIamMember, url: ({ orgId, iamId }) => `/api/iam/v4/organizations/${orgId}/members/${iamId}`, cells: 'A A D D D N' },
  {
    endpoint: updateIamMember,
    url: ({ orgId }) => `/api/iam/v4/organizations/${orgId}/members/${NOWHERE}`,
    payload: () => ({ name: 'Matrix', emailAddress: 'matrix@example.com' }),
    cells: 'A A D D D N',
    allowCode: 21008,
  },
  {
    endpoint: updateIamMemberStatus,
    url: ({ orgId }) => `/api/iam/v4/organizations/${orgId}/members/${NOWHERE}/status`,
    payload: () => ({ status: 'BLOCKED' }),
    cells: 'A A D D D N',
    allowCode: 21008,
  },
  { endpoint: deleteIamMember, url: ({ orgId }) => `/api/iam/v4/organizations/${orgId}/members/${NOWHERE}`, cells: 'A A D D D N', allowCode: 21008 },
  {
    endpoint: sendPasswordSetupMail,
    url: ({ orgId }) => `/api/iam/v7/organizations/${orgId}/members/${NOWHERE}/send-password-setup-mail`,
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21008,
  },
  { endpoint: getPasswordSetup, url: () => `/api/iam/v7/password-setup/${NO_TOKEN}`, cells: 'A A A A A A', allowCode: 21006 },
  {
    endpoint: completePasswordSetup,
    url: () => `/api/iam/v7/password-setup/${NO_TOKEN}`,
    payload: () => ({ password: 'Matrix#2468' }),
    cells: 'A A A A A A',
    allowCode: 21006,
  },
  { endpoint: listIdProviders, url: ({ orgId }) => `/api/iam/v6/organizations/${orgId}/id-providers`, cells: 'A A D D D N' },

  // ---- batch registration: the template is for anyone signed in; imports need Organization.Member.BatchRegister ----
  { endpoint: downloadImportTemplate, url: () => '/api/cab/v4/templates/ORG_MEMBER/download', cells: 'A A A A A A' },
  {
    // A JSON body where the file belongs: an allowed call stops at 21102 (not a spreadsheet).
    endpoint: validateOrgMemberImport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import/validate?fileName=matrix.xlsx`,
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    endpoint: validateOrgMemberImportRows,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import/validate-rows`,
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'MEMBER' }] }),
    cells: 'A A D D D N',
  },
  {
    endpoint: startOrgMemberImport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import?fileName=matrix.xlsx`,
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    // Every row erroneous: an allowed call stops at 21106 and records nothing.
    endpoint: startOrgMemberImportRows,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import-rows`,
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'not-an-email', roleList: 'MEMBER' }] }),
    cells: 'A A D D D N',
    allowCode: 21106,
  },
  {
    endpoint: downloadOrgMemberValidationReport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import/validation-report`,
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'not-an-email', roleList: 'MEMBER' }] }),
    cells: 'A A D D D N',
  },
  { endpoint: getOrgMemberImport, url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import/${NOWHERE}`, cells: 'A A D D D N', allowCode: 21108 },
  {
    endpoint: downloadOrgMemberImportReport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/members/import/${NOWHERE}/report`,
    cells: 'A A D D D N',
    allowCode: 21108,
  },

  // ---- project imports: Organization.Project.BatchRegister ----
  {
    endpoint: validateProjectImport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import/validate?fileName=matrix.xlsx`,
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    endpoint: validateProjectImportRows,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import/validate-rows`,
    payload: () => ({ rows: [{ projectName: 'Matrix Batch', ownerEmail: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
  },
  {
    endpoint: downloadProjectValidationReport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import/validation-report`,
    payload: () => ({ rows: [{ projectName: 'Matrix Batch', ownerEmail: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
  },
  {
    endpoint: startProjectImport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import?fileName=matrix.xlsx`,
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    // The owner is no member: every row erroneous, an allowed call stops at 21106.
    endpoint: startProjectImportRows,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import-rows`,
    payload: () => ({ rows: [{ projectName: 'Matrix Batch', ownerEmail: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
    allowCode: 21106,
  },
  { endpoint: getProjectImport, url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import/${NOWHERE}`, cells: 'A A D D D N', allowCode: 21108 },
  {
    endpoint: downloadProjectImportReport,
    url: ({ orgId }) => `/api/cab/v6/organizations/${orgId}/projects/import/${NOWHERE}/report`,
    cells: 'A A D D D N',
    allowCode: 21108,
  },

  // ---- project member imports: Project.Member.BatchRegister in the project ----
  {
    endpoint: validateProjectMemberImport,
    url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import/validate?fileName=matrix.xlsx`,
    payload: () => ({}),
    cells: 'A A D N D N',
    allowCode: 21102,
  },
  {
    endpoint: validateProjectMemberImportRows,
    url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import/validate-rows`,
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'VIEWER' }] }),
    cells: 'A A D N D N',
  },
  {
    endpoint: downloadProjectMemberValidationReport,
    url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import/validation-report`,
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'VIEWER' }] }),
    cells: 'A A D N D N',
  },
  {
    endpoint: startProjectMemberImport,
    url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import?fileName=matrix.xlsx`,
    payload: () => ({}),
    cells: 'A A D N D N',
    allowCode: 21102,
  },
  {
    endpoint: startProjectMemberImportRows,
    url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import-rows`,
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'VIEWER' }] }),
    cells: 'A A D N D N',
    allowCode: 21106,
  },
  { endpoint: getProjectMemberImport, url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import/${NOWHERE}`, cells: 'A A D N D N', allowCode: 21108 },
  {
    endpoint: downloadProjectMemberImportReport,
    url: ({ projectId }) => `/api/cab/v6/projects/${projectId}/members/import/${NOWHERE}/report`,
    cells: 'A A D N D N',
    allowCode: 21108,
  },

  // ---- the dev outbox of an organization: its OWNER and ADMINs ----
  { endpoint: listDevOutbox, url: ({ orgId }) => `/api/console/v1/dev-outbox?orgId=${orgId}`, cells: 'A A D D D N' },
];

/**
 * The cells of the other organization roles, by endpoint: one letter for all eight, or eight in
 * OTHER_ROLES order. None of them holds a member, IAM, setting or project permission; all but NONE
 * read the organization's settings and domain.
 */
const OTHER_ROLE_CELLS: Record<string, string> = {
  'cab.listOrganizations': 'A',
  'cab.listOrganizationInfos': 'A',
  'cab.createOrganization': 'A',
  'cab.listMyProjects': 'A',
  'cab.getOrganization': 'A',
  'cab.updateOrganization': 'D',
  'cab.deleteOrganization': 'D',
  'cab.transferOrganizationOwnership': 'D',
  'cab.listOrgDomains': 'AAAAAAAD',
  'cab.createOrgDomain': 'D',
  'cab.updateOrgDomain': 'D',
  'cab.validateOrgDomain': 'D',
  'cab.listRegions': 'A',
  'cab.updateOrgRegions': 'D',
  'cab.validateIpAcl': 'A',
  'cab.getOrgSelfRoles': 'A',
  'cab.listProjects': 'A',
  'cab.createProject': 'D',
  'cab.getProject': 'N',
  'cab.updateProject': 'N',
  'cab.deleteProject': 'N',
  'cab.transferProjectOwnership': 'N',
  'cab.getProjectSelfRoles': 'N',
  'cab.listOrgMembers': 'D',
  'cab.updateOrgMemberRoles': 'D',
  'cab.removeOrgMember': 'D',
  'cab.listOrgInvitations': 'D',
  'cab.inviteOrgMembers': 'D',
  'cab.resendOrgInvitation': 'D',
  'cab.cancelOrgInvitation': 'D',
  'cab.getInvitation': 'A',
  'cab.acceptInvitation': 'A',
  'cab.listProjectMembers': 'N',
  'cab.listProjectMemberCandidates': 'N',
  'cab.addProjectMember': 'N',
  'cab.updateProjectMember': 'N',
  'cab.updateProjectMembers': 'N',
  'cab.removeProjectMember': 'N',
  'cab.getMemberProfile': 'N',
  'cab.getMemberExist': 'A',
  'cab.getCorporationProfile': 'N',
  'iam.listIamMembers': 'D',
  'iam.createIamMembers': 'D',
  'iam.getIamMember': 'D',
  'iam.updateIamMember': 'D',
  'iam.updateIamMemberStatus': 'D',
  'iam.deleteIamMember': 'D',
  'iam.sendPasswordSetupMail': 'D',
  'iam.getPasswordSetup': 'A',
  'iam.completePasswordSetup': 'A',
  'iam.listIdProviders': 'D',
  'console.listDevOutbox': 'D',
  'cab.downloadImportTemplate': 'A',
  'cab.validateOrgMemberImport': 'D',
  'cab.validateOrgMemberImportRows': 'D',
  'cab.startOrgMemberImport': 'D',
  'cab.startOrgMemberImportRows': 'D',
  'cab.getOrgMemberImport': 'D',
  'cab.downloadOrgMemberValidationReport': 'D',
  'cab.validateProjectImport': 'D',
  'cab.validateProjectImportRows': 'D',
  'cab.downloadProjectValidationReport': 'D',
  'cab.startProjectImport': 'D',
  'cab.startProjectImportRows': 'D',
  'cab.getProjectImport': 'D',
  'cab.downloadProjectImportReport': 'D',
  'cab.validateProjectMemberImport': 'N',
  'cab.validateProjectMemberImportRows': 'N',
  'cab.downloadProjectMemberValidationReport': 'N',
  'cab.startProjectMemberImport': 'N',
  'cab.startProjectMemberImportRows': 'N',
  'cab.getProjectMemberImport': 'N',
  'cab.downloadProjectMemberImportReport': 'N',
  'cab.downloadOrgMemberImportReport': 'D',
};

let t: TestApp;
let ids: Ids;
const callers = {} as Record<Who, Caller>;
/** Every id and name of the demo tenant; none may appear in an answer to the outsider. */
let secrets: string[] = [];
const outsiderBodies: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  await seedDemoData(t.db, { publicUrl: 'http://localhost:8080', devOutbox: true });
  const [demo] = await t.db.select().from(organizations);
  await t.db.update(organizations).set({ projectLimit: 100 }).where(eq(organizations.id, demo!.id));
  const [web] = await t.db.select().from(projects).where(eq(projects.name, 'Web Service'));
  const [iam] = await t.db.select().from(iamMembers).where(eq(iamMembers.userCode, DEMO_IAM.userCode));
  // The IAM account is a MEMBER of the project under test too; a service is in use in it.
  await t.db.insert(projectMembers).values({ orgId: demo!.id, projectId: web!.id, iamMemberId: iam!.id, roleCodes: ['MEMBER'] });
  await t.db.insert(projectProducts).values({ orgId: demo!.id, projectId: web!.id, productId: 'compute' });
  const [billing] = await t.db.select().from(members).where(eq(members.email, 'billing@demo.example.com'));
  ids = { orgId: demo!.id, projectId: web!.id, billingId: billing!.id, iamId: iam!.id };

  // Another tenant: its OWNER is the outsider.
  const [outsiderMember] = await t.db
    .insert(members)
    .values({ email: 'outsider@tenant.example.com', name: 'Outsider', passwordHash: (await t.db.select().from(members))[0]!.passwordHash })
    .returning();
  const [other] = await t.db.insert(organizations).values({ name: 'Tenant B', ownerMemberId: outsiderMember!.id }).returning();
  await t.db.insert(orgMembers).values({ orgId: other!.id, memberId: outsiderMember!.id, roleCode: 'OWNER' });
  await t.db.insert(projects).values({ orgId: other!.id, name: 'Tenant B Project', ownerMemberId: outsiderMember!.id });

  const demoProjects = await t.db.select().from(projects).where(eq(projects.orgId, demo!.id));
  const demoMembers = await t.db.select().from(members);
  const domains = await t.db.select().from(orgDomains).where(eq(orgDomains.orgId, demo!.id));
  const invitations = await t.db.select().from(orgInvitations).where(eq(orgInvitations.orgId, demo!.id));
  expect(invitations).toHaveLength(1);
  secrets = [
    ...invitations.flatMap((invitation) => [invitation.id, invitation.email]),
    DEMO_IAM.email,
    demo!.id,
    demo!.name,
    DEMO_DOMAIN,
    iam!.id,
    ...domains.map((domain) => domain.id),
    ...demoProjects.flatMap((project) => [project.id, project.name]),
    ...demoMembers.filter((member) => member.email.endsWith('@demo.example.com')).flatMap((member) => [member.id, member.email, member.name]),
  ];

  callers.OWNER = await t.login('owner@demo.example.com', DEMO_PASSWORD);
  callers.ADMIN = await t.login('admin@demo.example.com', DEMO_PASSWORD);
  callers.MEMBER = await t.login('member@demo.example.com', DEMO_PASSWORD);
  callers.BILLING_VIEWER = await t.login('billing@demo.example.com', DEMO_PASSWORD);
  callers.IAM = await t.iamLogin(DEMO_DOMAIN, DEMO_IAM.userCode, DEMO_PASSWORD);
  callers.OUTSIDER = await t.login('outsider@tenant.example.com', DEMO_PASSWORD);
  const passwordHash = (await t.db.select().from(members).where(eq(members.email, 'owner@demo.example.com')))[0]!.passwordHash;
  for (const role of OTHER_ROLES) {
    const email = `${role.toLowerCase()}@demo.example.com`;
    const [row] = await t.db.insert(members).values({ email, name: `Demo ${role}`, passwordHash }).returning();
    await t.db.insert(orgMembers).values({ orgId: demo!.id, memberId: row!.id, roleCode: role });
    callers[role] = await t.login(email, DEMO_PASSWORD);
  }
});

const cellsOf = (row: Row): Record<Who, Cell> => {
  const others = OTHER_ROLE_CELLS[row.endpoint.id] ?? '';
  const letters = [...row.cells.split(' '), ...(others.length === 1 ? others.repeat(OTHER_ROLES.length) : others)] as Cell[];
  return Object.fromEntries(WHO.map((who, index) => [who, letters[index]!])) as Record<Who, Cell>;
};

const CASES = ROWS.flatMap((row) => WHO.map((who) => ({ row, who, cell: cellsOf(row)[who], name: `${row.endpoint.id} as ${who}` })));

describe('permission matrix', () => {
  it('covers every organization, project, member and IAM route of the contracts, and the dev outbox', () => {
    const covered = ENDPOINTS.filter(
      (endpoint) => endpoint.path.startsWith('/api/cab/') || endpoint.path.startsWith('/api/iam/') || endpoint.id === listDevOutbox.id,
    ).map((endpoint) => endpoint.id);
    expect(ROWS.map((row) => row.endpoint.id).sort()).toEqual([...covered].sort());
    for (const row of ROWS) {
      expect(row.cells.split(' '), row.endpoint.id).toHaveLength(MAIN.length);
      expect([1, OTHER_ROLES.length], row.endpoint.id).toContain(OTHER_ROLE_CELLS[row.endpoint.id]?.length);
    }
    expect(Object.keys(OTHER_ROLE_CELLS).sort()).toEqual(ROWS.map((row) => row.endpoint.id).sort());
  });

  it.each(CASES)('$name: $cell', async ({ row, who, cell }) => {
    const { endpoint } = row;
    const before = cell === 'A' ? undefined : await snapshot(t.db);
    const response = await t.app.inject(
      callers[who].as({
        method: endpoint.method,
        url: row.url(ids),
        headers: { lang: 'en_US' },
        ...(row.payload ? { payload: row.payload(ids) } : {}),
      }),
    );
    // A spreadsheet download answers the file itself, not the envelope.
    const isFile = String(response.headers['content-type']).includes('spreadsheetml');
    const body = isFile ? { header: { resultCode: 0 } } : response.json();
    if (who === 'OUTSIDER') outsiderBodies.push(response.body);
    const access = endpoint.access;
    const scope = access.kind === 'permission' ? access.scope : undefined;
    switch (cell) {
      case 'A':
        expect(body.header.resultCode, response.body).toBe(row.allowCode ?? 0);
        break;
      case 'D':
        expect(response.statusCode).toBe(403);
        expect(body.header.resultCode).toBe(-6);
        // The route's permissions, or (a session route that checks roles itself) none named.
        if (access.kind === 'permission') {
          expect(access.permissions.length).toBeGreaterThan(0);
          expect(body.neededPermissions).toEqual([...access.permissions]);
        }
        expect(body.neededRoles.length).toBeGreaterThan(0);
        break;
      case 'N':
        expect(response.statusCode).toBe(404);
        expect(body.header.resultCode).toBe(row.notFoundCode ?? (scope === 'project' ? 40017 : 23005));
        expect(body.neededPermissions).toBeUndefined();
        break;
      case 'R':
        expect(body.header.resultCode).toBe(20005);
        break;
    }
    if (before) expect(await snapshot(t.db)).toEqual(before);
  });

  it("never shows the outsider any id or name of the other tenant (0 leaks)", () => {
    expect(outsiderBodies).toHaveLength(ROWS.length);
    const leaks = outsiderBodies.flatMap((body) => secrets.filter((secret) => body.includes(secret)).map((secret) => ({ secret, body })));
    expect(leaks).toEqual([]);
  });
});
