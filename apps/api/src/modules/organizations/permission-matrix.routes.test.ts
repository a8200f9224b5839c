import { randomUUID } from 'node:crypto';
import * as api from '@console/contracts';
import type { Endpoint, PermissionName } from '@console/contracts';
import { ENDPOINTS } from '@console/contracts/endpoints';
import * as alarmContracts from '@console/contracts/alarms';
import * as silenceContracts from '@console/contracts/silences';
import * as governance from '@console/contracts/governance';
import * as receiverGroupContracts from '@console/contracts/notifications';
import * as systemNotificationContracts from '@console/contracts/system-notifications';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  iamMembers,
  members,
  orgDomains,
  orgInvitations,
  orgMembers,
  organizations,
  projectMemberRoleGroups,
  projectMembers,
  projectProducts,
  projects,
  roleGroupRoles,
  roleGroups,
} from '../../db/schema/index.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { stillness } from '../../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../../test/helper.ts';

/**
 * Every organization, project, member and IAM route × each built-in organization role (OWNER,
 * ADMIN, MEMBER, BILLING_VIEWER, and the eight others), an IAM account and a member of another
 * organization. Cells: A allowed (the route's own answer), D PERMISSION_DENIED
 * permission denied, N not found (INVALID_ORG_ID / PROJECT_NOT_EXIST, or the row's notFoundCode), R ACCOUNT_RESTRICTED account restricted.
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

type Input = { params?: Record<string, string>; query?: Record<string, string> };

/** A row's call as `who`, through its contract. */
const callRow = (who: Caller, row: { endpoint: Endpoint; input?: (ids: Ids) => Input; payload?: (ids: Ids) => object }) =>
  t.call(who, row.endpoint, { ...row.input?.(ids), ...(row.payload ? { body: row.payload(ids) } : {}) });

interface Row {
  endpoint: Endpoint;
  /** The call's path parameters and query (none: the endpoint's path as it stands). */
  input?: (ids: Ids) => Input;
  payload?: (ids: Ids) => object;
  /** OWNER ADMIN MEMBER BILLING_VIEWER IAM OUTSIDER */
  cells: string;
  /** The result code an allowed call answers: the call passed the check and met the route's own rule. */
  allowCode?: number | string;
  /** What N answers when the route is not scoped to an organization or project (session routes). */
  notFoundCode?: number;
}

