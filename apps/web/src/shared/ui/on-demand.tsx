import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, type ComponentType, type JSX } from 'react';

/**
 * A component whose code loads the first time it renders, not with the page that uses it (issue
 * 16): forms in modals, dialogs, panels behind a button — whatever the first paint does not show.
 * Its chunk (and the libraries only it needs, e.g. react-hook-form) stays out of the page's
 * first-paint JavaScript, which `npm run budget` keeps under each route's budget. While the chunk
 * loads, a small spinner stands in its place.
 *
 *   const CreateProjectForm = onDemand(() => import('./CreateProjectForm.tsx').then((m) => m.CreateProjectForm));
 *
 * `{ now: true }`: a part the page shows below its header (a settings section, a dashboard widget)
 * is requested as soon as the page's module loads, beside the page's first render, not when React
 * first reaches it — its code is still off the route's first paint, and no round trip waits on it.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, options: { readonly now?: boolean } = {}): (props: P) => JSX.Element {
  const loading = options.now ? load() : undefined;
  // A failed early request is asked again when the part renders (and never reported unhandled).
  loading?.catch(() => undefined);
  const Lazy = lazy(async () => ({ default: await (loading ? loading.catch(load) : load()) }));
  function OnDemand(props: P) {
    return (
      <Suspense
        fallback={
          <Box textAlign="center" padding="l" data-testid="on-demand-spinner">
            <Spinner size="normal" />
          </Box>
        }
      >
        <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return OnDemand;
}
