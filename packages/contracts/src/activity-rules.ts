import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { type Endpoint } from './endpoint.ts';
import * as iam from './iam.ts';
import * as imports from './imports.ts';
import * as members from './members.ts';
import * as organizations from './organizations.ts';
import { iamAccountLabel } from './personal-data.ts';
import * as projects from './projects.ts';
import * as roleGroups from './role-groups.ts';
import type { ActivityActionCode, ActivityTargetType } from './activity.ts';

type Out<T> = T extends z.ZodType ? z.output<T> : never;

/**
 * Which calls the activity log records, and what each records (the recorder in the API applies
 * these): the catalogue of codes and the list endpoints stay in activity.ts.
 */

/** A successful call as the recorder sees it: parsed params and body, and the handler's answer. */
export interface ActivityCall<E extends Endpoint> {
  readonly params: Out<NonNullable<E['params']>>;
  readonly body: Out<NonNullable<E['body']>>;
  readonly response: z.input<E['response']>;
  /** The name the server read before the call (see `nameBefore`), or null. */
  readonly nameBefore: string | null;
}

export interface ActivityTarget {
  readonly type: ActivityTargetType;
  readonly id: string | null;
  readonly name: string | null;
  /** The project the event belongs to, when the call's own scope does not say (a new project). */
  readonly projectId?: string | null;
  /** The organization, for calls that name none in their access rule (creating one). */
  readonly orgId?: string;
}

export interface ActivityRule {
  readonly endpointId: string;
  readonly action: (call: ActivityCall<Endpoint>) => ActivityActionCode;
  /** One event per target (a batch call may touch several). */
  readonly targets: (call: ActivityCall<Endpoint>) => readonly ActivityTarget[];
  /**
   * A target whose name is gone after the call (it is deleted): its type and id, read from the
   * params or body; the server reads the name before running the call.
   */
  readonly nameBefore?: (call: Pick<ActivityCall<Endpoint>, 'params' | 'body'>) => {
    type: 'PROJECT' | 'MEMBER' | 'IAM_ACCOUNT' | 'ANY_MEMBER' | 'INVITATION' | 'ROLE_GROUP';
    id: string;
  };
  /**
   * Who acted, where it is not the session's caller: a public call (accepting an invitation, maybe
   * signing up in the same call). The server reads their name after the call.
   */
  readonly actor?: (call: ActivityCall<Endpoint>) => { memberType: (typeof MEMBER_TYPES)[number]; id: string };
}

const rule = <E extends Endpoint>(
  endpoint: E,
  spec: {
    action: ActivityActionCode | ((call: ActivityCall<E>) => ActivityActionCode);
    targets: (call: ActivityCall<E>) => readonly ActivityTarget[];
    nameBefore?: (call: Pick<ActivityCall<E>, 'params' | 'body'>) => ReturnType<NonNullable<ActivityRule['nameBefore']>>;
    actor?: (call: ActivityCall<E>) => ReturnType<NonNullable<ActivityRule['actor']>>;
  },
): ActivityRule => {
  const { action } = spec;
  return {
    endpointId: endpoint.id,
    action: typeof action === 'string' ? () => action : (action as ActivityRule['action']),
    targets: spec.targets as unknown as ActivityRule['targets'],
    ...(spec.nameBefore ? { nameBefore: spec.nameBefore as unknown as NonNullable<ActivityRule['nameBefore']> } : {}),
    ...(spec.actor ? { actor: spec.actor as unknown as NonNullable<ActivityRule['actor']> } : {}),
  };
};

const org = (value: { orgId: string; orgName: string }): ActivityTarget => ({
  type: 'ORGANIZATION',
  id: value.orgId,
  name: value.orgName,
  orgId: value.orgId,
});
const project = (value: { projectId: string; projectName: string }): ActivityTarget => ({
  type: 'PROJECT',
  id: value.projectId,
  name: value.projectName,
  projectId: value.projectId,
});
const importJob = (call: { response: { asyncJobId: string } }): ActivityTarget[] => [
  { type: 'IMPORT_JOB', id: call.response.asyncJobId, name: null },
];