const ROWS: Row[] = [
  { endpoint: api.listOrganizations, cells: 'A A A A A A' },
  { endpoint: api.listOrganizationInfos, cells: 'A A A A A A' },
  { endpoint: api.createOrganization, payload: () => ({ org: { orgName: 'Matrix Org' } }), cells: 'A A A A R A' },
  { endpoint: api.listMyProjects, cells: 'A A A A A A' },
  { endpoint: api.getOrganization, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A A A A N' },
  {
    endpoint: api.updateOrganization,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ org: { orgName: 'Demo Organization' } }),
    cells: 'A A D D D N',
  },
  {
    endpoint: api.deleteOrganization,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ orgName: 'Not The Name' }),
    cells: 'A D D D D N',
    allowCode: 10001,
  },
  {
    endpoint: api.transferOrganizationOwnership,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ ownerUuid: randomUUID() }),
    cells: 'A D D D D N',
    allowCode: 22019,
  },
  { endpoint: api.listOrgDomains, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A A A D N' },
  {
    endpoint: api.createOrgDomain,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ domainName: 'admin' }),
    cells: 'A A D D D N',
    allowCode: 22010,
  },
  {
    endpoint: api.updateOrgDomain,
    input: ({ orgId }) => ({ params: { orgId, domainId: randomUUID() } }),
    payload: () => ({ domainName: 'matrix-domain' }),
    cells: 'A A D D D N',
    allowCode: 10404,
  },
  {
    endpoint: api.validateOrgDomain,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ domainName: 'matrix-free' }),
    cells: 'A A D D D N',
  },
  { endpoint: api.listRegions, input: ({ orgId }) => ({ query: { orgId } }), cells: 'A A A A A N' },
  {
    endpoint: api.updateOrgRegions,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ regionCodeList: ['KR1', 'KR2', 'JP1'] }),
    cells: 'A A D D D N',
  },
  { endpoint: api.validateIpAcl, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A A A A N' },
  { endpoint: api.getClientIp, cells: 'A A A A A A' },
  { endpoint: api.getOrgSelfRoles, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A A A A N' },
  { endpoint: api.listProjects, input: ({ orgId }) => ({ query: { orgId } }), cells: 'A A A A A N' },
  {
    endpoint: api.createProject,
    
    payload: ({ orgId }) => ({ orgId, projectName: 'Matrix Project' }),
    cells: 'A A A D D N',
  },
  { endpoint: api.getProject, input: ({ projectId }) => ({ params: { projectId } }), cells: 'A A A N A N' },
  {
    endpoint: api.updateProject,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ projectName: 'Web Service' }),
    cells: 'A A D N D N',
  },
  {
    // A service is in use in the project, so an allowed delete stops at PROJECT_HAS_PRODUCTS_IN_USE and the row stays.
    endpoint: api.deleteProject,
    input: ({ projectId }) => ({ params: { projectId } }),
    cells: 'A A D N D N',
    allowCode: 12500,
  },
  {
    endpoint: api.transferProjectOwnership,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ projectOwnerId: randomUUID() }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },
  { endpoint: api.getProjectSelfRoles, input: ({ projectId }) => ({ params: { projectId } }), cells: 'A A A N A N' },

  // ---- organization members and invitations ----
  { endpoint: api.listOrgMembers, input: ({ orgId }) => ({ params: { orgId }, query: { emailLike: 'demo' } }), cells: 'A A D D D N' },
  {
    endpoint: api.updateOrgMemberRoles,
    input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }),
    payload: () => ({ orgRoleCodes: ['MEMBER'] }),
    cells: 'A A D D D N',
    allowCode: 22019,
  },
  { endpoint: api.removeOrgMember, input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }), cells: 'A A D D D N', allowCode: 22019 },
  { endpoint: api.listOrgInvitations, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    // An email of a member: an allowed call stops at 'Already added user as an organization member'.
    endpoint: api.inviteOrgMembers,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ emailList: ['member@demo.example.com'], orgRoleCodes: ['MEMBER'] }),
    cells: 'A A D D D N',
    allowCode: 10001,
  },
  {
    endpoint: api.resendOrgInvitation,
    input: ({ orgId }) => ({ params: { orgId, invitationId: NOWHERE } }),
    cells: 'A A D D D N',
    allowCode: 21002,
  },
  { endpoint: api.cancelOrgInvitation, input: ({ orgId }) => ({ params: { orgId, invitationId: NOWHERE } }), cells: 'A A D D D N', allowCode: 21002 },
  { endpoint: api.getInvitation, input: () => ({ params: { token: NO_TOKEN } }), cells: 'A A A A A A', allowCode: 21002 },
  { endpoint: api.acceptInvitation, input: () => ({ params: { token: NO_TOKEN } }), payload: () => ({}), cells: 'A A A A R A', allowCode: 21002 },

  // ---- project members ----
  { endpoint: api.listProjectMembers, input: ({ projectId }) => ({ params: { projectId } }), cells: 'A A A N A N' },
  { endpoint: api.getProjectMember, input: ({ projectId }) => ({ params: { projectId, memberId: NOWHERE } }), cells: 'A A A N A N', allowCode: 12100 },
  { endpoint: api.listProjectMemberCandidates, input: ({ projectId }) => ({ params: { projectId } }), cells: 'A A D N D N' },
  {
    endpoint: api.addProjectMember,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ projectMemberUuid: NOWHERE, projectMemberRoleCodeList: ['VIEWER'], projectMemberStatusCode: 'STABLE' }),
    cells: 'A A D N D N',
    allowCode: 22019,
  },
  {
    endpoint: api.updateProjectMember,
    input: ({ projectId }) => ({ params: { projectId, memberId: NOWHERE } }),
    payload: () => ({ projectMemberRoleCodeList: ['VIEWER'] }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },
  {
    endpoint: api.updateProjectMembers,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ projectMembers: [{ projectMemberUuid: NOWHERE, projectMemberRoleCodeList: ['VIEWER'] }] }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },
  {
    endpoint: api.removeProjectMember,
    input: ({ projectId }) => ({ params: { projectId, memberId: NOWHERE } }),
    cells: 'A A D N D N',
    allowCode: 12100,
  },

  // ---- member profiles: the caller's own, or members of an organization the caller administers ----
  { endpoint: api.getMemberProfile, input: ({ billingId }) => ({ params: { memberId: billingId } }), cells: 'A A N A N N', notFoundCode: 10404 },
  // exist answers false, the same for a stranger's id as for none: no N here by design.
  { endpoint: api.getMemberExist, input: ({ billingId }) => ({ params: { memberId: billingId } }), cells: 'A A A A A A' },
  {
    endpoint: api.getCorporationProfile,
    input: ({ billingId }) => ({ params: { memberId: billingId } }),
    cells: 'A A N A N N',
    notFoundCode: 10404,
  },
  // Contacts: any member of the organization may ask; who sees others' email and phone is the
  // service's rule (members.routes.test.ts), not an access refusal.
  { endpoint: api.getMemberContacts, input: ({ orgId, billingId }) => ({ query: { orgId, uuids: billingId } }), cells: 'A A A A A N' },

  // ---- IAM accounts ----
  { endpoint: api.listIamMembers, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: api.createIamMembers,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ members: [{ userCode: 'Bad!Id', name: 'Matrix', emailAddress: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
    allowCode: '-200202',
  },
  { endpoint: api.getIamMember, input: ({ orgId, iamId }) => ({ params: { orgId, memberId: iamId } }), cells: 'A A D D D N' },
  // The caller's own IAM account: only an IAM account has one; cloud members are told there is none.
  { endpoint: api.getIamSelf, cells: 'N N N N A N', notFoundCode: 21008 },
  {
    endpoint: api.updateIamMember,
    input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }),
    payload: () => ({ name: 'Matrix', emailAddress: 'matrix@example.com' }),
    cells: 'A A D D D N',
    allowCode: 21008,
  },
  {
    endpoint: api.updateIamMemberStatus,
    input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }),
    payload: () => ({ status: 'BLOCKED' }),
    cells: 'A A D D D N',
    allowCode: 21008,
  },
  { endpoint: api.deleteIamMember, input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }), cells: 'A A D D D N', allowCode: 21008 },
  {
    endpoint: api.sendPasswordSetupMail,
    input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }),
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21008,
  },
  { endpoint: api.getPasswordSetup, input: () => ({ params: { token: NO_TOKEN } }), cells: 'A A A A A A', allowCode: 21006 },
  {
    endpoint: api.completePasswordSetup,
    input: () => ({ params: { token: NO_TOKEN } }),
    payload: () => ({ password: 'Matrix#2468' }),
    cells: 'A A A A A A',
    allowCode: 21006,
  },
  { endpoint: api.listIdProviders, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },

  // ---- sign-in security of IAM accounts (Organization.Setting.Iam.Get / Update); refused bodies change nothing ----
  { endpoint: api.getLoginFailSetting, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: api.updateLoginFailSetting,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ enable: true, loginFailCount: 21, blockMinutes: 2 }),
    cells: 'A A D D D N',
    allowCode: 20010,
  },
  { endpoint: api.getMfaSetting, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: api.updateMfaSetting,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ type: 'TOTP', bypassByIp: { enable: true, ipList: [] } }),
    cells: 'A A D D D N',
    allowCode: 10001,
  },
  { endpoint: api.getSessionSetting, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: api.updateSessionSetting,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ multiSessionsLimit: 0, sessionTimeoutMinutes: 10 }),
    cells: 'A A D D D N',
    allowCode: 20014,
  },
  { endpoint: api.getPasswordRule, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: api.updatePasswordRule,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({
      schemaVersion: 1,
      value: {
        passwordPolicyType: 'custom',
        passwordConstraints: { minLength: 99, alphabet: true, number: true, special: true, noIllegalSequence: true },
        passwordExpiry: { enable: true, days: 30 },
        limitPasswordReuse: { enable: true, count: 1 },
        applicationRuleType: 'onLogin',
      },
    }),
    cells: 'A A D D D N',
    allowCode: 20011,
  },
  // The caller's own password: only an IAM account has one (a wrong current password changes nothing).
  { endpoint: api.getOwnPasswordRule, cells: 'N N N N A N', notFoundCode: 21008 },
  {
    endpoint: api.changeOwnPassword,
    payload: () => ({ currentPassword: 'Not-the-one#1', password: 'Matrix#2468x', passwordConfirm: 'Matrix#2468x' }),
    cells: 'N N N N A N',
    notFoundCode: 21008,
    allowCode: 10001,
  },
  { endpoint: api.listIamMemberSessions, input: ({ orgId, iamId }) => ({ params: { orgId, memberId: iamId } }), cells: 'A A D D D N' },
  { endpoint: api.endIamMemberSessions, input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }), cells: 'A A D D D N', allowCode: 21008 },
  {
    endpoint: api.previewSignInLockout,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rule: 'MFA', type: 'NONE', bypassByIp: { enable: false, ipList: [] } }),
    cells: 'A A D D D N',
  },
  { endpoint: api.getIamMemberTotp, input: ({ orgId, iamId }) => ({ params: { orgId, memberId: iamId } }), cells: 'A A D D D N' },
  { endpoint: api.resetIamMemberTotp, input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }), cells: 'A A D D D N', allowCode: 21008 },
  { endpoint: api.getOwnTotp, cells: 'N N N N A N', notFoundCode: 21008 },
  { endpoint: api.confirmOwnTotpEnrolment, payload: () => ({ code: '000000' }), cells: 'N N N N A N', notFoundCode: 21008, allowCode: 20013 },
  { endpoint: api.startOwnTotpEnrolment, payload: () => ({}), cells: 'N N N N A N', notFoundCode: 21008 },

  // ---- batch registration: the template is for anyone signed in; imports need Organization.Member.BatchRegister ----
  { endpoint: api.downloadImportTemplate, input: () => ({ params: { type: 'ORG_MEMBER' } }), cells: 'A A A A A A' },
  {
    // A JSON body where the file belongs: an allowed call stops at IMPORT_FILE_UNREADABLE (not a spreadsheet).
    endpoint: api.validateOrgMemberImport,
    input: ({ orgId }) => ({ params: { orgId }, query: { fileName: 'matrix.xlsx' } }),
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    endpoint: api.validateOrgMemberImportRows,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'MEMBER' }] }),
    cells: 'A A D D D N',
  },
  {
    endpoint: api.startOrgMemberImport,
    input: ({ orgId }) => ({ params: { orgId }, query: { fileName: 'matrix.xlsx' } }),
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    // Every row erroneous: an allowed call stops at IMPORT_ALL_DATA_INVALID and records nothing.
    endpoint: api.startOrgMemberImportRows,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'not-an-email', roleList: 'MEMBER' }] }),
    cells: 'A A D D D N',
    allowCode: 21106,
  },
  {
    endpoint: api.downloadOrgMemberValidationReport,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'not-an-email', roleList: 'MEMBER' }] }),
    cells: 'A A D D D N',
  },
  { endpoint: api.getOrgMemberImport, input: ({ orgId }) => ({ params: { orgId, asyncJobId: NOWHERE } }), cells: 'A A D D D N', allowCode: 21108 },
  {
    endpoint: api.downloadOrgMemberImportReport,
    input: ({ orgId }) => ({ params: { orgId, asyncJobId: NOWHERE } }),
    cells: 'A A D D D N',
    allowCode: 21108,
  },

  // ---- project imports: Organization.Project.BatchRegister ----
  {
    endpoint: api.validateProjectImport,
    input: ({ orgId }) => ({ params: { orgId }, query: { fileName: 'matrix.xlsx' } }),
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    endpoint: api.validateProjectImportRows,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rows: [{ projectName: 'Matrix Batch', ownerEmail: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
  },
  {
    endpoint: api.downloadProjectValidationReport,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rows: [{ projectName: 'Matrix Batch', ownerEmail: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
  },
  {
    endpoint: api.startProjectImport,
    input: ({ orgId }) => ({ params: { orgId }, query: { fileName: 'matrix.xlsx' } }),
    payload: () => ({}),
    cells: 'A A D D D N',
    allowCode: 21102,
  },
  {
    // The owner is no member: every row erroneous, an allowed call stops at 21106.
    endpoint: api.startProjectImportRows,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rows: [{ projectName: 'Matrix Batch', ownerEmail: 'matrix@example.com' }] }),
    cells: 'A A D D D N',
    allowCode: 21106,
  },
  { endpoint: api.getProjectImport, input: ({ orgId }) => ({ params: { orgId, asyncJobId: NOWHERE } }), cells: 'A A D D D N', allowCode: 21108 },
  {
    endpoint: api.downloadProjectImportReport,
    input: ({ orgId }) => ({ params: { orgId, asyncJobId: NOWHERE } }),
    cells: 'A A D D D N',
    allowCode: 21108,
  },

  // ---- project member imports: Project.Member.BatchRegister in the project ----
  {
    endpoint: api.validateProjectMemberImport,
    input: ({ projectId }) => ({ params: { projectId }, query: { fileName: 'matrix.xlsx' } }),
    payload: () => ({}),
    cells: 'A A D N D N',
    allowCode: 21102,
  },
  {
    endpoint: api.validateProjectMemberImportRows,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'VIEWER' }] }),
    cells: 'A A D N D N',
  },
  {
    endpoint: api.downloadProjectMemberValidationReport,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'VIEWER' }] }),
    cells: 'A A D N D N',
  },
  {
    endpoint: api.startProjectMemberImport,
    input: ({ projectId }) => ({ params: { projectId }, query: { fileName: 'matrix.xlsx' } }),
    payload: () => ({}),
    cells: 'A A D N D N',
    allowCode: 21102,
  },
  {
    endpoint: api.startProjectMemberImportRows,
    input: ({ projectId }) => ({ params: { projectId } }),
    payload: () => ({ rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'matrix@example.com', roleList: 'VIEWER' }] }),
    cells: 'A A D N D N',
    allowCode: 21106,
  },
  { endpoint: api.getProjectMemberImport, input: ({ projectId }) => ({ params: { projectId, asyncJobId: NOWHERE } }), cells: 'A A D N D N', allowCode: 21108 },
  {
    endpoint: api.downloadProjectMemberImportReport,
    input: ({ projectId }) => ({ params: { projectId, asyncJobId: NOWHERE } }),
    cells: 'A A D N D N',
    allowCode: 21108,
  },

  // ---- the dev outbox of an organization: its OWNER and ADMINs ----
  { endpoint: api.listDevOutbox, input: ({ orgId }) => ({ query: { orgId } }), cells: 'A A D D D N' },
  { endpoint: api.listDevSmsOutbox, input: ({ orgId }) => ({ query: { orgId } }), cells: 'A A D D D N' },

  // ---- services (issue 9): catalogue reads for any signed-in caller; calls that name a project,
  // an Appkey or a key in the body or by id check it themselves (another tenant's: not-found) ----
  { endpoint: api.listProducts, cells: 'A A A A A A' },
  { endpoint: api.getProductUiHierarchy, input: () => ({ query: { productUiType: 'PROJECT', regionCode: 'KR1' } }), cells: 'A A A A A A' },
  { endpoint: api.getProductUiAllHierarchy, cells: 'A A A A A A' },
  { endpoint: api.listProductUiIcons, cells: 'A A A A A A' },
  { endpoint: api.listProductUis, input: () => ({ query: { productUiIdList: 'email' } }), cells: 'A A A A A A' },
  { endpoint: api.listPublicApis, cells: 'A A A A A A' },
  { endpoint: api.listProductRecommendations, cells: 'A A A A A A' },
  { endpoint: api.getOrgEnablePermission, input: () => ({ params: { productId: 'email' } }), cells: 'A A A A A A' },
  {
    endpoint: api.listProductPreconditions,
    input: ({ projectId }) => ({ params: { productId: 'email' }, query: { uuid: projectId } }),
    cells: 'A A A N A N',
    notFoundCode: 40017,
  },
  {
    // Email is not enabled in the project: an allowed caller stops at not-found (nothing to put in the menu).
    endpoint: api.createLnbRelation,
    payload: ({ projectId }) => ({ projectId, productId: 'email' }),
    cells: 'A A D N D N',
    allowCode: 10404,
    notFoundCode: 40017,
  },
  { endpoint: api.deleteLnbRelation, input: () => ({ params: { relationId: NOWHERE } }), cells: 'A A A A A A', allowCode: 10404 },
  {
    endpoint: api.regenerateSecretKey,
    input: () => ({ params: { appKey: 'NoSuchAppKey00000000' } }),
    payload: () => ({ appKey: 'NoSuchAppKey00000000' }),
    cells: 'A A A A A A',
    allowCode: 10404,
  },
  {
    // An IP ACL key without addresses: an allowed caller passes the check and meets the field rule.
    endpoint: api.createProjectAuthentication,
    payload: ({ projectId }) => ({ authentication: { projectId, authAlias: 'Matrix key', authType: 'PROJECT_IP_ACL', ipAclList: [] } }),
    cells: 'A A D N D N',
    allowCode: 10001,
    notFoundCode: 40017,
  },
  {
    endpoint: api.updateProjectAuthentication,
    input: () => ({ params: { authId: NOWHERE } }),
    payload: () => ({ authentication: { authAlias: 'Matrix' } }),
    cells: 'A A A A A A',
    allowCode: 10404,
  },
  {
    endpoint: api.deleteProjectAuthentication,
    input: () => ({ params: { authId: NOWHERE } }),
    payload: ({ projectId }) => ({ uuid: projectId }),
    cells: 'A A A A A A',
    allowCode: 10404,
  },
  // Products' calls: no session role opens them — without an Appkey and SecretKey every caller is refused alike.
  { endpoint: api.verifyProductAppKey, payload: () => ({ productId: 'email' }), cells: 'A A A A A A', allowCode: 10401 },
  {
    endpoint: api.sendProductMail,
    payload: () => ({ productId: 'email', subject: 'S', messages: [{ to: 'x@example.com', text: 'T', html: '<p>T</p>' }] }),
    cells: 'A A A A A A',
    allowCode: 10401,
  },
  // Governance and network rules (modules/governance): harmless payloads (nothing switched on).
  { endpoint: governance.listGovernances, input: ({ orgId }) => ({ query: { scopeType: 'ORG', scopeId: orgId } }), cells: 'A A D D D N' },
  {
    endpoint: governance.saveGovernance,
    payload: ({ orgId }) => ({ scopeType: 'ORG', scopeId: orgId, governanceType: 'APPROVE_PROCESS', settingType: 'UNUSE' }),
    cells: 'A A D D D N',
  },
  { endpoint: governance.getIpAcl, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: governance.saveIpAcl,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ ipAclTypeCode: 'COMMON', ipAclSelection: 'NO_SETTING', ips: [] }),
    cells: 'A A D D D N',
  },
  { endpoint: governance.getCountryIpAcl, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: governance.saveCountryIpAcl,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ settingType: 'UNUSE', countryCodeList: [] }),
    cells: 'A A D D D N',
  },
  { endpoint: governance.getPrivacyProtect, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  {
    endpoint: governance.changePrivacyProtect,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ changeType: 'REPLACE', ips: [] }),
    cells: 'A A D D D N',
  },
  { endpoint: governance.isPrivacyAllowedIp, input: ({ orgId }) => ({ params: { orgId } }), payload: () => ({}), cells: 'A A A A A N' },
  {
    endpoint: governance.previewLockout,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ rule: 'IP_ACL', ipAclSelection: 'SETTING', ips: ['127.0.0.0/8'] }),
    cells: 'A A D D D N',
  },
  // Break-glass is the OWNER's alone (Organization.Owner.Update), checked by the service on a session route.
  { endpoint: governance.requestBreakGlass, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A D D D D N' },
  {
    endpoint: governance.confirmBreakGlass,
    input: ({ orgId }) => ({ params: { orgId } }),
    payload: () => ({ code: '00000000' }),
    cells: 'A D D D D N',
    allowCode: 23102,
  },
  { endpoint: governance.listBreakGlassEvents, input: ({ orgId }) => ({ params: { orgId } }), cells: 'A A D D D N' },
  // API credentials (issue 10): a caller's own keys; any signed-in caller, a key of nobody is not-found.
  { endpoint: api.listUserAccessKeys, cells: 'A A A A A A' },
  { endpoint: api.createUserAccessKey, payload: () => ({}), cells: 'A A A A A A' },
  { endpoint: api.updateUserAccessKey, input: () => ({ params: { userAccessKeyId: 'ABCDEFGHIJ0123456789' } }), payload: () => ({ status: 'STOP' }), cells: 'A A A A A A', allowCode: 23602 },
  { endpoint: api.reissueUserAccessKeySecret, input: () => ({ params: { userAccessKeyId: 'ABCDEFGHIJ0123456789' } }), cells: 'A A A A A A', allowCode: 23602 },
  { endpoint: api.deleteUserAccessKey, input: () => ({ params: { userAccessKeyId: 'ABCDEFGHIJ0123456789' } }), cells: 'A A A A A A', allowCode: 23602 },
  { endpoint: api.listAccessTokens, input: () => ({ params: { userAccessKeyId: 'ABCDEFGHIJ0123456789' } }), cells: 'A A A A A A', allowCode: 23602 },
  { endpoint: api.revokeAccessToken, input: () => ({ params: { userAccessKeyId: 'ABCDEFGHIJ0123456789', tokenId: NOWHERE } }), cells: 'A A A A A A', allowCode: 23602 },
  { endpoint: api.issueAccessToken, payload: () => ({ userAccessKeyId: 'ABCDEFGHIJ0123456789', secretAccessKey: 'guess' }), cells: 'A A A A A A', allowCode: 23603 },
  // ---- alarm lookups every signed-in caller may read (issue 11): the custom webhook types and an event's template parameters ----
  { endpoint: systemNotificationContracts.listCustomWebhookTypes, cells: 'A A A A A A' },
  { endpoint: systemNotificationContracts.listProductEventParameters, input: () => ({ params: { event: 'PRODUCT_ENABLED' } }), cells: 'A A A A A A' },
];

