import { prefetchOrgArea, prefetchOrgOverview } from '../data/prefetch/route-prefetch.ts';
import type { RouteEntry } from './route-types.ts';

/**
 * The organization's pages, /org/:orgId/… (spec §2): a part of the route table (app/routes.ts),
 * split by concern only to keep files short; the entry is the signed-in layout's child as it was.
 */
export const ORG_ROUTE: RouteEntry = {
  id: 'org',
  path: 'org/:orgId',
  crumb: { kind: 'org' },
  load: () => import('../features/organizations/pages/OrgLayout.tsx').then((m) => m.OrgLayout),
  prefetch: prefetchOrgArea,
  children: [
    { id: 'org-index', index: true, redirectTo: 'dashboard' },
    {
      id: 'org-dashboard',
      nav: { label: 'shell.sideNavigation.dashboard' },
      // 'activity' and 'imports' load with the parts that show them (OrgDashboardPage).
      messages: ['org', 'project'],
      path: 'dashboard',
      crumb: { kind: 'text', key: 'shell.sideNavigation.dashboard' },
      load: () => import('../features/organizations/pages/OrgDashboardPage.tsx').then((m) => m.OrgDashboardPage),
      prefetch: prefetchOrgOverview,
    },
    {
      id: 'org-activity',
      nav: { label: 'activity.title' },
      messages: ['activity'],
      path: 'activity',
      crumb: { kind: 'text', key: 'activity.title' },
      load: () => import('../features/activity/pages/OrgActivityPage.tsx').then((m) => m.OrgActivityPage),
    },
    {
      id: 'org-member',
      nav: { label: 'shell.sideNavigation.members' },
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
      id: 'org-audit',
      nav: { label: { ko: '감사 로그', en: 'Audit log', ja: '監査ログ', zh: '审计日志' } },
      messages: ['audit'],
      path: 'audit',
      crumb: { kind: 'text', key: 'security.audit.title' },
      load: () => import('../features/audit/pages/OrgAuditPage.tsx').then((m) => m.OrgAuditPage),
    },
    {
      id: 'org-alarm',
      nav: { label: 'shell.sideNavigation.alarms' },
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
      // Spec §2: the custom dashboard's alarm pages, only when the customDashboard feature is on
      // (otherwise the organization's dashboard). The dashboard pages themselves are not built yet.
      id: 'org-custom-dashboard',
      path: 'custom-dashboard',
      feature: 'customDashboard',
      children: [
        {
          id: 'org-custom-dashboard-alarm',
          messages: ['alarms'],
          path: 'alarm',
          crumb: { kind: 'text', key: 'alarms.title' },
          children: [
            { id: 'org-custom-dashboard-alarm-index', index: true, redirectTo: 'management' },
            {
              id: 'org-custom-dashboard-alarm-management',
              path: 'management',
              load: () => import('../features/alarms/pages/AlarmManagementPage.tsx').then((m) => m.CustomDashboardAlarmManagementPage),
            },
            {
              id: 'org-custom-dashboard-alarm-occurrence',
              path: 'occurrence',
              crumb: { kind: 'text', key: 'alarms.tabs.occurrence' },
              load: () => import('../features/alarms/pages/AlarmOccurrencePage.tsx').then((m) => m.CustomDashboardAlarmOccurrencePage),
            },
            {
              id: 'org-custom-dashboard-alarm-add',
              path: 'add',
              crumb: { kind: 'text', key: 'alarms.form.addTitle' },
              load: () => import('../features/alarms/pages/AlarmEditPage.tsx').then((m) => m.OrgAlarmAddPage),
            },
            {
              id: 'org-custom-dashboard-alarm-modify',
              path: 'modify/:alarmId',
              crumb: { kind: 'text', key: 'alarms.form.modifyTitle' },
              load: () => import('../features/alarms/pages/AlarmEditPage.tsx').then((m) => m.OrgAlarmModifyPage),
            },
            // Spec §2: unknown alarm paths redirect to alarm/management.
            { id: 'org-custom-dashboard-alarm-unknown', path: '*', redirectTo: 'management' },
          ],
        },
      ],
    },
    {
      id: 'org-alarm-group',
      nav: { label: 'shell.sideNavigation.alarmGroups' },
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
      id: 'org-receiver-group',
      nav: { label: 'notifications.groups.title' },
      messages: ['alarms', 'notifications'],
      path: 'receiver-group',
      crumb: { kind: 'text', key: 'notifications.groups.title' },
      load: () => import('../features/notifications/pages/ReceiverGroupsPage.tsx').then((m) => m.ReceiverGroupsPage),
    },
    {
      id: 'org-setting',
      nav: { label: 'shell.sideNavigation.orgSetting' },
      messages: ['org', 'project', 'roles'],
      path: 'setting',
      crumb: { kind: 'text', key: 'shell.sideNavigation.orgSetting' },
      load: () => import('../features/organizations/pages/OrgSettingPage.tsx').then((m) => m.OrgSettingPage),
      prefetch: prefetchOrgOverview,
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
      id: 'org-governance',
      nav: { label: 'governance.title' },
      messages: ['governance'],
      path: 'governance',
      crumb: { kind: 'text', key: 'governance.title' },
      load: () => import('../features/governance/pages/GovernancePage.tsx').then((m) => m.GovernancePage),
    },
    {
      id: 'org-setting-iam-security',
      nav: { label: 'signInSecurity.settings.link' },
      messages: ['signInSecurity'],
      path: 'setting/iam-security',
      crumb: { kind: 'text', key: 'signInSecurity.settings.title' },
      load: () => import('../features/sign-in-security/pages/IamSecuritySettingsPage.tsx').then((m) => m.IamSecuritySettingsPage),
    },
    {
      // Issue 9: the organization services (spec §7 org enable with saasOwnerUuid).
      id: 'org-services',
      nav: { label: 'services.org.title' },
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
};