/** Every recorded call. A mutating endpoint is either here or in NOT_ACTIVITIES (a unit test holds this). */
export const ACTIVITY_RULES: ReadonlyMap<string, ActivityRule> = new Map(
  [
    rule(organizations.createOrganization, { action: 'ORG_CREATE', targets: ({ response }) => [org(response.org)] }),
    rule(organizations.updateOrganization, { action: 'ORG_UPDATE', targets: ({ response }) => [org(response.org)] }),
    rule(organizations.transferOrganizationOwnership, {
      action: 'ORG_OWNER_TRANSFER',
      nameBefore: ({ body }) => ({ type: 'MEMBER', id: body.ownerUuid }),
      targets: ({ body, nameBefore }) => [{ type: 'MEMBER', id: body.ownerUuid, name: nameBefore }],
    }),
    rule(organizations.createOrgDomain, {
      action: 'ORG_DOMAIN_CHANGE',
      targets: ({ response }) => [{ type: 'DOMAIN', id: response.domain.domainId, name: response.domain.domainName }],
    }),
    rule(organizations.updateOrgDomain, {
      action: 'ORG_DOMAIN_CHANGE',
      targets: ({ response }) => [{ type: 'DOMAIN', id: response.domain.domainId, name: response.domain.domainName }],
    }),
    rule(organizations.updateOrgRegions, {
      action: 'ORG_REGIONS_CHANGE',
      targets: ({ response }) => [
        {
          type: 'REGION',
          id: null,
          name: response.regionCodeList.filter((code) => code !== 'GLOBAL').join(', '),
        },
      ],
    }),
    rule(organizations.updateOrgSupportTeam, {
      action: 'ORG_SUPPORT_TEAM_CHANGE',
      targets: ({ response }) => [
        { type: 'MEMBER', id: null, name: response.supportTeam.members.map((member) => member.name).join(', ') || null },
      ],
    }),
    rule(projects.createProject, { action: 'PROJECT_CREATE', targets: ({ response }) => [project(response.project)] }),
    rule(projects.updateProject, { action: 'PROJECT_UPDATE', targets: ({ response }) => [project(response.project)] }),
    rule(projects.deleteProject, {
      action: 'PROJECT_DELETE',
      nameBefore: ({ params }) => ({ type: 'PROJECT', id: params.projectId }),
      targets: ({ params, nameBefore }) => [{ type: 'PROJECT', id: params.projectId, name: nameBefore }],
    }),
    rule(projects.transferProjectOwnership, {
      action: 'PROJECT_OWNER_TRANSFER',
      nameBefore: ({ body }) => ({ type: 'MEMBER', id: body.projectOwnerId }),
      targets: ({ body, nameBefore }) => [{ type: 'MEMBER', id: body.projectOwnerId, name: nameBefore }],
    }),
    rule(members.inviteOrgMembers, {
      action: 'ORG_MEMBER_INVITE',
      targets: ({ response }) =>
        response.invitations.map((invitation) => ({ type: 'INVITATION', id: invitation.invitationId, name: invitation.email })),
    }),
    rule(members.cancelOrgInvitation, {
      action: 'ORG_INVITATION_CANCEL',
      nameBefore: ({ params }) => ({ type: 'INVITATION', id: params.invitationId }),
      targets: ({ params, nameBefore }) => [{ type: 'INVITATION', id: params.invitationId, name: nameBefore }],
    }),
    rule(members.acceptInvitation, {
      action: 'ORG_INVITATION_ACCEPT',
      // Public: the person who joined (signed in, or signed up by this call) is the actor; the organization the target.
      actor: ({ response }) => ({ memberType: 'TOAST_CLOUD', id: response.memberUuid }),
      targets: ({ response }) => [org(response)],
    }),
    rule(members.updateOrgMemberRoles, {
      action: 'ORG_MEMBER_ROLES_CHANGE',
      targets: ({ response }) => [{ type: 'MEMBER', id: response.member.memberUuid, name: response.member.name }],
    }),
    rule(members.removeOrgMember, {
      action: 'ORG_MEMBER_REMOVE',
      nameBefore: ({ params }) => ({ type: 'MEMBER', id: params.memberId }),
      targets: ({ params, nameBefore }) => [{ type: 'MEMBER', id: params.memberId, name: nameBefore }],
    }),
    rule(members.addProjectMember, {
      action: 'PROJECT_MEMBER_ADD',
      targets: ({ response }) => [projectMember(response.projectMember)],
    }),
    rule(members.updateProjectMember, {
      action: 'PROJECT_MEMBER_ROLES_CHANGE',
      targets: ({ response }) => [projectMember(response.projectMember)],
    }),
    rule(members.updateProjectMembers, {
      action: 'PROJECT_MEMBER_ROLES_CHANGE',
      targets: ({ response }) => response.projectMembers.map(projectMember),
    }),
    rule(members.removeProjectMember, {
      action: 'PROJECT_MEMBER_REMOVE',
      nameBefore: ({ params }) => ({ type: 'ANY_MEMBER', id: params.memberId }),
      targets: ({ params, nameBefore }) => [{ type: 'MEMBER', id: params.memberId, name: nameBefore }],
    }),
    rule(iam.createIamMembers, {
      action: 'IAM_ACCOUNT_CREATE',
      targets: ({ response }) => response.result.contents.map(iamAccount),
    }),
    rule(iam.updateIamMember, { action: 'IAM_ACCOUNT_UPDATE', targets: ({ response }) => [iamAccount(response.member)] }),
    rule(iam.updateIamMemberStatus, {
      action: ({ body }) => (body.status === 'BLOCKED' ? 'IAM_ACCOUNT_SUSPEND' : 'IAM_ACCOUNT_RESUME'),
      targets: ({ response }) => [iamAccount(response.member)],
    }),
    rule(iam.deleteIamMember, {
      action: 'IAM_ACCOUNT_DELETE',
      nameBefore: ({ params }) => ({ type: 'IAM_ACCOUNT', id: params.memberId }),
      targets: ({ params, nameBefore }) => [{ type: 'IAM_ACCOUNT', id: params.memberId, name: nameBefore }],
    }),
    ...[roleGroups.createOrgRoleGroup, roleGroups.createProjectRoleGroup].map((endpoint) =>
      rule(endpoint, { action: 'ROLE_GROUP_CREATE', targets: ({ response }) => [roleGroup(response.roleGroup)] }),
    ),
    ...[roleGroups.updateOrgRoleGroup, roleGroups.updateProjectRoleGroup, roleGroups.setRoleGroupMembers].map((endpoint) =>
      rule(endpoint, { action: 'ROLE_GROUP_UPDATE', targets: ({ response }) => [roleGroup(response.roleGroup)] }),
    ),
    ...[roleGroups.deleteOrgRoleGroup, roleGroups.deleteProjectRoleGroup].map((endpoint) =>
      rule(endpoint, {
        action: 'ROLE_GROUP_DELETE',
        nameBefore: ({ params }) => ({ type: 'ROLE_GROUP', id: params.roleGroupId }),
        targets: ({ params, nameBefore }) => [{ type: 'ROLE_GROUP', id: params.roleGroupId, name: nameBefore }],
      }),
    ),
    rule(imports.startOrgMemberImport, { action: 'ORG_MEMBER_IMPORT', targets: importJob }),
    rule(imports.startOrgMemberImportRows, { action: 'ORG_MEMBER_IMPORT', targets: importJob }),
    rule(imports.startProjectImport, { action: 'PROJECT_IMPORT', targets: importJob }),
    rule(imports.startProjectImportRows, { action: 'PROJECT_IMPORT', targets: importJob }),
    rule(imports.startProjectMemberImport, { action: 'PROJECT_MEMBER_IMPORT', targets: importJob }),
    rule(imports.startProjectMemberImportRows, { action: 'PROJECT_MEMBER_IMPORT', targets: importJob }),
  ].map((item) => [item.endpointId, item]),
);