/**
 * The cells of the other organization roles, by endpoint: one letter for all eight, or eight in
 * OTHER_ROLES order. None of them holds a member, IAM, setting or project permission; all but NONE
 * read the organization's settings and domain.
 */
const OTHER_ROLE_CELLS: Record<string, string> = {
  'alarm.listCustomWebhookTypes': 'A',
  'alarm.listProductEventParameters': 'A',
  'iam.listUserAccessKeys': 'A',
  'iam.createUserAccessKey': 'A',
  'iam.updateUserAccessKey': 'A',
  'iam.reissueUserAccessKeySecret': 'A',
  'iam.deleteUserAccessKey': 'A',
  'iam.listAccessTokens': 'A',
  'iam.revokeAccessToken': 'A',
  'iam.issueAccessToken': 'A',
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
  'cab.getClientIp': 'A',
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
  'cab.getProjectMember': 'N',
  'cab.listProjectMemberCandidates': 'N',
  'cab.addProjectMember': 'N',
  'cab.updateProjectMember': 'N',
  'cab.updateProjectMembers': 'N',
  'cab.removeProjectMember': 'N',
  'cab.getMemberProfile': 'N',
  'cab.getMemberExist': 'A',
  'cab.getCorporationProfile': 'N',
  'cab.getMemberContacts': 'A',
  'iam.listIamMembers': 'D',
  'iam.createIamMembers': 'D',
  'iam.getIamMember': 'D',
  'iam.getSelf': 'N',
  'iam.updateIamMember': 'D',
  'iam.updateIamMemberStatus': 'D',
  'iam.deleteIamMember': 'D',
  'iam.sendPasswordSetupMail': 'D',
  'iam.getPasswordSetup': 'A',
  'iam.completePasswordSetup': 'A',
  'iam.listIdProviders': 'D',
  'signInSecurity.getLoginFail': 'D',
  'signInSecurity.updateLoginFail': 'D',
  'signInSecurity.getMfa': 'D',
  'signInSecurity.updateMfa': 'D',
  'signInSecurity.getSession': 'D',
  'signInSecurity.updateSession': 'D',
  'signInSecurity.getPasswordRule': 'D',
  'signInSecurity.updatePasswordRule': 'D',
  'signInSecurity.getOwnPasswordRule': 'N',
  'signInSecurity.changeOwnPassword': 'N',
  'signInSecurity.listIamMemberSessions': 'D',
  'signInSecurity.endIamMemberSessions': 'D',
  'signInSecurity.previewLockout': 'D',
  'signInSecurity.getIamMemberTotp': 'D',
  'signInSecurity.resetIamMemberTotp': 'D',
  'signInSecurity.getOwnTotp': 'N',
  'signInSecurity.startOwnTotpEnrolment': 'N',
  'signInSecurity.confirmOwnTotpEnrolment': 'N',
  'console.listDevOutbox': 'D',
  'console.listDevSmsOutbox': 'D',
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
  'productGateway.verifyAppKey': 'A',
  'productGateway.sendMail': 'A',
  'cab.listProducts': 'A',
  'cab.getProductUiHierarchy': 'A',
  'cab.getProductUiAllHierarchy': 'A',
  'cab.listProductUiIcons': 'A',
  'cab.listProductUis': 'A',
  'cab.listPublicApis': 'A',
  'cab.listProductRecommendations': 'A',
  'cab.getOrgEnablePermission': 'A',
  'cab.listProductPreconditions': 'N',
  'cab.createLnbRelation': 'N',
  'cab.deleteLnbRelation': 'A',
  'cab.regenerateSecretKey': 'A',
  'cab.createProjectAuthentication': 'N',
  'cab.updateProjectAuthentication': 'A',
  'cab.deleteProjectAuthentication': 'A',
  'cab.listGovernances': 'D',
  'cab.saveGovernance': 'D',
  'cab.getIpAcl': 'D',
  'cab.saveIpAcl': 'D',
  'cab.getCountryIpAcl': 'D',
  'cab.saveCountryIpAcl': 'D',
  'cab.getPrivacyProtect': 'D',
  'cab.changePrivacyProtect': 'D',
  'cab.isPrivacyAllowedIp': 'A',
  'cab.previewGovernanceLockout': 'D',
  'cab.requestGovernanceBreakGlass': 'D',
  'cab.confirmGovernanceBreakGlass': 'D',
  'cab.listGovernanceBreakGlass': 'D',
};

