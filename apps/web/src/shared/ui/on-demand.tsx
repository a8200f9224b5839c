import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { lazy, Suspense, useEffect, useState, type ComponentType, type JSX } from 'react';
import { inNextTask } from '../hooks/use-in-turns.tsx';
import { pagePainted, whenPagePainted } from '../lib/page-painted.ts';

/**
 * A component whose code loads the first time it renders, not with the page that uses it (issue
 * 16): forms in modals, dialogs, panels behind a button — whatever the first paint does not show.
 * Its chunk (and the libraries only it needs, e.g. react-hook-form) stays out of the page's
 * first-paint JavaScript, which `npm run budget` keeps under each route's budget. While the chunk
 * loads, a small spinner stands in its place.
 *
 *   const CreateProjectForm = onDemand(() => import('./CreateProjectForm.tsx').then((m) => m.CreateProjectForm));
 *
 * `{ now: true }`: a part the page shows beside or below its header (the side navigation, a
 * dashboard widget, a settings section) is asked for once the page has painted — in the task after
 * the frame that first shows its place — not when it is clicked open, and not before: its requests
 * then never stand in the way of the first paint's own on HTTP/1.1's six connections (nor count
 * against the page's LCP). Once its code is in, it renders at once. The build groups what such a
 * part reaches on its own (apps/web/build/route-chunk-groups.ts, `eagerPartCaller`).
 *
 * On the document's first page such a part waits longer: until that page has been shown
 * (shared/lib/page-painted.ts: the frame with the page's header presented), so its requests go out
 * neither between the shell's first paint and the page's header (the side navigation) nor between
 * the page's render and the header's presentation (a dashboard's widgets); both were charged to
 * the LCP. `{ now: true, shell: true }`: the signed-in shell itself around a page
 * (MaybeSignedInLayout), which holds that page and so cannot wait for it.
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { readonly now?: boolean; readonly shell?: boolean } = {},
): (props: P) => JSX.Element {
  let loaded = false;
  const Lazy = lazy(async () => {
    const component = await load();
    loaded = true;
    return { default: component };
  });
  const spinner = (
    <Box textAlign="center" padding="l" data-testid="on-demand-spinner">
      <Spinner size="normal" />
    </Box>
  );
  function OnDemand(props: P) {
    // A part asked for after the paint waits for the frame that shows its place (never for one already in).
    const [asked, setAsked] = useState(() => !options.now || loaded);
    useEffect(() => {
      if (asked) return undefined;
      if (!options.shell && !pagePainted()) return whenPagePainted(() => setAsked(true));
      return afterNextPaint(() => setAsked(true));
    }, [asked]);
    return <Suspense fallback={spinner}>{asked ? <Lazy {...(props as P & JSX.IntrinsicAttributes)} /> : spinner}</Suspense>;
  }
  return OnDemand;
}

/** Calls `callback` in the task after the next frame has painted; answers a cancel. */
export function afterNextPaint(callback: () => void): () => void {
  let cancelTask: (() => void) | undefined;
  if (typeof requestAnimationFrame !== 'function') return inNextTask(callback);
  const frame = requestAnimationFrame(() => {
    cancelTask = inNextTask(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelTask?.();
  };
}
