import '@cloudscape-design/global-styles/index.css';
import { DEFAULT_LOCALE } from '@console/contracts/locales';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installErrorRouting } from './app/error-routing.ts';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { consoleConfigQuery } from './shared/config/console-config.ts';
import { readLocaleCookie } from './shared/i18n/locale.ts';
import { switchLocale } from './shared/i18n/switch-locale.ts';

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const queryClient = createQueryClient();
  // The configuration and the first language load side by side; the first paint is in that language.
  void queryClient.prefetchQuery(consoleConfigQuery());
  const initialLocale = await switchLocale(readLocaleCookie() ?? DEFAULT_LOCALE);
  const router = createAppRouter(queryClient);
  installErrorRouting(router, queryClient);

  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} initialLocale={initialLocale}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
