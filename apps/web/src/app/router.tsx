import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { consoleConfigQuery } from '../shared/config/console-config.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { legacyRedirectLoader, toRouteObjects, type RouteDeps } from './route-objects.ts';
import { ROUTES } from './routes.ts';

/** The whole route tree: the root (legacy forwarding, config, hosts) around the route table. */
export function createAppRoutes(deps: RouteDeps): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: () => null,
      loader: legacyRedirectLoader,
      // Legacy paths may be reached by client navigation too, so check on every path change.
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate,
      children: toRouteObjects(ROUTES, deps),
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    createAppRoutes({
      getConfig: async () => (await queryClient.ensureQueryData(consoleConfigQuery())).config,
      leave: (url) => window.location.replace(url),
      queryClient,
    }),
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