let t: TestApp;
/** A refused cell changes nothing: its snapshots, skipped while no row version of the snapshot tables changes. */
let still: ReturnType<typeof stillness>;
let ids: Ids;
const callers = {} as Record<Who, Caller>;
/** Every id and name of the demo tenant; none may appear in an answer to the outsider. */
let secrets: string[] = [];
const outsiderBodies: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  still = stillness(t.db);
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
  const groupSecrets = await setUpRoleGroupCallers(ids);
  const demoGroups = await t.db.select().from(roleGroups).where(eq(roleGroups.orgId, demo!.id));
  groupSecrets.push(...demoGroups.flatMap((group) => [group.id, group.name]));
  secrets = [
    ...groupSecrets,
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
  await readHeldRoles();
});

const cellsOf = (row: Row): Record<Who, Cell> => {
  const others = OTHER_ROLE_CELLS[row.endpoint.id] ?? '';
  const letters = [...row.cells.split(' '), ...(others.length === 1 ? others.repeat(OTHER_ROLES.length) : others)] as Cell[];
  return Object.fromEntries(WHO.map((who, index) => [who, letters[index]!])) as Record<Who, Cell>;
};

const CASES = ROWS.flatMap((row) => WHO.map((who) => ({ row, who, cell: cellsOf(row)[who], name: `${row.endpoint.id} as ${who}` })));

