import '@cloudscape-design/global-styles/index.css';
import { DEFAULT_LOCALE } from '@console/contracts/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyLastAppearance } from './shared/appearance/appearance.ts';
import { installErrorRouting } from './app/error-routing.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { organizationsQuery } from './data/organizations/queries.ts';
import { consoleConfigQuery } from './shared/config/console-config.ts';
import { holdUntilPagePainted } from './shared/lib/page-painted.ts';
import { sessionQuery } from './shared/session/session.ts';
import { readLocaleCookie } from './shared/i18n/locale.ts';
import { switchLocale } from './shared/i18n/switch-locale.ts';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The theme and density the last account chose, before anything paints (no flash of light).
  applyLastAppearance();
  // What the first page's header does not need waits until that page has painted (the layouts open it).
  holdUntilPagePainted();
  const queryClient = createQueryClient();
  // Everything the first paint needs starts at once, side by side (issue 16): the configuration,
  // the session of a signed-in page (index.html preloads both), the first language, and — as the
  // router is created — the code of the layouts and the page of the address. The first paint is
  // in the first language: the router renders once that has loaded.
  void queryClient.prefetchQuery(consoleConfigQuery());
  const router = createAppRouter(queryClient);
  installErrorRouting(router, queryClient);
  if (router.state.matches.some((match) => match.route.id === 'signed-in')) {
    void queryClient.prefetchQuery(sessionQuery());
    // The caller's organizations name the shell's breadcrumb and menu: asked now, not once the
    // shell has rendered, so its first paint has the names.
    void queryClient.prefetchQuery(organizationsQuery());
  }
  const initialLocale = await switchLocale(readLocaleCookie() ?? DEFAULT_LOCALE);

  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} initialLocale={initialLocale}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
