import type { ConsoleConfig } from '@console/contracts/config';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleFeatures } from '../test/fixtures.ts';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { MessagePart } from '../shared/i18n/message-parts.ts';
import { switchLocale } from '../shared/i18n/switch-locale.ts';
import { legacyRedirectLoader, toRouteObjects, type RouteDeps } from './route-objects.ts';
import type { RouteEntry } from './route-types.ts';

afterEach(cleanup);

const config = (features: Partial<ConsoleConfig['features']> = {}): ConsoleConfig => ({
  edition: 'PUBLIC',
  features: consoleFeatures(features),
  languages: ['ko_KR', 'en_US'],
  partnerCenterUrl: 'https://partner.example.com',
  recommendedChromeVersion: 124,
  defaultRegion: 'KR1',
  productDomain: null,
});

const page = (text: string) => () => Promise.resolve(() => <p>{text}</p>);
const layout = () => Promise.resolve(() => <Outlet />);

/** A table made for the test: an organization with a dashboard and a feature-gated page. */
const TABLE: readonly RouteEntry[] = [
  { id: 'home', path: '/', load: page('home page') },
  {
    id: 'org',
    path: '/org/:orgId',
    load: layout,
    children: [
      { id: 'org-index', index: true, redirectTo: 'dashboard' },
      { id: 'org-dashboard', path: 'dashboard', load: page('org dashboard') },
      { id: 'org-station', path: 'station', feature: 'station', load: page('station page') },
    ],
  },
  {
    id: 'project',
    path: '/project/:projectId',
    load: layout,
    children: [
      { id: 'project-dashboard', path: 'dashboard', load: page('project dashboard') },
      { id: 'project-cd', path: 'custom-dashboard', feature: 'customDashboard', load: page('custom dashboard') },
    ],
  },
  { id: 'partners', path: '/partners/*', partnerRedirect: true, load: page('not found') },
  // Like the console's table, a catch-all: unknown paths still match the root, whose loader forwards legacy paths.
  { id: 'not-found', path: '*', load: page('unknown page') },
];

