import { getSession } from '@console/contracts/refs/auth';
import type { ConsoleConfig } from '@console/contracts/config';
import { getConsoleConfig } from '@console/contracts/refs/console';
import { listOrganizations } from '@console/contracts/refs/organizations';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../shared/i18n/switch-locale.ts';
import { STORAGE_KEYS } from '../shared/lib/storage.ts';
import { bundleAnswer } from '../test/console.tsx';
import { ORG_ID, organization, OWNER_UUID, PROJECT_ID, session } from '../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../test/http.ts';
import { installErrorRouting } from './error-routing.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRoutes } from './router.tsx';

let english: LocaleResources;
let uninstall: (() => void) | undefined;
beforeAll(async () => {
  english = await switchLocale('en_US');
  // What the first render of a file waited on (the not-found tests timed out under load): not a
  // timer but the route modules the router loads on first use — the shells, the side navigation,
  // the error pages, the project dashboard — each transformed and imported then (6.5 s of the first
  // test's 10 s idle at a load of 13). Loaded here, the tests' bounds time the pages, not the imports.
  await Promise.all([
    import('./shell/MaybeSignedInLayout.tsx'),
    import('./shell/SessionLayout.tsx'),
    import('./shell/SideNav.tsx'),
    import('../features/errors/pages/ErrorPage.tsx'),
  ]);
}, 120_000);
afterEach(() => {
  uninstall?.();
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const CONFIG: ConsoleConfig = {
  edition: 'PUBLIC',
  features: {
    partner: false,
    marketplace: false,
    technicalSupport: false,
    station: false,
    customDashboard: false,
    costAnalysis: false,
    projectAuthInfo: false,
  },
  languages: ['ko_KR', 'en_US', 'ja_JP', 'zh_CN'],
  partnerCenterUrl: 'https://partner.example.com',
  recommendedChromeVersion: 124,
  defaultRegion: 'KR1',
  productDomain: null,
};

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The API of a console whose caller is signed in (or not), plus `extra` calls. */
function consoleApi(signedIn: boolean, extra: Record<string, Handler> = {}) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    'GET /api/console/v1/config': () => ok(getConsoleConfig, { config: CONFIG }),
    'GET /api/console/v1/session': () => (signedIn ? ok(getSession, { session: session() }) : fail(401, { resultCode: 100 })),
    'GET /api/cab/v7/organizations': () =>
      ok(listOrganizations, { orgs: [organization()], paging: { page: 1, limit: 9999, totalCount: 1 } }),
    ...extra,
  });
}

/** The whole console (its route table, root layout and shells) at `path`, with the spec §8 routing installed. */
function renderApp(path: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    createAppRoutes({ getConfig: () => Promise.resolve(CONFIG), leave: () => undefined }),
    { initialEntries: [path] },
  );
  const navigate = vi.spyOn(router, 'navigate');
  uninstall = installErrorRouting(router, queryClient);
  render(
    <AppProviders queryClient={queryClient} initialLocale={english}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, navigate };
}

/**
 * Clicks the my-menu and waits for its items: the menu's code (ButtonDropdown) may still be on its
 * way when the click lands, and the menu then opens when it arrives (MenuButton) — reading the
 * items at once raced it (CI, under load).
 */
async function openMyMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('my-menu', {}, { timeout: 10_000 }));
  await screen.findAllByRole('menuitem', {}, { timeout: 10_000 });
}

