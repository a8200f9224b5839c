import { getMessageBundle } from '@console/contracts/i18n';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ModalHost } from '../app/feedback/ModalHost.tsx';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import type { LocaleResources } from '../shared/i18n/switch-locale.ts';
import { ok } from './http.ts';

/** The server's result-code texts a test needs, as the bundle call answers them (English). */
export const bundleAnswer = (messages: Record<string, string> = {}) => () =>
  ok(getMessageBundle, { messages: [{ lang: 'EN_US', messages }] });

/** A route of a test console: a path and the page it shows. */
export interface TestRoute {
  readonly path: string;
  readonly Component: ComponentType;
}

/**
 * Renders pages inside the console's providers (query client, i18n, Cloudscape messages) and a
 * data router whose root hosts the modals, as the real root layout does. Unknown paths show
 * "elsewhere" and / (unless given) "home page", so a test can see where the page sent the user.
 */
export function renderConsole(routes: readonly TestRoute[], path: string, locale: LocaleResources) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: () => (
          <>
            <Outlet />
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