describe('permission matrix', () => {
  it('covers every organization, project, member and IAM route of the contracts, the signed-in metric reads and the dev outbox', () => {
    const covered = ENDPOINTS.filter(
      (endpoint) =>
        endpoint.path.startsWith('/api/cab/') ||
        endpoint.path.startsWith('/api/iam/') ||
        // Alarms, alarm groups, receiver groups and system notifications (issue 11).
        endpoint.path.startsWith('/api/alarm/') ||
        // The ingestion calls answer to an Appkey, not a session: metrics.routes.test.ts covers them.
        (endpoint.path.startsWith('/api/metrics/') && endpoint.access.kind !== 'public') ||
        endpoint.id === api.listDevOutbox.id ||
        endpoint.id === api.listDevSmsOutbox.id,
    ).map((endpoint) => endpoint.id);
    expect([...ROWS, ...DERIVED_ROWS].map((row) => row.endpoint.id).sort()).toEqual([...covered].sort());
    for (const row of ROWS) {
      expect(row.cells.split(' '), row.endpoint.id).toHaveLength(MAIN.length);
      expect([1, OTHER_ROLES.length], row.endpoint.id).toContain(OTHER_ROLE_CELLS[row.endpoint.id]?.length);
    }
    expect(Object.keys(OTHER_ROLE_CELLS).sort()).toEqual(ROWS.map((row) => row.endpoint.id).sort());
  });

  it.each(CASES)('$name: $cell', async ({ row, who, cell }) => {
    const { endpoint } = row;
    const before = cell === 'A' ? undefined : await still.before();
    const response = await callRow(callers[who], row);
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
    if (before) expect(await still.after(before)).toEqual(before.rows);
  });

  it("never shows the outsider any id or name of the other tenant (0 leaks)", () => {
    expect(outsiderBodies).toHaveLength(ROWS.length);
    const leaks = outsiderBodies.flatMap((body) => secrets.filter((secret) => body.includes(secret)).map((secret) => ({ secret, body })));
    expect(leaks).toEqual([]);
  });
});

// ---- role groups in the matrix ----

/**
 * Demo organization MEMBERs who are members of the project under test, each next to a twin that
 * holds the same thing with built-in roles only. Every route must answer a group caller exactly
 * as its twin: a group whose conditions pass = its roles; a group whose condition fails = nothing;
 * a deny = the role taken away.
 * - GROUP_PASS: project role NONE + a PROJECT group with PROJECT_ROLE:ADMIN whose TIME (Seoul),
 *   DAY_OF_WEEK and REQUEST_IP conditions hold at the test clock (Sunday 18:00 KST, 127.0.0.1).
 *   Twin: CONTROL_ADMIN (project role ADMIN).
 * - GROUP_FAIL: project role NONE + a COMMON group with PROJECT_ROLE:ADMIN for 12:00-14:00 only.
 *   Twin: CONTROL_NONE (project role NONE).
 * - GROUP_DENY: project role ADMIN + a group that DENIES PROJECT_ROLE:ADMIN. Twin: CONTROL_NONE.
 */
const GROUP_CALLERS = ['GROUP_PASS', 'GROUP_FAIL', 'GROUP_DENY', 'CONTROL_ADMIN', 'CONTROL_NONE'] as const;
type GroupCaller = (typeof GROUP_CALLERS)[number];
const TWINS: readonly [GroupCaller, GroupCaller][] = [
  ['GROUP_PASS', 'CONTROL_ADMIN'],
  ['GROUP_FAIL', 'CONTROL_NONE'],
  ['GROUP_DENY', 'CONTROL_NONE'],
];
const groupCallers = {} as Record<GroupCaller, Caller>;

async function setUpRoleGroupCallers({ orgId, projectId }: Ids): Promise<string[]> {
  const passwordHash = (await t.db.select().from(members).where(eq(members.email, 'owner@demo.example.com')))[0]!.passwordHash;
  const now = t.clock.now();
  const group = async (name: string, typeCode: 'PROJECT' | 'COMMON', roles: Omit<typeof roleGroupRoles.$inferInsert, 'roleGroupId' | 'orgId'>[]) => {
    const [row] = await t.db
      .insert(roleGroups)
      .values({ orgId, projectId: typeCode === 'PROJECT' ? projectId : null, typeCode, name, createdAt: now, updatedAt: now })
      .returning();
    await t.db.insert(roleGroupRoles).values(roles.map((role) => ({ ...role, roleGroupId: row!.id, orgId })));
    return row!;
  };
  const pass = await group('Matrix pass', 'PROJECT', [
    {
      roleId: 'PROJECT_ROLE:ADMIN',
      conditions: [
        { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['17:00', '19:00'] },
        { attributeId: 'DAY_OF_WEEK', attributeDataTypeCode: 'DAY_OF_WEEK', attributeOperatorTypeCode: 'ANY_CONTAINS', attributeValues: ['SAT', 'SUN'] },
        { attributeId: 'REQUEST_IP', attributeDataTypeCode: 'IPADDRESS', attributeOperatorTypeCode: 'ALLOW', attributeValues: ['127.0.0.0/8', '::1'] },
      ],
    },
  ]);
  const fail = await group('Matrix lunch only', 'COMMON', [
    {
      roleId: 'PROJECT_ROLE:ADMIN',
      conditions: [{ attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] }],
    },
  ]);
  const deny = await group('Matrix deny', 'PROJECT', [{ roleId: 'PROJECT_ROLE:ADMIN', denialSetting: 'DENY' }]);
  const setUp: Record<GroupCaller, { roleCodes: string[]; groupId?: string }> = {
    GROUP_PASS: { roleCodes: ['NONE'], groupId: pass.id },
    GROUP_FAIL: { roleCodes: ['NONE'], groupId: fail.id },
    GROUP_DENY: { roleCodes: ['ADMIN'], groupId: deny.id },
    CONTROL_ADMIN: { roleCodes: ['ADMIN'] },
    CONTROL_NONE: { roleCodes: ['NONE'] },
  };
  for (const who of GROUP_CALLERS) {
    const email = `${who.toLowerCase().replace('_', '-')}@demo.example.com`;
    const [member] = await t.db.insert(members).values({ email, name: `Demo ${who}`, passwordHash }).returning();
    await t.db.insert(orgMembers).values({ orgId, memberId: member!.id, roleCode: 'MEMBER' });
    const [membership] = await t.db.insert(projectMembers).values({ orgId, projectId, memberId: member!.id, roleCodes: setUp[who].roleCodes }).returning();
    const { groupId } = setUp[who];
    if (groupId) await t.db.insert(projectMemberRoleGroups).values({ projectMemberId: membership!.id, roleGroupId: groupId, orgId, projectId, createdAt: now });
    groupCallers[who] = await t.login(email, DEMO_PASSWORD);
  }
  return [pass.id, pass.name, fail.id, fail.name, deny.id, deny.name];
}

async function outcome(row: Row, who: GroupCaller) {
  const response = await callRow(groupCallers[who], row);
  const isFile = String(response.headers['content-type']).includes('spreadsheetml');
  return { status: response.statusCode, body: isFile ? { header: { resultCode: 0 } } : response.json() };
}

describe('permission matrix with role groups', () => {
  /** How many project routes the twins answer differently (the groups must matter somewhere). */
  let differing = 0;

  it.each(ROWS.map((row) => ({ row, name: row.endpoint.id })))('$name: every group caller answers as its built-in twin', async ({ row }) => {
    const answers = {} as Record<GroupCaller, Awaited<ReturnType<typeof outcome>>>;
    for (const who of GROUP_CALLERS) answers[who] = await outcome(row, who);
    for (const [group, twin] of TWINS) {
      expect([row.endpoint.id, group, answers[group].status, answers[group].body.header.resultCode]).toEqual([
        row.endpoint.id,
        group,
        answers[twin].status,
        answers[twin].body.header.resultCode,
      ]);
    }
    if (answers.CONTROL_ADMIN.body.header.resultCode !== answers.CONTROL_NONE.body.header.resultCode) differing += 1;
    const access = row.endpoint.access;
    if (
      answers.GROUP_FAIL.body.header.resultCode === -6 &&
      answers.CONTROL_ADMIN.body.header.resultCode !== -6 &&
      access.kind === 'permission' &&
      access.scope === 'project' &&
      access.permissions.length > 0
    ) {
      // The modal learns which condition failed and when it holds again (12:00 tomorrow, Seoul).
      expect(answers.GROUP_FAIL.body.failedConditions.length).toBeGreaterThan(0);
      expect(answers.GROUP_FAIL.body.failedConditions[0]).toMatchObject({
        roleGroupName: 'Matrix lunch only',
        attributeId: 'TIME',
        reason: 'OUTSIDE_TIME',
        timeZone: 'Asia/Seoul',
        validFrom: '2026-11-23T03:00:00.000Z',
      });
      expect(answers.GROUP_DENY.body.deniedBy).toContainEqual(expect.objectContaining({ roleGroupName: 'Matrix deny', roleId: 'PROJECT_ROLE:ADMIN' }));
    }
  });

  it('the groups decide something: twins ADMIN and NONE differ on many project routes', () => {
    expect(differing).toBeGreaterThan(10);
  });
});

