import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../shared/i18n/switch-locale.ts';
import { renderConsole } from '../../test/console.tsx';
import { ORG_ID, organization, PROJECT_ID } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/http.ts';
import { en } from '../../shared/i18n/locales/en.ts';
import type { RouteEntry } from '../route-types.ts';
import { ACCOUNT_ROUTES } from '../routes-account.ts';
import { ORG_ROUTE } from '../routes-org.ts';
import { PROJECT_ROUTE } from '../routes-project.ts';
import { activeHrefOf, SideNav } from './SideNav.tsx';

const org = (path: string) => `/org/${ORG_ID}/${path}`;
const project = (path: string) => `/project/${PROJECT_ID}/${path}`;
/** A key's text in the English first-paint messages, if it has one. */
const firstPaint = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('side navigation', () => {
  it('lists the organization’s activity page between its dashboard and its members, and marks it on /org/:orgId/activity', async () => {
    mockFetch({});
    renderConsole(
      [
        {
          path: '/org/:orgId/activity',
          Component: () => (
            <SideNav scope={{ orgId: ORG_ID, projectId: undefined, org: organization(), project: undefined, orgs: [organization()] }} />
          ),
        },
      ],
      `/org/${ORG_ID}/activity`,
      english,
    );
    const navigation = await screen.findByTestId('side-navigation');
    const links = within(navigation).getAllByRole('link').map((link) => link.getAttribute('href'));
    const dashboard = links.indexOf(`/org/${ORG_ID}/dashboard`);
    expect(links.slice(dashboard, dashboard + 3)).toEqual([`/org/${ORG_ID}/dashboard`, `/org/${ORG_ID}/activity`, `/org/${ORG_ID}/member`]);
    const activity = within(navigation).getByRole('link', { name: 'Activity' });
    expect(activity.getAttribute('aria-current')).toBe('page');
    expect(within(navigation).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the area of a page below it: the project members for member/{cloud|iam}/{add|modify} and member/import', () => {
    for (const path of ['cloud/add', 'iam/add', 'cloud/modify', 'iam/modify', 'import']) {
      expect(activeHrefOf(`/project/${PROJECT_ID}/member/${path}`)).toBe(`/project/${PROJECT_ID}/member`);
    }
    expect(activeHrefOf(`/org/${ORG_ID}/activity`)).toBe(`/org/${ORG_ID}/activity`);
    expect(activeHrefOf(`/org/${ORG_ID}/setting/role-group/add`)).toBe(`/org/${ORG_ID}/setting`);
    expect(activeHrefOf('/roles/projects')).toBe('/roles/organizations');
    expect(activeHrefOf(`/project/${PROJECT_ID}/alarm/modify/a1`)).toBe(`/project/${PROJECT_ID}/alarm`);
    expect(activeHrefOf(`/org/${ORG_ID}/alarm-group/detail/g1`)).toBe(`/org/${ORG_ID}/alarm-group`);
    // The deepest link wins: the IAM sign-in security settings mark their own link, not the settings'.
    expect(activeHrefOf(`/org/${ORG_ID}/setting/iam-security`)).toBe(`/org/${ORG_ID}/setting/iam-security`);
    expect(activeHrefOf(`/project/${PROJECT_ID}/auth-information/s3-credential`)).toBe(`/project/${PROJECT_ID}/auth-information/user-access-key`);
    expect(activeHrefOf(`/org/${ORG_ID}/custom-dashboard/alarm/management`)).toBe(`/org/${ORG_ID}/custom-dashboard/alarm/management`);
  });

  it('is the route table’s `nav` entries in the table’s order, each href the route’s path in the scope, each text in the language shown', async () => {
    mockFetch({});
    renderConsole(
      [
        {
          path: '/project/:projectId/dashboard',
          Component: () => (
            <SideNav scope={{ orgId: ORG_ID, projectId: PROJECT_ID, org: organization(), project: undefined, orgs: [organization()] }} />
          ),
        },
      ],
      `/project/${PROJECT_ID}/dashboard`,
      english,
    );
    const navigation = await screen.findByTestId('side-navigation');
    const links = within(navigation).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.slice(links.indexOf(org('dashboard')))).toEqual([
      ...['dashboard', 'activity', 'member', 'audit', 'alarm', 'alarm-group', 'receiver-group', 'setting', 'governance', 'setting/iam-security', 'services'].map(org),
      ...['dashboard', 'member', 'role-group', 'authentication', 'auth-information/user-access-key', 'alarm', 'alarm-group', 'receiver-group', 'setting'].map(project),
      project('services'),
      '/roles/organizations',
      '/new',
    ]);
    // The audit log's link names itself in the route table (its strings are all in features/audit/messages/).
    expect(within(navigation).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe(org('audit'));
  });

  it('shows only labels the first paint has: a first-paint key, or the four names given with the route', () => {
    const labels = [ORG_ROUTE.children, PROJECT_ROUTE.children, ACCOUNT_ROUTES].flatMap((entries: readonly RouteEntry[] | undefined) =>
      (entries ?? []).flatMap((entry) => (entry.nav ? [entry.nav.label] : [])),
    );
    expect(labels.length).toBeGreaterThan(20);
    const missing = labels.filter((label) => (typeof label === 'string' ? typeof firstPaint(label) !== 'string' : Object.values(label).some((text) => !text)));
    expect(missing).toEqual([]);
  });

  it('reaches the alarms and alarm groups of the organization and of the project from the menu, marking the area of a page below it', async () => {
    mockFetch({});
    renderConsole(
      [
        {
          path: '/project/:projectId/alarm/management',
          Component: () => (
            <SideNav scope={{ orgId: ORG_ID, projectId: PROJECT_ID, org: organization(), project: undefined, orgs: [organization()] }} />
          ),
        },
      ],
      `/project/${PROJECT_ID}/alarm/management`,
      english,
    );
    const navigation = await screen.findByTestId('side-navigation');
    const alarms = within(navigation).getAllByRole('link', { name: 'Notification management' }).map((link) => link.getAttribute('href'));
    expect(alarms).toEqual([`/org/${ORG_ID}/alarm`, `/project/${PROJECT_ID}/alarm`]);
    const groups = within(navigation).getAllByRole('link', { name: 'Alarm groups' }).map((link) => link.getAttribute('href'));
    expect(groups).toEqual([`/org/${ORG_ID}/alarm-group`, `/project/${PROJECT_ID}/alarm-group`]);
    expect(within(navigation).getAllByRole('link', { name: 'Notification management' })[1]?.getAttribute('aria-current')).toBe('page');
  });
});
