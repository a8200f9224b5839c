import type { RouteEntry } from './route-types.ts';

/**
 * The signed-in account's pages beside the organization's and the project's (/iam-information,
 * /security-setting, /login-security, /roles, /new, /dev/outbox): a part of the route table
 * (app/routes.ts), in a file of its own because the side navigation reads its `nav` links and
 * must not import routes.ts, whose layouts hold the side navigation.
 */
export const ACCOUNT_ROUTES: readonly RouteEntry[] = [
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
    id: 'roles',
    nav: { label: 'shell.sideNavigation.roles', to: 'organizations' },
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
  {
    id: 'experiments',
    nav: { label: 'shell.sideNavigation.experiments' },
    messages: ['experiments'],
    path: 'new',
    crumb: { kind: 'text', key: 'experiments.title' },
    load: () => import('../features/experiments/pages/ExperimentsPage.tsx').then((m) => m.ExperimentsPage),
  },
  {
    id: 'dev-outbox',
    messages: ['devOutbox', 'alarms'],
    path: 'dev/outbox',
    crumb: { kind: 'text', key: 'devOutbox.title' },
    load: () => import('../features/dev-outbox/pages/DevOutboxPage.tsx').then((m) => m.DevOutboxPage),
  },
];
