import type { RouteEntry } from './route-types.ts';

const errorPage = () => import('../features/errors/pages/ErrorPage.tsx').then((module) => module.ErrorPage);
const notFoundPage = () => import('../features/errors/pages/ErrorPage.tsx').then((module) => module.NotFoundPage);

/**
 * The console's routes (spec §2). Only areas that exist are listed; later features add their
 * entries here (with `feature` when an edition may switch them off). Legacy paths are forwarded
 * by the root route before this table is matched.
 */
export const ROUTES: readonly RouteEntry[] = [
  {
    id: 'public',
    load: () => import('./shell/PublicLayout.tsx').then((module) => module.PublicLayout),
    children: [
      { id: 'login', path: 'login', load: () => import('../features/auth/pages/LoginPage.tsx').then((m) => m.LoginPage) },
      {
        id: 'invitation',
        messages: ['invitation', 'members'],
        path: 'invitation',
        load: () => import('../features/members/pages/InvitationPage.tsx').then((m) => m.InvitationPage),
      },
      {
        id: 'iam-password-setup',
        messages: ['iam', 'invitation'],
        path: 'iam/password-setup',
        load: () => import('../features/iam/pages/PasswordSetupPage.tsx').then((m) => m.PasswordSetupPage),
      },
      {
        id: 'partners',
        path: 'partners/*',
        partnerRedirect: true,
        load: () => import('./navigation/PartnerRedirectPage.tsx').then((module) => module.PartnerRedirectPage),
      },
    ],
  },
  {
    // Error pages and the not-found page keep the console's shell for a signed-in user.
    id: 'any-visitor',
    load: () => import('./shell/MaybeSignedInLayout.tsx').then((module) => module.MaybeSignedInLayout),
    children: [
      { id: 'server-error', path: 'error', load: errorPage },
      { id: 'error', path: 'error/:errorId', load: errorPage },
      { id: 'not-found', path: '*', load: notFoundPage },
    ],
  },
  {
    id: 'signed-in',
    load: () => import('./shell/SessionLayout.tsx').then((module) => module.SessionLayout),
    children: [
      {
        id: 'home',
        index: true,
        messages: ['home', 'org', 'project'],
        load: () => import('../features/home/pages/HomePage.tsx').then((m) => m.HomePage),
      },
      {
        id: 'org',
        path: 'org/:orgId',
        crumb: { kind: 'org' },
        load: () => import('../features/organizations/pages/OrgLayout.tsx').then((m) => m.OrgLayout),
        children: [
          { id: 'org-index', index: true, redirectTo: 'dashboard' },
          {
            id: 'org-alarm',
            messages: ['alarms'],
            path: 'alarm',
            crumb: { kind: 'text', key: 'alarms.title' },
            children: [
              { id: 'org-alarm-index', index: true, redirectTo: 'management' },
              {
                id: 'org-alarm-management',
                path: 'management',
                load: () => import('../features/alarms/pages/AlarmManagementPage.tsx').then((m) => m.OrgAlarmManagementPage),
              },
              {
                id: 'org-alarm-occurrence',
                path: 'occurrence',
                crumb: { kind: 'text', key: 'alarms.tabs.occurrence' },
                load: () => import('../features/alarms/pages/AlarmOccurrencePage.tsx').then((m) => m.OrgAlarmOccurrencePage),
              },
              // Spec §2: unknown alarm paths redirect to alarm/management.
              { id: 'org-alarm-unknown', path: '*', redirectTo: 'management' },
            ],
          },
          {
            id: 'org-alarm-group',
            messages: ['alarms'],
            path: 'alarm-group',
            crumb: { kind: 'text', key: 'alarms.groups.title' },
            children: [
              {
                id: 'org-alarm-group-index',
                index: true,
                load: () => import('../features/alarms/pages/AlarmGroupsPage.tsx').then((m) => m.OrgAlarmGroupsPage),
              },
              {
                id: 'org-alarm-group-add',
                path: 'add',
                crumb: { kind: 'text', key: 'alarms.groups.addTitle' },
                load: () => import('../features/alarms/pages/AlarmGroupEditPage.tsx').then((m) => m.AlarmGroupAddPage),
              },
              {
                id: 'org-alarm-group-detail',
                path: 'detail/:alarmGroupId',
                crumb: { kind: 'text', key: 'alarms.groups.detailTitle' },
                load: () => import('../features/alarms/pages/AlarmGroupEditPage.tsx').then((m) => m.AlarmGroupDetailPage),
              },
              {
                id: 'org-alarm-group-modify',
                path: 'modify/:alarmGroupId',
                crumb: { kind: 'text', key: 'alarms.groups.modifyTitle' },
                load: () => import('../features/alarms/pages/AlarmGroupEditPage.tsx').then((m) => m.AlarmGroupModifyPage),
              },
            ],
          },
          {
            id: 'org-dashboard',
            messages: ['activity', 'imports', 'org', 'project'],
            path: 'dashboard',
            crumb: { kind: 'text', key: 'shell.sideNavigation.dashboard' },
            load: () => import('../features/organizations/pages/OrgDashboardPage.tsx').then((m) => m.OrgDashboardPage),
          },
          {
            id: 'org-activity',
            messages: ['activity'],
            path: 'activity',
            crumb: { kind: 'text', key: 'activity.title' },
            load: () => import('../features/activity/pages/OrgActivityPage.tsx').then((m) => m.OrgActivityPage),
          },
          {
            id: 'org-governance',
            messages: ['governance'],
            path: 'governance',
            crumb: { kind: 'text', key: 'governance.title' },
            load: () => import('../features/governance/pages/GovernancePage.tsx').then((m) => m.GovernancePage),
          },
          {
            id: 'org-audit',
            messages: ['security'],
            path: 'audit',
            crumb: { kind: 'text', key: 'security.audit.title' },
            load: () => import('../features/audit/pages/OrgAuditPage.tsx').then((m) => m.OrgAuditPage),
          },
          {
            id: 'org-member',
            path: 'member',
            crumb: { kind: 'text', key: 'shell.sideNavigation.members' },
            children: [
              {
                id: 'org-member-index',
                messages: ['iam', 'imports', 'members'],
                index: true,
                load: () => import('../features/members/pages/OrgMembersPage.tsx').then((m) => m.OrgMembersPage),
              },
              {
                id: 'org-member-cloud-add',
                messages: ['members'],
                path: 'cloud/add',
                crumb: { kind: 'text', key: 'members.invite.title' },
                load: () => import('../features/members/pages/OrgMemberInvitePage.tsx').then((m) => m.OrgMemberInvitePage),
              },
              {
                id: 'org-member-cloud-modify',
                messages: ['members'],
                path: 'cloud/modify',
                crumb: { kind: 'text', key: 'members.modify.title' },
                load: () => import('../features/members/pages/OrgMemberModifyPage.tsx').then((m) => m.OrgMemberModifyPage),
              },
              {
                id: 'org-member-iam-modify',
                messages: ['iam', 'signInSecurity'],
                path: 'iam/modify',
                crumb: { kind: 'text', key: 'iam.edit.title' },
                load: () => import('../features/iam/pages/IamMemberModifyPage.tsx').then((m) => m.IamMemberModifyPage),
              },
              {
                id: 'org-member-import',
                messages: ['imports'],
                path: 'import',
                crumb: { kind: 'text', key: 'imports.kinds.orgMember.title' },
                load: () => import('../features/imports/pages/ImportPage.tsx').then((m) => m.OrgMemberImportPage),
              },
            ],
          },
          {
            id: 'org-project-import',
            messages: ['imports'],
            path: 'project-import',
            crumb: { kind: 'text', key: 'imports.kinds.project.title' },
            load: () => import('../features/imports/pages/ImportPage.tsx').then((m) => m.ProjectImportPage),
          },
          {
            id: 'org-receiver-group',
            messages: ['alarms', 'notifications'],
            path: 'receiver-group',
            crumb: { kind: 'text', key: 'notifications.groups.title' },
            load: () => import('../features/notifications/pages/ReceiverGroupsPage.tsx').then((m) => m.ReceiverGroupsPage),
          },
          {
            id: 'org-setting',
            messages: ['org', 'project', 'roles'],
            path: 'setting',
            crumb: { kind: 'text', key: 'shell.sideNavigation.orgSetting' },
            load: () => import('../features/organizations/pages/OrgSettingPage.tsx').then((m) => m.OrgSettingPage),
          },
          {
            id: 'org-setting-iam-security',
            messages: ['signInSecurity'],
            path: 'setting/iam-security',
            crumb: { kind: 'text', key: 'signInSecurity.settings.title' },
            load: () => import('../features/sign-in-security/pages/IamSecuritySettingsPage.tsx').then((m) => m.IamSecuritySettingsPage),
          },
          {
            id: 'org-setting-role-group-add',
            messages: ['roles'],
            path: 'setting/role-group/add',
            crumb: { kind: 'text', key: 'roleGroups.form.addCommonTitle' },
            load: () => import('../features/role-groups/pages/RoleGroupEditPage.tsx').then((m) => m.OrgRoleGroupEditPage),
          },
          {
            id: 'org-setting-role-group-modify',
            messages: ['roles'],
            path: 'setting/role-group/modify/:roleGroupId',
            crumb: { kind: 'text', key: 'roleGroups.form.modifyCommonTitle' },
            load: () => import('../features/role-groups/pages/RoleGroupEditPage.tsx').then((m) => m.OrgRoleGroupEditPage),
          },
          {
            // Issue 9: the organization services (spec §7 org enable with saasOwnerUuid).
            id: 'org-services',
            messages: ['services'],
            path: 'services',
            crumb: { kind: 'text', key: 'services.org.title' },
            load: () => import('../features/services/pages/OrgServicesPage.tsx').then((m) => m.OrgServicesPage),
          },
          {
            // Spec §2: /org/{orgId}/{productId}, an organization service's page (keys, SaaS members).
            id: 'org-product',
            messages: ['services'],
            path: ':productId',
            crumb: { kind: 'text', key: 'services.org.title' },
            load: () => import('../features/services/pages/OrgProductPage.tsx').then((m) => m.OrgProductPage),
          },
        ],
      },
      {
        id: 'project',
        messages: ['project'],
        path: 'project/:projectId',
        crumb: { kind: 'project' },
        load: () => import('../features/projects/pages/ProjectLayout.tsx').then((m) => m.ProjectLayout),
        children: [
          { id: 'project-index', index: true, redirectTo: 'dashboard' },
          {
            id: 'project-dashboard',
            messages: ['activity'],
            path: 'dashboard',
            crumb: { kind: 'text', key: 'shell.sideNavigation.dashboard' },
            load: () => import('../features/projects/pages/ProjectDashboardPage.tsx').then((m) => m.ProjectDashboardPage),
          },
          {
            id: 'project-member',
            path: 'member',
            crumb: { kind: 'text', key: 'shell.sideNavigation.projectMembers' },
            children: [
              {
                id: 'project-member-index',
                messages: ['imports', 'members', 'roles'],
                index: true,
                load: () => import('../features/members/pages/ProjectMembersPage.tsx').then((m) => m.ProjectMembersPage),
              },
              {
                id: 'project-member-cloud-add',
                messages: ['members', 'roles'],
                path: 'cloud/add',
                crumb: { kind: 'text', key: 'projectMembers.add.cloudTitle' },
                load: () => import('../features/members/pages/ProjectMemberAddPage.tsx').then((m) => m.ProjectCloudMemberAddPage),
              },
              {
                id: 'project-member-cloud-modify',
                messages: ['members', 'roles'],
                path: 'cloud/modify',
                crumb: { kind: 'text', key: 'projectMembers.modify.cloudTitle' },
                load: () => import('../features/members/pages/ProjectMemberModifyPage.tsx').then((m) => m.ProjectCloudMemberModifyPage),
              },
              {
                id: 'project-member-iam-add',
                messages: ['members', 'roles'],
                path: 'iam/add',
                crumb: { kind: 'text', key: 'projectMembers.add.iamTitle' },
                load: () => import('../features/members/pages/ProjectMemberAddPage.tsx').then((m) => m.ProjectIamMemberAddPage),
              },
              {
                id: 'project-member-iam-modify',
                messages: ['members', 'roles'],
                path: 'iam/modify',
                crumb: { kind: 'text', key: 'projectMembers.modify.iamTitle' },
                load: () => import('../features/members/pages/ProjectMemberModifyPage.tsx').then((m) => m.ProjectIamMemberModifyPage),
              },
              {
                id: 'project-member-import',
                messages: ['imports'],
                path: 'import',
                crumb: { kind: 'text', key: 'imports.kinds.projectMember.title' },
                load: () => import('../features/imports/pages/ImportPage.tsx').then((m) => m.ProjectMemberImportPage),
              },
            ],
          },
          {
            id: 'project-receiver-group',
            messages: ['alarms', 'notifications'],
            path: 'receiver-group',
            crumb: { kind: 'text', key: 'notifications.groups.title' },
            load: () => import('../features/notifications/pages/ReceiverGroupsPage.tsx').then((m) => m.ReceiverGroupsPage),
          },
          {
            id: 'project-role-group',
            path: 'role-group',
            crumb: { kind: 'text', key: 'roleGroups.title' },
            children: [
              {
                id: 'project-role-group-index',
                messages: ['roles'],
                index: true,
                load: () => import('../features/role-groups/pages/ProjectRoleGroupsPage.tsx').then((m) => m.ProjectRoleGroupsPage),
              },
              {
                id: 'project-role-group-add',
                messages: ['roles'],
                path: 'add',
                crumb: { kind: 'text', key: 'roleGroups.form.addTitle' },
                load: () => import('../features/role-groups/pages/RoleGroupEditPage.tsx').then((m) => m.ProjectRoleGroupEditPage),
              },
              {
                id: 'project-role-group-modify',
                messages: ['roles'],
                path: 'modify/:roleGroupId',
                crumb: { kind: 'text', key: 'roleGroups.form.modifyTitle' },
                load: () => import('../features/role-groups/pages/RoleGroupEditPage.tsx').then((m) => m.ProjectRoleGroupEditPage),
              },
            ],
          },
          {
            id: 'project-alarm',
            messages: ['alarms'],
            path: 'alarm',
            crumb: { kind: 'text', key: 'alarms.title' },
            children: [
              { id: 'project-alarm-index', index: true, redirectTo: 'management' },
              {
                id: 'project-alarm-management',
                path: 'management',
                load: () => import('../features/alarms/pages/AlarmManagementPage.tsx').then((m) => m.ProjectAlarmManagementPage),
              },
              {
                id: 'project-alarm-occurrence',
                path: 'occurrence',
                crumb: { kind: 'text', key: 'alarms.tabs.occurrence' },
                load: () => import('../features/alarms/pages/AlarmOccurrencePage.tsx').then((m) => m.ProjectAlarmOccurrencePage),
              },
              {
                id: 'project-alarm-add',
                path: 'add',
                crumb: { kind: 'text', key: 'alarms.form.addTitle' },
                load: () => import('../features/alarms/pages/AlarmEditPage.tsx').then((m) => m.AlarmAddPage),
              },
              {
                id: 'project-alarm-modify',
                path: 'modify/:alarmId',
                crumb: { kind: 'text', key: 'alarms.form.modifyTitle' },
                load: () => import('../features/alarms/pages/AlarmEditPage.tsx').then((m) => m.AlarmModifyPage),
              },
              // Spec §2: unknown alarm paths redirect to alarm/management.
              { id: 'project-alarm-unknown', path: '*', redirectTo: 'management' },
            ],
          },
          {
            id: 'project-alarm-group',
            messages: ['alarms'],
            path: 'alarm-group',
            crumb: { kind: 'text', key: 'alarms.groups.title' },
            children: [
              {
                id: 'project-alarm-group-index',
                index: true,
                load: () => import('../features/alarms/pages/AlarmGroupsPage.tsx').then((m) => m.ProjectAlarmGroupsPage),
              },
              {
                id: 'project-alarm-group-add',
                path: 'add',
                crumb: { kind: 'text', key: 'alarms.groups.addTitle' },
                load: () => import('../features/alarms/pages/AlarmGroupEditPage.tsx').then((m) => m.AlarmGroupAddPage),
              },
              {
                id: 'project-alarm-group-detail',
                path: 'detail/:alarmGroupId',
                crumb: { kind: 'text', key: 'alarms.groups.detailTitle' },
                load: () => import('../features/alarms/pages/AlarmGroupEditPage.tsx').then((m) => m.AlarmGroupDetailPage),
              },
              {
                id: 'project-alarm-group-modify',
                path: 'modify/:alarmGroupId',
                crumb: { kind: 'text', key: 'alarms.groups.modifyTitle' },
                load: () => import('../features/alarms/pages/AlarmGroupEditPage.tsx').then((m) => m.AlarmGroupModifyPage),
              },
            ],
          },
          {
            id: 'project-setting',
            path: 'setting',
            crumb: { kind: 'text', key: 'shell.sideNavigation.projectSetting' },
            load: () => import('../features/projects/pages/ProjectSettingPage.tsx').then((m) => m.ProjectSettingPage),
          },
          {
            id: 'project-services',
            messages: ['services'],
            path: 'services',
            crumb: { kind: 'text', key: 'services.title' },
            load: () => import('../features/services/pages/ProjectServicesPage.tsx').then((m) => m.ProjectServicesPage),
          },
          {
            id: 'project-authentication',
            messages: ['services'],
            path: 'authentication',
            crumb: { kind: 'text', key: 'services.appKeys.title' },
            load: () => import('../features/services/pages/ProjectAppKeysPage.tsx').then((m) => m.ProjectAppKeysPage),
          },
          {
            id: 'project-auth-information',
            messages: ['security'],
            path: 'auth-information',
            feature: 'projectAuthInfo',
            crumb: { kind: 'text', key: 'security.authInfo.title' },
            children: [
              { id: 'project-auth-information-index', index: true, redirectTo: 'user-access-key' },
              {
                id: 'project-auth-information-user-access-key',
                path: 'user-access-key',
                load: () => import('../features/access-keys/pages/ProjectAuthInfoPage.tsx').then((m) => m.ProjectUserAccessKeyPage),
              },
              {
                id: 'project-auth-information-iass-api-password',
                path: 'iass-api-password',
                load: () => import('../features/access-keys/pages/ProjectAuthInfoPage.tsx').then((m) => m.ProjectIaasApiPasswordPage),
              },
              {
                id: 'project-auth-information-s3-credential',
                path: 's3-credential',
                load: () => import('../features/access-keys/pages/ProjectAuthInfoPage.tsx').then((m) => m.ProjectS3CredentialPage),
              },
            ],
          },
          {
            // Spec §2: a product page, /project/{projectId}/{categoryName}/{productName} with an optional tab hash.
            id: 'project-product',
            messages: ['services'],
            path: ':categoryName/:productName',
            crumb: { kind: 'product' },
            load: () => import('../features/services/pages/ProductPage.tsx').then((m) => m.ProductPage),
          },
        ],
      },
      {
        id: 'iam-information',
        messages: ['iam', 'org'],
        path: 'iam-information',
        crumb: { kind: 'text', key: 'iamInformation.title' },
        load: () => import('../features/iam/pages/IamInformationPage.tsx').then((m) => m.IamInformationPage),
      },
      {
        id: 'security-setting',
        messages: ['security'],
        path: 'security-setting',
        crumb: { kind: 'text', key: 'security.menu' },
        children: [
          {
            id: 'security-setting-index',
            index: true,
            load: () => import('../features/access-keys/pages/SecuritySettingPage.tsx').then((m) => m.SecuritySettingPage),
          },
          {
            id: 'security-setting-tokens',
            path: ':userAccessKeyId/tokens',
            crumb: { kind: 'text', key: 'security.keys.tokens' },
            load: () => import('../features/access-keys/pages/AccessTokensPage.tsx').then((m) => m.AccessTokensPage),
          },
        ],
      },
      {
        id: 'login-security',
        messages: ['invitation', 'signInSecurity'],
        path: 'login-security',
        crumb: { kind: 'text', key: 'signInSecurity.self.title' },
        load: () => import('../features/sign-in-security/pages/LoginSecurityPage.tsx').then((m) => m.LoginSecurityPage),
      },
      {
        id: 'experiments',
        messages: ['experiments'],
        path: 'new',
        crumb: { kind: 'text', key: 'experiments.title' },
        load: () => import('../features/experiments/pages/ExperimentsPage.tsx').then((m) => m.ExperimentsPage),
      },
      {
        id: 'dev-outbox',
        messages: ['devOutbox'],
        path: 'dev/outbox',
        crumb: { kind: 'text', key: 'devOutbox.title' },
        load: () => import('../features/dev-outbox/pages/DevOutboxPage.tsx').then((m) => m.DevOutboxPage),
      },
      {
        id: 'roles',
        messages: ['roles'],
        path: 'roles',
        crumb: { kind: 'text', key: 'shell.sideNavigation.roles' },
        load: () => import('../features/roles/pages/RolesPage.tsx').then((m) => m.RolesPage),
        children: [
          { id: 'roles-index', index: true, redirectTo: 'organizations' },
          {
            id: 'roles-organizations',
            path: 'organizations',
            load: () => import('../features/roles/pages/OrgRolesTab.tsx').then((m) => m.OrgRolesTab),
          },
          {
            id: 'roles-projects',
            path: 'projects',
            load: () => import('../features/roles/pages/ProjectRolesTab.tsx').then((m) => m.ProjectRolesTab),
          },
        ],
      },
    ],
  },
];