// ---- routes of the roles, role-group, activity and support-team modules: cells derived ----

/**
 * For these routes each caller's cell follows from the route's declared access and what the
 * caller holds, read from the database independently of the engine: built-in organization and
 * project roles, plus the ALLOW roles without conditions of the role groups they hold (the demo
 * MEMBER's; the demo's only conditional role is a weekday one and the test clock is a Sunday).
 * A: the check let the call through (whatever the route then answers: never PERMISSION_DENIED, INVALID_ORG_ID or PROJECT_NOT_EXIST);
 * D: PERMISSION_DENIED naming the route's permissions; N: not-found. Ids that exist nowhere keep allowed calls
 * from changing anything that matters.
 */
interface DerivedRow {
  endpoint: Endpoint;
  /** The call's path parameters and query (none: the endpoint's path as it stands). */
  input?: (ids: Ids) => Input;
  payload?: (ids: Ids) => object;
}
const ALARM_GROUP_BODY = { alarmGroupName: 'Matrix alarm group', targets: [{ targetType: 'MEMBER', targetId: NOWHERE }] };
const ALARM_RULE = { service: 'email', metricName: 'sent_count', conditionOperator: 'GT', threshold: 1, durationMinutes: 1 };
const RECEIVER_GROUP_BODY = { name: 'Matrix receivers', memberIds: [NOWHERE] };
const RECEIVER_GROUP_WEBHOOK_BODY = { name: 'Matrix receivers', webhooks: [{ name: 'Matrix hook', targetUrl: 'https://hooks.example.com/matrix' }] };
const inOrg = ({ orgId }: Ids) => ({ params: { orgId } });
const inProject = ({ projectId }: Ids) => ({ params: { projectId } });
const orgWith = (extra: Record<string, string>) => ({ orgId }: Ids) => ({ params: { orgId, ...extra } });
const projectWith = (extra: Record<string, string>) => ({ projectId }: Ids) => ({ params: { projectId, ...extra } });
const GROUP_BODY = { roleGroupName: 'Matrix derived', roles: [{ roleId: 'PROJECT_ROLE:VIEWER' }] };
const ROLE = 'PROJECT_ROLE:MEMBER';
const DERIVED_ROWS: DerivedRow[] = [
  { endpoint: api.queryMetrics, input: ({ projectId }) => ({ params: { projectId } }), payload: () => ({ service: 'email', metricName: 'sent_count', preset: '1d' }) },
  { endpoint: api.listUsage, input: ({ projectId }) => ({ params: { projectId }, query: { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' } }) },
  // API credentials and the audit log (issue 10).
  { endpoint: api.getRenewPeriods, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.updateRenewPeriods, input: ({ orgId }) => ({ params: { orgId } }), payload: () => ({ renewPeriods: { userAccessKey: 90, iaasApiPassword: 90, s3Credential: 90 } }) },
  { endpoint: api.listProjectCredentials, input: ({ projectId }) => ({ params: { projectId } }) },
  { endpoint: api.issueProjectCredential, input: ({ projectId }) => ({ params: { projectId } }), payload: () => ({ kind: 'S3_CREDENTIAL' }) },
  { endpoint: api.deleteProjectCredential, input: ({ projectId }) => ({ params: { projectId, credentialId: NOWHERE } }) },
  { endpoint: api.listAuditEvents, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.exportAuditEvents, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.getProjectEnablePermission, input: ({ orgId }) => ({ params: { productId: 'email' }, query: { orgId } }) },
  { endpoint: api.getProjectServiceHierarchy, input: ({ projectId }) => ({ params: { projectId } }) },
  { endpoint: api.enableProjectProduct, input: ({ projectId }) => ({ params: { projectId, productId: 'no-such-product' } }) },
  { endpoint: api.disableProjectProduct, input: ({ projectId }) => ({ params: { projectId, productId: 'no-such-product' } }) },
  { endpoint: api.getProjectProduct, input: ({ projectId }) => ({ params: { projectId, productId: 'no-such-product' } }) },
  { endpoint: api.enableOrgProduct, input: ({ orgId }) => ({ params: { orgId, productId: 'no-such-product' } }), payload: () => ({ saasOwnerUuid: NOWHERE }) },
  { endpoint: api.disableOrgProduct, input: ({ orgId }) => ({ params: { orgId, productId: 'no-such-product' } }) },
  { endpoint: api.getOrgProduct, input: ({ orgId }) => ({ params: { orgId, productId: 'no-such-product' } }) },
  { endpoint: api.validateEnableRestriction, input: () => ({ params: { productId: 'email' } }), payload: ({ orgId }) => ({ orgId }) },
  { endpoint: api.listSaasMembers, input: ({ orgId }) => ({ params: { orgId }, query: { productId: 'no-such-product' } }) },
  {
    endpoint: api.setSaasMemberRole,
    input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }),
    payload: () => ({ productId: 'no-such-product', role: 'VIEWER' }),
  },
  { endpoint: api.setSaasOwner, input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }), payload: () => ({ productId: 'no-such-product' }) },
  { endpoint: api.listProjectAuthentications, input: ({ projectId }) => ({ params: { projectId } }) },
  { endpoint: api.getOrgSupportTeam, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.updateOrgSupportTeam, input: ({ orgId }) => ({ params: { orgId } }), payload: () => ({ members: [] }) },
  { endpoint: api.searchOrgSupportTeamCandidates, input: ({ orgId }) => ({ params: { orgId }, query: { keyword: 'zzz' } }) },
  { endpoint: api.getOrgMembersSummary, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.listOrgActivities, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.listProjectActivities, input: ({ projectId }) => ({ params: { projectId } }) },
  { endpoint: api.getOrgMember, input: ({ orgId }) => ({ params: { orgId, memberId: NOWHERE } }) },
  { endpoint: api.listOrgRoles, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.listRoleGroupRoles, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.listOrgChildRoles, input: ({ orgId }) => ({ params: { orgId, roleId: ROLE } }) },
  { endpoint: api.listOrgParentRoles, input: ({ orgId }) => ({ params: { orgId, roleId: ROLE } }) },
  { endpoint: api.getOrgRoleCategories, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.getOrgProjectRoleCategories, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.searchOrgRoleTreeNodes, input: ({ orgId }) => ({ params: { orgId } }), payload: () => ({}) },
  { endpoint: api.listProjectChildRoles, input: ({ projectId }) => ({ params: { projectId, roleId: ROLE } }) },
  { endpoint: api.listProjectParentRoles, input: ({ projectId }) => ({ params: { projectId, roleId: ROLE } }) },
  { endpoint: api.getProjectRoleCategories, input: ({ projectId }) => ({ params: { projectId } }) },
  { endpoint: api.searchProjectRoleTreeNodes, input: ({ projectId }) => ({ params: { projectId } }), payload: () => ({}) },
  { endpoint: api.searchProjectRoles, input: ({ projectId }) => ({ params: { projectId } }), payload: () => ({}) },
  { endpoint: api.getOrgRelatedRoles, input: ({ orgId }) => ({ params: { orgId }, query: { roleIds: ROLE } }) },
  { endpoint: api.getProjectRelatedRoles, input: ({ projectId }) => ({ params: { projectId }, query: { roleIds: ROLE } }) },
  { endpoint: api.listOrgRoleGroups, input: ({ orgId }) => ({ params: { orgId } }) },
  { endpoint: api.createOrgRoleGroup, input: ({ orgId }) => ({ params: { orgId } }), payload: () => GROUP_BODY },
  { endpoint: api.previewOrgRoleGroup, input: ({ orgId }) => ({ params: { orgId } }), payload: () => GROUP_BODY },
  { endpoint: api.getOrgRoleGroup, input: ({ orgId }) => ({ params: { orgId, roleGroupId: NOWHERE } }) },
  { endpoint: api.updateOrgRoleGroup, input: ({ orgId }) => ({ params: { orgId, roleGroupId: NOWHERE } }), payload: () => GROUP_BODY },
  { endpoint: api.deleteOrgRoleGroup, input: ({ orgId }) => ({ params: { orgId, roleGroupId: NOWHERE } }) },
  { endpoint: api.listProjectRoleGroups, input: ({ projectId }) => ({ params: { projectId } }) },
  { endpoint: api.createProjectRoleGroup, input: ({ projectId }) => ({ params: { projectId } }), payload: () => GROUP_BODY },
  { endpoint: api.previewProjectRoleGroup, input: ({ projectId }) => ({ params: { projectId } }), payload: () => GROUP_BODY },
  { endpoint: api.getProjectRoleGroup, input: ({ projectId }) => ({ params: { projectId, roleGroupId: NOWHERE } }) },
  { endpoint: api.updateProjectRoleGroup, input: ({ projectId }) => ({ params: { projectId, roleGroupId: NOWHERE } }), payload: () => GROUP_BODY },
  { endpoint: api.deleteProjectRoleGroup, input: ({ projectId }) => ({ params: { projectId, roleGroupId: NOWHERE } }) },
  { endpoint: api.setRoleGroupMembers, input: ({ projectId }) => ({ params: { projectId, roleGroupId: NOWHERE } }), payload: () => ({ projectMemberUuids: [] }) },
  // Alarm groups, metric alarms, silences, receiver groups and system notifications (issue 11). Writes
  // name ids that exist nowhere, so an allowed call stops at the route's own not-found or rule.
  ...ALARM_ROWS(),
];

