import { lazy, Suspense } from 'react';
import { useRouteError } from 'react-router';

// The error screens load when a route fails, not with the console.
const RouteErrorContent = lazy(() =>
  import('./RouteErrorContent.tsx').then((module) => ({ default: module.RouteErrorContent })),
);

/** What renders when a route fails to load or render. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <RouteErrorContent error={error} />
    </Suspense>
  );
}
