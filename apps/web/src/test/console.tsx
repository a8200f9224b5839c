import { getMessageBundle } from '@console/contracts/refs/i18n';
import { cleanup, render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ModalHost } from '../app/feedback/ModalHost.tsx';
import { AppProviders } from '../app/providers.tsx';
import { SessionGate } from '../app/shell/SessionGate.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { switchLocale, type LocaleResources } from '../shared/i18n/switch-locale.ts';
import { modals } from '../shared/ui/modals.ts';
import { toasts } from '../shared/ui/toasts.ts';
import { afterEach, beforeAll, vi } from 'vitest';
import { ok } from './http.ts';

/** The server's result-code texts a test needs, as the bundle call answers them (English). */
export const bundleAnswer = (messages: Record<string, string> = {}) => () =>
  ok(getMessageBundle, { messages: [{ lang: 'EN_US', messages }] });

/** A route of a test console: a path and the page it shows. */
export interface TestRoute {
  readonly path: string;
  readonly Component: ComponentType;
  /** The route's handle (a breadcrumb…), as the route table gives it. */
  readonly handle?: unknown;
}

/** How a test console frames its pages. */
export interface RenderConsoleOptions {
  /**
   * The pages are signed-in pages: they render inside the session layout's gate (SessionGate),
   * only once the session has loaded, as in the console. A page that reads the session with
   * `useSession()` needs it: without the gate it suspends with no boundary above (React 19 holds
   * the root; Preact hands the promise to the router's error boundary).
   */
  readonly signedIn?: boolean;
}

/**
 * Renders pages inside the console's providers (query client, i18n, Cloudscape messages) and a
 * data router whose root hosts the modals, as the real root layout does. Unknown paths show
 * "elsewhere" and / (unless given) "home page", so a test can see where the page sent the user.
 */
export function renderConsole(routes: readonly TestRoute[], path: string, locale: LocaleResources, options: RenderConsoleOptions = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <>
            {options.signedIn ? <SessionGate>{() => <Outlet />}</SessionGate> : <Outlet />}
            <ModalHost />
          </>
        ),
        children: [
          { index: true, Component: routes.find((route) => route.path === '/')?.Component ?? HomeStandIn },
          ...routes.filter((route) => route.path !== '/'),
          { path: '*', Component: Elsewhere },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders queryClient={queryClient} initialLocale={locale}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}

function Elsewhere() {
  return <p>elsewhere</p>;
}

function HomeStandIn() {
  return <p>home page</p>;
}

/** The text the element's aria-describedby points at: what is shown next to a field or a disabled button. */
export function describedText(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/**
 * The usual frame of a page test in English: the English messages load before the file's tests;
 * after each test the modals are closed, the toasts cleared, the page unmounted and stubbed
 * globals (fetch) restored. Read `english` inside tests (it loads in a beforeAll).
 */
export function englishPageTests(): { readonly english: LocaleResources } {
  let english: LocaleResources | undefined;
  beforeAll(async () => {
    english = await switchLocale('en_US');
  });
  afterEach(() => {
    modals.closeAll();
    toasts.clear();
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    get english() {
      if (!english) throw new Error('englishPageTests: English loads in beforeAll; read it inside a test');
      return english;
    },
  };
}
