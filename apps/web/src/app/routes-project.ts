import { prefetchProjectArea, prefetchProjectOverview } from '../data/prefetch/route-prefetch.ts';
import type { RouteEntry } from './route-types.ts';

/**
 * The project's pages, /project/:projectId/… (spec §2): a part of the route table (app/routes.ts),
 * split by concern only to keep files short; the entry is the signed-in layout's child as it was.
 */
export const PROJECT_ROUTE: RouteEntry = {
  id: 'project',
  messages: ['project'],
  path: 'project/:projectId',
  crumb: { kind: 'project' },
  load: () => import('../features/projects/pages/ProjectLayout.tsx').then((m) => m.ProjectLayout),
  prefetch: prefetchProjectArea,
  children: [
    { id: 'project-index', index: true, redirectTo: 'dashboard' },
    {
      id: 'project-dashboard',
      nav: { label: 'shell.sideNavigation.dashboard' },
      messages: ['activity'],
      path: 'dashboard',
      crumb: { kind: 'text', key: 'shell.sideNavigation.dashboard' },
      load: () => import('../features/projects/pages/ProjectDashboardPage.tsx').then((m) => m.ProjectDashboardPage),
      prefetch: prefetchProjectOverview,
    },
    {
      id: 'project-member',
      nav: { label: 'shell.sideNavigation.projectMembers' },
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
      id: 'project-role-group',
      nav: { label: 'roleGroups.title' },
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
      id: 'project-authentication',
      nav: { label: 'services.appKeys.title' },
      messages: ['services'],
      path: 'authentication',
      crumb: { kind: 'text', key: 'services.appKeys.title' },
      load: () => import('../features/services/pages/ProjectAppKeysPage.tsx').then((m) => m.ProjectAppKeysPage),
    },
    {
      id: 'project-auth-information',
      nav: { label: 'security.authInfo.title', to: 'user-access-key' },
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
      id: 'project-alarm',
      nav: { label: 'shell.sideNavigation.alarms' },
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
      nav: { label: 'shell.sideNavigation.alarmGroups' },
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
      id: 'project-receiver-group',
      nav: { label: 'notifications.groups.title' },
      messages: ['alarms', 'notifications'],
      path: 'receiver-group',
      crumb: { kind: 'text', key: 'notifications.groups.title' },
      load: () => import('../features/notifications/pages/ReceiverGroupsPage.tsx').then((m) => m.ReceiverGroupsPage),
    },
    {
      id: 'project-setting',
      nav: { label: 'shell.sideNavigation.projectSetting' },
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
      // Spec §2: a product page, /project/{projectId}/{categoryName}/{productName} with an optional tab hash.
      id: 'project-product',
      messages: ['services'],
      path: ':categoryName/:productName',
      crumb: { kind: 'product' },
      load: () => import('../features/services/pages/ProductPage.tsx').then((m) => m.ProductPage),
    },
  ],
};