/** The alarm routes' derived rows (a function: the rows above are declared before this module's constants are used). */
function ALARM_ROWS(): DerivedRow[] {
  const a = alarmContracts;
  const r = receiverGroupContracts;
  const n = systemNotificationContracts;
  const hook = { receiverGroupId: NOWHERE, webhookId: NOWHERE };
  return [
    { endpoint: a.orgAlarmGroups.list, input: inOrg },
    { endpoint: a.orgAlarmGroups.get, input: orgWith({ alarmGroupId: NOWHERE }) },
    { endpoint: a.orgAlarmGroups.create, input: inOrg, payload: () => ALARM_GROUP_BODY },
    { endpoint: a.orgAlarmGroups.update, input: orgWith({ alarmGroupId: NOWHERE }), payload: () => ALARM_GROUP_BODY },
    { endpoint: a.orgAlarmGroups.remove, input: orgWith({ alarmGroupId: NOWHERE }) },
    { endpoint: a.projectAlarmGroups.list, input: inProject },
    { endpoint: a.projectAlarmGroups.get, input: projectWith({ alarmGroupId: NOWHERE }) },
    { endpoint: a.projectAlarmGroups.create, input: inProject, payload: () => ALARM_GROUP_BODY },
    { endpoint: a.projectAlarmGroups.update, input: projectWith({ alarmGroupId: NOWHERE }), payload: () => ALARM_GROUP_BODY },
    { endpoint: a.projectAlarmGroups.remove, input: projectWith({ alarmGroupId: NOWHERE }) },
    { endpoint: a.listOrgAlarmMembers, input: inOrg },
    { endpoint: a.listProjectAlarmMembers, input: inProject },
    { endpoint: a.listOrgAlarmRoles, input: inOrg },
    { endpoint: a.listProjectAlarmRoles, input: inProject },
    { endpoint: a.listOrgAlarms, input: inOrg },
    { endpoint: a.listOrgAlarmHistory, input: inOrg },
    { endpoint: a.listAlarms, input: inProject },
    { endpoint: a.listAlarmHistory, input: inProject },
    { endpoint: a.listAlarmMetrics, input: inProject },
    { endpoint: a.backtestAlarm, input: inProject, payload: () => ALARM_RULE },
    { endpoint: a.getAlarm, input: projectWith({ alarmId: NOWHERE }) },
    // No recipient: an allowed call stops at 40106 (the alarm needs one), nothing is written.
    { endpoint: a.createAlarm, input: inProject, payload: () => ({ ...ALARM_RULE, alarmName: 'Matrix alarm', methods: ['EMAIL'] }) },
    { endpoint: a.updateAlarm, input: projectWith({ alarmId: NOWHERE }), payload: () => ({ ...ALARM_RULE, alarmName: 'Matrix alarm', methods: ['EMAIL'], alarmGroupIds: [NOWHERE] }) },
    { endpoint: a.setAlarmEnabled, input: projectWith({ alarmId: NOWHERE }), payload: () => ({ enabled: false }) },
    { endpoint: a.deleteAlarm, input: projectWith({ alarmId: NOWHERE }) },
    {
      endpoint: silenceContracts.createSilence,
      input: inProject,
      payload: () => ({ alarmId: NOWHERE, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-01T01:00:00Z', reason: 'matrix' }),
    },
    { endpoint: silenceContracts.listSilences, input: inProject },
    { endpoint: silenceContracts.deleteSilence, input: projectWith({ silenceId: NOWHERE }) },
    {
      endpoint: silenceContracts.createOrgSilence,
      input: inOrg,
      payload: () => ({ alarmId: NOWHERE, startsAt: '2026-11-01T00:00:00Z', endsAt: '2026-11-01T01:00:00Z', reason: 'matrix' }),
    },
    { endpoint: silenceContracts.listOrgSilences, input: inOrg },
    { endpoint: silenceContracts.deleteOrgSilence, input: orgWith({ silenceId: NOWHERE }) },
    { endpoint: r.listOrgReceiverGroups, input: inOrg },
    // A group with one webhook: the first allowed caller adds it, the next ones stop at 40103 (the name exists).
    { endpoint: r.createOrgReceiverGroup, input: inOrg, payload: () => RECEIVER_GROUP_WEBHOOK_BODY },
    { endpoint: r.getOrgReceiverGroup, input: orgWith({ receiverGroupId: NOWHERE }) },
    { endpoint: r.updateOrgReceiverGroup, input: orgWith({ receiverGroupId: NOWHERE }), payload: () => RECEIVER_GROUP_BODY },
    { endpoint: r.deleteOrgReceiverGroup, input: orgWith({ receiverGroupId: NOWHERE }) },
    { endpoint: r.listOrgWebhookDeliveries, input: orgWith(hook) },
    { endpoint: r.testOrgWebhook, input: orgWith(hook) },
    { endpoint: r.redeliverOrgWebhook, input: orgWith({ ...hook, deliveryId: NOWHERE }) },
    { endpoint: r.resumeOrgWebhook, input: orgWith(hook) },
    { endpoint: r.listProjectReceiverGroups, input: inProject },
    { endpoint: r.createProjectReceiverGroup, input: inProject, payload: () => RECEIVER_GROUP_WEBHOOK_BODY },
    { endpoint: r.getProjectReceiverGroup, input: projectWith({ receiverGroupId: NOWHERE }) },
    { endpoint: r.updateProjectReceiverGroup, input: projectWith({ receiverGroupId: NOWHERE }), payload: () => RECEIVER_GROUP_BODY },
    { endpoint: r.deleteProjectReceiverGroup, input: projectWith({ receiverGroupId: NOWHERE }) },
    { endpoint: r.listProjectWebhookDeliveries, input: projectWith(hook) },
    { endpoint: r.testProjectWebhook, input: projectWith(hook) },
    { endpoint: r.redeliverProjectWebhook, input: projectWith({ ...hook, deliveryId: NOWHERE }) },
    { endpoint: r.resumeProjectWebhook, input: projectWith(hook) },
    { endpoint: n.getOrgSystemNotificationHierarchy, input: inOrg },
    { endpoint: n.getProjectSystemNotificationHierarchy, input: inProject },
    { endpoint: n.getOrgSystemNotificationCategories, input: inOrg },
    { endpoint: n.getProjectSystemNotificationCategories, input: inProject },
    { endpoint: n.getOrgSystemNotification, input: orgWith({ alarmId: 'NO_SUCH_EVENT' }) },
    { endpoint: n.getProjectSystemNotification, input: projectWith({ alarmId: 'NO_SUCH_EVENT' }) },
    { endpoint: n.searchOrgSystemNotifications, input: inOrg, payload: () => ({}) },
    { endpoint: n.searchProjectSystemNotifications, input: inProject, payload: () => ({}) },
    { endpoint: n.setOrgSystemNotificationReceivers, input: orgWith({ alarmId: 'NO_SUCH_EVENT' }), payload: () => ({ receiverGroupIds: [] }) },
    { endpoint: n.setProjectSystemNotificationReceivers, input: projectWith({ alarmId: 'NO_SUCH_EVENT' }), payload: () => ({ receiverGroupIds: [] }) },
    { endpoint: n.setOrgSystemNotificationReceiversBulk, input: inOrg, payload: () => ({ alarmIds: ['NO_SUCH_EVENT'], receiverGroupIds: [] }) },
    { endpoint: n.setProjectSystemNotificationReceiversBulk, input: inProject, payload: () => ({ alarmIds: ['NO_SUCH_EVENT'], receiverGroupIds: [] }) },
  ];
}

/** What each caller holds, read from the tables (not through the engine). */
const held = {} as Record<Who, { orgRoles: string[] | undefined; stored: string[] | undefined; isOwner: boolean; groupPermissions: PermissionName[] }>;

async function readHeldRoles() {
  const [project] = await t.db.select().from(projects).where(eq(projects.id, ids.projectId));
  const emails: Record<Exclude<Who, 'IAM'>, string> = {
    OWNER: 'owner@demo.example.com',
    ADMIN: 'admin@demo.example.com',
    MEMBER: 'member@demo.example.com',
    BILLING_VIEWER: 'billing@demo.example.com',
    OUTSIDER: 'outsider@tenant.example.com',
    ...(Object.fromEntries(OTHER_ROLES.map((role) => [role, `${role.toLowerCase()}@demo.example.com`])) as Record<(typeof OTHER_ROLES)[number], string>),
  };
  for (const who of WHO) {
    let orgRoles: string[] | undefined;
    let membership: typeof projectMembers.$inferSelect | undefined;
    let isOwner = false;
    if (who === 'IAM') {
      orgRoles = [];
      [membership] = await t.db.select().from(projectMembers).where(and(eq(projectMembers.projectId, ids.projectId), eq(projectMembers.iamMemberId, ids.iamId)));
    } else {
      const [member] = await t.db.select().from(members).where(eq(members.email, emails[who]));
      const roles = await t.db.select().from(orgMembers).where(and(eq(orgMembers.orgId, ids.orgId), eq(orgMembers.memberId, member!.id)));
      orgRoles = roles.length > 0 ? roles.map((row) => row.roleCode as string) : undefined;
      [membership] = await t.db.select().from(projectMembers).where(and(eq(projectMembers.projectId, ids.projectId), eq(projectMembers.memberId, member!.id)));
      isOwner = project!.ownerMemberId === member!.id;
    }
    const groupPermissions: PermissionName[] = [];
    if (membership) {
      const rows = await t.db
        .select({ roleId: roleGroupRoles.roleId, denialSetting: roleGroupRoles.denialSetting, conditions: roleGroupRoles.conditions })
        .from(projectMemberRoleGroups)
        .innerJoin(roleGroupRoles, eq(roleGroupRoles.roleGroupId, projectMemberRoleGroups.roleGroupId))
        .where(eq(projectMemberRoleGroups.projectMemberId, membership.id));
      expect(rows.filter((row) => row.denialSetting === 'DENY'), 'the demo callers hold no deny').toEqual([]);
      for (const row of rows) if (row.conditions.length === 0) groupPermissions.push(...api.permissionsOfRoleId(row.roleId));
    }
    held[who] = { orgRoles, stored: membership?.roleCodes, isOwner, groupPermissions };
  }
  expect(held.MEMBER.groupPermissions.length, 'the demo MEMBER holds role groups').toBeGreaterThan(0);
}

function derivedCell(endpoint: Endpoint, who: Who): Cell {
  const access = endpoint.access;
  if (access.kind !== 'permission') throw new Error(`${endpoint.id}: derived rows are permission routes`);
  const { orgRoles, stored, isOwner, groupPermissions } = held[who];
  if (!orgRoles) return 'N';
  if (access.scope === 'org') {
    const permissions = api.permissionsOfBuiltInRoles(orgRoles, undefined);
    return access.permissions.every((permission) => permissions.has(permission)) ? 'A' : 'D';
  }
  const orgPermissions = api.permissionsOfBuiltInRoles(orgRoles, undefined);
  if (!orgPermissions.has('Organization.Project.List') && stored === undefined && !isOwner) return 'N';
  const permissions = api.permissionsOfBuiltInRoles(orgRoles, [...(isOwner ? ['OWNER'] : []), ...(stored ?? [])]);
  for (const permission of groupPermissions) permissions.add(permission);
  return access.permissions.every((permission) => permissions.has(permission)) ? 'A' : 'D';
}

const derivedOutsiderBodies: string[] = [];

describe('permission matrix: derived rows', () => {
  it.each(DERIVED_ROWS.flatMap((row) => WHO.map((who) => ({ row, who, name: `${row.endpoint.id} as ${who}` }))))('$name', async ({ row, who }) => {
    const cell = derivedCell(row.endpoint, who);
    const before = cell === 'A' ? undefined : await still.before();
    const response = await callRow(callers[who], row);
    // The audit log's CSV export answers the file itself, not the envelope.
    const body = String(response.headers['content-type']).includes('text/csv') ? { header: { resultCode: 0 } } : response.json();
    if (who === 'OUTSIDER') derivedOutsiderBodies.push(response.body);
    const access = row.endpoint.access as { scope: 'org' | 'project'; permissions: readonly string[] };
    switch (cell) {
      case 'A':
        expect([403, 404].includes(response.statusCode) && [-6, 23005, 40017].includes(body.header.resultCode), `${cell}: ${response.body}`).toBe(false);
        expect(body.header.resultCode, response.body).not.toBe(10001);
        break;
      case 'D':
        expect(response.statusCode, response.body).toBe(403);
        expect(body.header.resultCode).toBe(-6);
        expect(body.neededPermissions).toEqual([...access.permissions]);
        break;
      case 'N':
        expect(response.statusCode, response.body).toBe(404);
        expect(body.header.resultCode).toBe(access.scope === 'project' ? 40017 : 23005);
        break;
      default:
        throw new Error(cell);
    }
    if (before) expect(await still.after(before)).toEqual(before.rows);
  });

  it('the derived cells are not all alike', () => {
    const cells = DERIVED_ROWS.flatMap((row) => WHO.map((who) => derivedCell(row.endpoint, who)));
    const count = (cell: Cell) => cells.filter((each) => each === cell).length;
    expect([count('A') > 50, count('D') > 50, count('N') > 30]).toEqual([true, true, true]);
  });

  it('never shows the outsider any id or name of the other tenant there either (0 leaks)', () => {
    expect(derivedOutsiderBodies).toHaveLength(DERIVED_ROWS.length);
    expect(derivedOutsiderBodies.flatMap((body) => secrets.filter((secret) => body.includes(secret)))).toEqual([]);
  });

  it.each(DERIVED_ROWS.map((row) => ({ row, name: row.endpoint.id })))('$name: every group caller answers as its built-in twin', async ({ row }) => {
    for (const [group, twin] of TWINS) {
      const [mine, theirs] = [await outcome(row as Row, group), await outcome(row as Row, twin)];
      expect([row.endpoint.id, group, mine.status, mine.body.header.resultCode]).toEqual([row.endpoint.id, group, theirs.status, theirs.body.header.resultCode]);
    }
  });
});