describe('the console app', () => {
  it('keeps the console shell around the not-found page for a signed-in user', async () => {
    consoleApi(true);
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found-page', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await screen.findByTestId('my-menu')).textContent).toBe('Kim Cloud');
    // The side navigation's code arrives beside the first paint (AppShell, onDemand).
    expect(within(await screen.findByTestId('side-navigation')).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('paints the shell first and mounts the page in the task after it, once (a long first task split in two)', async () => {
    consoleApi(true);
    // What the page's place holds at each commit once the shell is there, recorded as it lands (a
    // mutation observer's callback runs before the next task): polling for the shell could look
    // only after the page's task on a busy machine, and miss the state it is to see.
    const held: string[] = [];
    const observer = new MutationObserver(() => {
      const place = document.getElementById('main-content');
      if (!place || !document.querySelector('[data-testid="my-menu"]')) return;
      const state = place.querySelector('[data-testid="not-found-page"]') ? 'page' : place.querySelector('[data-testid="turn-pending"]') ? 'pending' : 'empty';
      if (held.at(-1) !== state) held.push(state);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { router } = renderApp('/no/such/page');
    await screen.findByTestId('my-menu', {}, { timeout: 10_000 });
    const main = document.getElementById('main-content')!;
    expect(await within(main).findByTestId('not-found-page', {}, { timeout: 10_000 })).toBeTruthy();
    observer.disconnect();
    // The shell's first commit held the page's place; the page came in a later task.
    expect(held.slice(0, 2)).toEqual(['pending', 'page']);
    expect(within(main).queryByTestId('turn-pending')).toBeNull();
    // Taken once: the next page shows without a pending mark in between.
    await router.navigate('/other/missing/page');
    expect(within(main).queryByTestId('turn-pending')).toBeNull();
    expect(within(main).getByTestId('not-found-page')).toBeTruthy();
  });

  it("takes and drops the page's preloaded first calls it did not take, on its way to sign-in (they would answer it signed out after sign-in)", async () => {
    const link = document.createElement('link');
    Object.assign(link, { rel: 'preload', as: 'fetch', href: `/api/cab/v6/organizations/${ORG_ID}/self/roles` });
    document.head.append(link);
    const { requests } = consoleApi(false);
    const { router } = renderApp(`/org/${ORG_ID}/dashboard`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(requests.some((request) => request.url.pathname === `/api/cab/v6/organizations/${ORG_ID}/self/roles`)).toBe(true);
    expect(link.isConnected).toBe(false);
  });

  it('shows the not-found page without the console shell to a signed-out visitor, who stays there', async () => {
    consoleApi(false);
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found-page', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('my-menu')).toBeNull();
    expect(screen.queryByTestId('side-navigation')).toBeNull();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('says "No permission for this project" in the shell for a project the caller cannot see (40017), instead of going home', async () => {
    consoleApi(true, {
      [`GET /api/cab/v5/projects/${PROJECT_ID}`]: () => fail(404, { resultCode: 40017 }),
    });
    const { router, navigate } = renderApp(`/project/${PROJECT_ID}/dashboard`);
    const page = await screen.findByTestId('project-no-permission', {}, { timeout: 10_000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('No permission for this project');
    expect(page.textContent).toContain('The project does not exist, or you are not a member of it.');
    expect(router.state.location.pathname).toBe(`/project/${PROJECT_ID}/dashboard`);
    // The failed call sent nobody anywhere (before: home, as for an unknown organization).
    expect(navigate).not.toHaveBeenCalled();
    expect((await screen.findByTestId('my-menu')).textContent).toBe('Kim Cloud');
    // The project gets no menu of its own: nothing there is reachable.
    const navigation = await screen.findByTestId('side-navigation');
    expect(within(navigation).getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(within(navigation).queryByRole('link', { name: 'Project management' })).toBeNull();
  });

  it('applies the signed-in account’s earlier dark-mode experiment (/new) as its theme in the shell, and only that account’s', async () => {
    window.localStorage.setItem(STORAGE_KEYS.experiments(OWNER_UUID), JSON.stringify({ darkMode: true }));
    window.localStorage.setItem(STORAGE_KEYS.experiments('someone-else'), JSON.stringify({ compactMode: true }));
    consoleApi(true);
    renderApp('/no/such/page');
    await screen.findByTestId('my-menu', {}, { timeout: 10_000 });
    await waitFor(() => expect(document.body.classList.contains('awsui-dark-mode')).toBe(true));
    expect(document.body.classList.contains('awsui-compact-mode')).toBe(false);
    cleanup();
    // Leaving the shell (signing out) gives the page its default look back.
    expect(document.body.classList.contains('awsui-dark-mode')).toBe(false);
  });

  it('changes theme and density from the my-menu, kept for the signed-in account', async () => {
    const user = userEvent.setup({ delay: null });
    consoleApi(true);
    renderApp('/no/such/page');
    await openMyMenu(user);
    // The current choice is checked for assistive technology (menuitemcheckbox), not shown by an icon alone.
    expect(screen.getByRole('menuitemcheckbox', { name: 'Light' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Dark' }));
    await waitFor(() => expect(document.body.classList.contains('awsui-dark-mode')).toBe(true));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.appearance(OWNER_UUID)) ?? '{}')).toEqual({ theme: 'dark', density: 'comfortable' });

    await user.click(screen.getByTestId('my-menu'));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Light' }).getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Compact' }));
    await waitFor(() => expect(document.body.classList.contains('awsui-compact-mode')).toBe(true));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.appearance(OWNER_UUID)) ?? '{}')).toEqual({ theme: 'dark', density: 'compact' });
    // The next visit paints in it before the session has loaded.
    expect(window.localStorage.getItem(STORAGE_KEYS.lastAppearance)).toBe(JSON.stringify({ theme: 'dark', density: 'compact' }));
    cleanup();
    expect(document.body.classList.contains('awsui-dark-mode')).toBe(false);
    expect(document.body.classList.contains('awsui-compact-mode')).toBe(false);
  });

  it('offers "Skip to main content" as the first stop of the keyboard, and it moves focus past the navigation', async () => {
    const user = userEvent.setup({ delay: null });
    consoleApi(true);
    renderApp('/no/such/page');
    await screen.findByTestId('my-menu', {}, { timeout: 10_000 });
    await user.tab();
    const skip = screen.getByTestId('skip-to-content');
    expect(document.activeElement).toBe(skip);
    expect(skip.textContent).toBe('Skip to main content');
    await user.keyboard('{Enter}');
    expect(document.activeElement?.id).toBe('main-content');
    expect(document.activeElement?.contains(screen.getByTestId('not-found-page'))).toBe(true);
  });

  it('puts the IAM account information, my roles, the languages and sign out in the my-menu of an IAM account holder', async () => {
    const user = userEvent.setup({ delay: null });
    consoleApi(true, {
      'GET /api/console/v1/session': () =>
        ok(getSession, { session: session({ memberType: 'IAM', orgId: ORG_ID, domain: 'acme-corp', userName: 'Jung IAM' }) }),
      'GET /api/iam/v4/members/self': () => fail(404, { resultCode: 21008 }),
    });
    const { router } = renderApp('/no/such/page');
    await openMyMenu(user);
    // Plain entries, then the one-of choices (language, theme, density), the current ones checked.
    const items = [...document.querySelectorAll('[role="menuitem"], [role="menuitemcheckbox"]')].map(
      (item) => `${item.textContent ?? ''}${item.getAttribute('aria-checked') === 'true' ? ' ✓' : ''}`,
    );
    expect(items).toEqual([
      'IAM account information',
      'My roles',
      'API security',
      'Login security',
      '한국어',
      'English ✓',
      '日本語',
      '简体中文',
      'Light ✓',
      'Dark',
      'Same as the system',
      'Comfortable ✓',
      'Compact',
      'Sign out',
    ]);
    // The language moved into the my-menu: the top bar has no selector of its own.
    expect(screen.queryByTestId('language-selector')).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'IAM account information' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/iam-information'));
    expect(await screen.findByRole('heading', { level: 1, name: 'IAM account information' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('offers no IAM account information to a cloud member, and switches the language from the my-menu', async () => {
    const user = userEvent.setup({ delay: null });
    consoleApi(true);
    renderApp('/no/such/page');
    await openMyMenu(user);
    expect(screen.queryByRole('menuitem', { name: 'IAM account information' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'My roles' })).toBeTruthy();
    try {
      await user.click(screen.getByRole('menuitemcheckbox', { name: '日本語' }));
      await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
      expect(await screen.findByText('ページが見つかりません')).toBeTruthy();
    } finally {
      await switchLocale('en_US');
    }
  });
});