function projectMember(member: { projectMemberUuid: string; memberType: string; name: string }): ActivityTarget {
  return { type: member.memberType === 'IAM' ? 'IAM_ACCOUNT' : 'MEMBER', id: member.projectMemberUuid, name: member.name };
}

function roleGroup(group: { roleGroupId: string; roleGroupName: string }): ActivityTarget {
  return { type: 'ROLE_GROUP', id: group.roleGroupId, name: group.roleGroupName };
}

function iamAccount(member: { memberId: string; name: string; userCode: string }): ActivityTarget {
  return { type: 'IAM_ACCOUNT', id: member.memberId, name: iamAccountLabel(member.name, member.userCode) };
}

/**
 * Mutating calls that are not activities: sign-in, checks and dry runs that change nothing,
 * downloads, mails resent, a person's own account steps (not accepting an invitation: the
 * organization gains a member, an activity), deleting the organization (its feed goes with it),
 * role searches and previews.
 */
export const NOT_ACTIVITIES: ReadonlySet<string> = new Set([
  'auth.memberLogin',
  'auth.iamLogin',
  'auth.logout',
  'cab.deleteOrganization',
  'cab.validateOrgDomain',
  'cab.resendOrgInvitation',
  'iam.sendPasswordSetupMail',
  'iam.completePasswordSetup',
  'cab.validateOrgMemberImport',
  'cab.validateOrgMemberImportRows',
  'cab.downloadOrgMemberValidationReport',
  'cab.validateProjectMemberImport',
  'cab.validateProjectMemberImportRows',
  'cab.downloadProjectMemberValidationReport',
  'cab.validateProjectImport',
  'cab.validateProjectImportRows',
  'cab.downloadProjectValidationReport',
  'console.authorizeOrganization',
  'console.authorizeProject',
  'cab.searchOrgRoleTreeNodes',
  'cab.searchProjectRoleTreeNodes',
  'cab.searchProjectRoles',
  'cab.previewOrgRoleGroup',
  'cab.previewProjectRoleGroup',
  'console.setDevClock',
  'console.resetDevClock',
  // Services (modules/products): enabling, disabling, SecretKey reissue and project Appkey changes
  // write their activity event in their own transaction (PRODUCT_ENABLE …), so it cannot be lost
  // or recorded for a change that rolled back; the others below are menus, checks and reports.
  'cab.enableProjectProduct',
  'cab.disableProjectProduct',
  'cab.enableOrgProduct',
  'cab.disableOrgProduct',
  'cab.regenerateSecretKey',
  'cab.createProjectAuthentication',
  'cab.updateProjectAuthentication',
  'cab.deleteProjectAuthentication',
  'cab.createLnbRelation',
  'cab.deleteLnbRelation',
  'cab.validateEnableRestriction',
  'cab.setSaasMemberRole',
  'cab.setSaasOwner',
  'products.reportResources',
  // A product's own calls (its Appkey checked, its mail queued): the product's work, not a person's change.
  'productGateway.verifyAppKey',
  'productGateway.sendMail',
  // A product's data, not a person's change (thousands a second); the metric query only reads.
  'metrics.ingestSamples',
  'metrics.ingestUsage',
  'metrics.queryMetrics',
  // Governance (modules/governance): questions (is-allow-ip, lockout preview) change nothing; the
  // rule changes and break-glass are for the audit log module (issue 10), break-glass is recorded
  // meanwhile in governance_break_glass (GET …/governances/break-glass).
  'cab.saveGovernance',
  'cab.saveIpAcl',
  'cab.saveCountryIpAcl',
  'cab.changePrivacyProtect',
  'cab.isPrivacyAllowedIp',
  'cab.previewGovernanceLockout',
  'cab.requestGovernanceBreakGlass',
  'cab.confirmGovernanceBreakGlass',
  // Sign-in security (modules/sign-in-security): sign-in steps and a person's own password and
  // sessions are account steps; the settings and ending another's sessions go to the security
  // audit log (issue 10's audit part), not the activity feed.
  'auth.verifySignInCode',
  'auth.resendSignInEmailCode',
  'auth.changeSignInPassword',
  'signInSecurity.changeOwnPassword',
  'signInSecurity.endOwnSession',
  'signInSecurity.updateLoginFail',
  'signInSecurity.updateMfa',
  'signInSecurity.updateSession',
  'signInSecurity.updatePasswordRule',
  'signInSecurity.endIamMemberSessions',
  // The lockout preview only asks; one's own authenticator and an admin's reset of another's go to the audit log.
  'signInSecurity.previewLockout',
  'signInSecurity.startOwnTotpEnrolment',
  'signInSecurity.confirmOwnTotpEnrolment',
  'signInSecurity.resetIamMemberTotp',
  // Access keys, tokens, project credentials (modules/access-keys, project-credentials), alarms,
  // alarm groups, receiver groups and webhooks (modules/alarms, alarm-groups, notifications): the
  // security audit log (modules/audit) records each change with who, where and before/after; the
  // activity feed keeps to organizations, projects, members and roles for now.
  'iam.createUserAccessKey',
  'iam.updateUserAccessKey',
  'iam.reissueUserAccessKeySecret',
  'iam.deleteUserAccessKey',
  'iam.revokeAccessToken',
  'iam.issueAccessToken',
  'iam.updateRenewPeriods',
  'iam.issueProjectCredential',
  'iam.deleteProjectCredential',
  'alarms.createOrgAlarmGroup',
  'alarms.updateOrgAlarmGroup',
  'alarms.deleteOrgAlarmGroup',
  'alarms.createProjectAlarmGroup',
  'alarms.updateProjectAlarmGroup',
  'alarms.deleteProjectAlarmGroup',
  'alarms.backtestAlarm',
  'alarms.createAlarm',
  'alarms.updateAlarm',
  'alarms.setAlarmEnabled',
  'alarms.deleteAlarm',
  'alarms.createSilence',
  'alarms.deleteSilence',
  'alarms.createOrgSilence',
  'alarms.deleteOrgSilence',
  'alarm.createOrgReceiverGroup',
  'alarm.updateOrgReceiverGroup',
  'alarm.deleteOrgReceiverGroup',
  'alarm.testOrgWebhook',
  'alarm.redeliverOrgWebhook',
  'alarm.resumeOrgWebhook',
  'alarm.createProjectReceiverGroup',
  'alarm.updateProjectReceiverGroup',
  'alarm.deleteProjectReceiverGroup',
  'alarm.testProjectWebhook',
  'alarm.redeliverProjectWebhook',
  'alarm.resumeProjectWebhook',
  'alarm.searchOrgSystemNotifications',
  'alarm.searchProjectSystemNotifications',
  'alarm.setOrgSystemNotificationReceivers',
  'alarm.setProjectSystemNotificationReceivers',
  'alarm.setOrgSystemNotificationReceiversBulk',
  'alarm.setProjectSystemNotificationReceiversBulk',
]);