function renderAt(path: string, consoleConfig: ConsoleConfig) {
  const leave = vi.fn<(url: string) => void>();
  const deps: RouteDeps = { getConfig: () => Promise.resolve(consoleConfig), leave };
  const router = createMemoryRouter(
    [{ path: '/', loader: legacyRedirectLoader, HydrateFallback: () => null, children: toRouteObjects(TABLE, deps) }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, leave };
}

function MembersTitle() {
  const { t } = useTranslation();
  return <h1>{t('members.title')}</h1>;
}
const membersPage = () => Promise.resolve(MembersTitle);

describe('route messages', () => {
  const TABLE_WITH_MESSAGES: readonly RouteEntry[] = [
    { id: 'home', path: '/', load: page('home page') },
    { id: 'members', path: '/members', messages: ['members'], load: membersPage },
  ];

  it('renders a route only once its message parts are in: the previous page stays meanwhile, and no raw key shows', async () => {
    const opened: (() => void)[] = [];
    const gate = { promise: new Promise<void>((resolve) => opened.push(resolve)), resolve: () => opened.forEach((open) => open()) };
    const asked: (readonly MessagePart[])[] = [];
    const loadMessages = (parts: readonly MessagePart[]) => {
      asked.push(parts);
      return parts.length ? gate.promise : Promise.resolve();
    };
    await switchLocale('en_US');
    const router = createMemoryRouter(
      [{ path: '/', HydrateFallback: () => null, children: toRouteObjects(TABLE_WITH_MESSAGES, { getConfig: () => Promise.resolve(config()), leave: vi.fn(), loadMessages }) }],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('home page')).toBeTruthy();

    void router.navigate('/members');
    await vi.waitFor(() => expect(asked).toContainEqual(['members']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByText('home page')).toBeTruthy();
    expect(screen.queryByText('members.title')).toBeNull();

    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeTruthy();
    expect(screen.queryByText('members.title')).toBeNull();
  });

  it('a page loads the parts named by a group above it that has no code (alarm, security-setting)', async () => {
    const asked: (readonly MessagePart[])[] = [];
    const loadMessages = (parts: readonly MessagePart[]) => {
      asked.push(parts);
      return Promise.resolve();
    };
    await switchLocale('en_US');
    const table: readonly RouteEntry[] = [
      { id: 'group', path: '/group', messages: ['members'], children: [{ id: 'inside', index: true, messages: ['roles'], load: membersPage }] },
    ];
    const router = createMemoryRouter(
      [{ path: '/', HydrateFallback: () => null, children: toRouteObjects(table, { getConfig: () => Promise.resolve(config()), leave: vi.fn(), loadMessages }) }],
      { initialEntries: ['/group'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeTruthy();
    expect(asked).toContainEqual(['members', 'roles']);
  });

  it("loads a route's parts with the real loader: the page shows the part's text in the active language", async () => {
    await switchLocale('ko_KR');
    const router = createMemoryRouter(
      [{ path: '/', HydrateFallback: () => null, children: toRouteObjects(TABLE_WITH_MESSAGES, { getConfig: () => Promise.resolve(config()), leave: vi.fn() }) }],
      { initialEntries: ['/members'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '멤버 관리' })).toBeTruthy();
  });
});

describe('route table → router', () => {
  it('renders a gated page when its feature is on', async () => {
    renderAt('/org/o1/station', config({ station: true }));
    expect(await screen.findByText('station page')).toBeTruthy();
  });

  it("sends a gated organization page to the organization's dashboard when the feature is off", async () => {
    const { router } = renderAt('/org/o1/station', config({ station: false }));
    expect(await screen.findByText('org dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org/o1/dashboard');
  });

  it("sends a gated project page to the project's dashboard when the feature is off", async () => {
    const { router } = renderAt('/project/p1/custom-dashboard', config({ customDashboard: false }));
    expect(await screen.findByText('project dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/project/p1/dashboard');
  });

  it('forwards an index route to its dashboard, keeping the search', async () => {
    const { router } = renderAt('/org/o1?x=1', config());
    expect(await screen.findByText('org dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org/o1/dashboard');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('leaves for the partner center when the partner feature is on', async () => {
    const { leave } = renderAt('/partners/users?page=2', config({ partner: true }));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://partner.example.com/users?page=2'));
  });

  it('stays (and shows the page, not found) when the partner feature is off', async () => {
    const { leave } = renderAt('/partners/users', config({ partner: false }));
    expect(await screen.findByText('not found')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });

  it('forwards legacy customDashboard paths before matching', async () => {
    const { router } = renderAt('/project/p1/customDashboard?from=old', config());
    expect(await screen.findByText('custom dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/project/p1/custom-dashboard');
    expect(router.state.location.search).toBe('?from=old');
  });
});

/** A page whose code never arrives: what runs meanwhile runs before it. */
const never = () => new Promise<never>(() => undefined);

/** A router opened at `initial` (the document at `path`), over an organization whose settings page prefetches. */
function routerAt(path: string, prefetch: NonNullable<RouteEntry['prefetch']>, initial = path) {
  const queryClient = new QueryClient();
  const deps: RouteDeps = { getConfig: () => Promise.resolve(config()), leave: vi.fn(), loadMessages: () => Promise.resolve(), queryClient };
  const table: readonly RouteEntry[] = [
    { id: 'home', path: '/', load: page('home page') },
    { id: 'org', path: '/org/:orgId', load: layout, children: [{ id: 'org-setting', path: 'setting', load: never, prefetch }] },
  ];
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: toRouteObjects(table, deps) }], {
    initialEntries: [initial],
  });
  return { router, queryClient };
}

describe('route prefetch (issue 16)', () => {
  it("starts the page's queries with the address's params when the document opens there, before the page's code is in", async () => {
    const prefetch = vi.fn<NonNullable<RouteEntry['prefetch']>>();
    const { router, queryClient } = routerAt('/org/o-1/setting', prefetch);
    await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1));
    expect(prefetch.mock.calls[0]![0]).toBe(queryClient);
    expect(prefetch.mock.calls[0]![1]).toMatchObject({ orgId: 'o-1' });
    router.dispose();
  });

  it('starts nothing on a navigation inside the console (the address, which the API headers read, is still the page being left)', async () => {
    const prefetch = vi.fn<NonNullable<RouteEntry['prefetch']>>();
    const { router } = routerAt('/', prefetch);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('home page')).toBeTruthy();
    void router.navigate('/org/o-1/setting');
    await vi.waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prefetch).not.toHaveBeenCalled();
    router.dispose();
  });
});
