import type { RouteEntry } from './route-types.ts';
import { ORG_ROUTE } from './routes-org.ts';
import { PROJECT_ROUTE } from './routes-project.ts';

const errorPage = () => import('../features/errors/pages/ErrorPage.tsx').then((module) => module.ErrorPage);
const notFoundPage = () => import('../features/errors/pages/ErrorPage.tsx').then((module) => module.NotFoundPage);

/**
 * The console's routes (spec §2). Only areas that exist are listed; later features add their
 * entries here (with `feature` when an edition may switch them off): the organization's pages in
 * routes-org.ts, the project's in routes-project.ts, the rest (public pages, error pages, the
 * account's pages) in this file. Legacy paths are forwarded
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
      ORG_ROUTE,
      PROJECT_ROUTE,
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
    ],
  },
];
