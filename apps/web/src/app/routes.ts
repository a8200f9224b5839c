import type { RouteEntry } from './route-types.ts';
import { ACCOUNT_ROUTES } from './routes-account.ts';
import { ORG_ROUTE } from './routes-org.ts';
import { PROJECT_ROUTE } from './routes-project.ts';

const errorPage = () => import('../features/errors/pages/ErrorPage.tsx').then((module) => module.ErrorPage);
const notFoundPage = () => import('../features/errors/pages/ErrorPage.tsx').then((module) => module.NotFoundPage);

/**
 * The console's routes (spec §2). Only areas that exist are listed; later features add their
 * entries here (with `feature` when an edition may switch them off): the organization's pages in
 * routes-org.ts, the project's in routes-project.ts, the account's in routes-account.ts, the
 * rest (public pages, error pages) in this file. Legacy paths are forwarded
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
      ...ACCOUNT_ROUTES,
    ],
  },
];
