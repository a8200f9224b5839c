import { useEffect, useState, useSyncExternalStore } from 'react';
import { inNextTask } from '../hooks/use-in-turns.tsx';

/**
 * Whether the document's first page has painted (issue 16), for the work the page's header does not
 * need: the shell's own calls (the organization switcher's projects, the my-menu's outbox check,
 * the server's message bundle) and code (the side navigation, the breadcrumbs' collapsed-items
 * menu). Started before the header paints, they share the first paint's connections and, in
 * Lighthouse's simulation, every request that has ended by the observed LCP is charged to the LCP;
 * started once the page has painted, they take nothing from it and still arrive before anyone can
 * open a menu.
 *
 * Closed only when the entry arms it (main.tsx, `holdUntilPagePainted`): anywhere else (unit tests,
 * a component rendered on its own) it is open, so nothing waits. The layout that shows the page
 * opens it once the page has been shown (`useMarkPageShown`: AppShell beside its page's turn,
 * PublicLayout); at the latest it opens `FALLBACK_MS` after arming, so a page shown by neither (the
 * root's error boundary) still gets all of it. Once open it stays open: later pages do not wait.
 *
 * "Shown" is the frame that holds the page presented on the screen, not the main thread's paint
 * of it: under load the two were 100-150 ms apart, and the LCP is the presentation's time. The
 * browser says when with a `largest-contentful-paint` entry painted after the page rendered; a page
 * that paints nothing larger than what the shell already showed gets none, so then the gate opens
 * `SHOWN_WAIT_MS` after the page's render (its LCP is the shell's, long past). Without LCP entries
 * (other browsers), after the next frame.
 */
let open = true;
const listeners = new Set<() => void>();
let fallback: ReturnType<typeof setTimeout> | undefined;

/** The longest the gate stays closed after arming. */
export const FALLBACK_MS = 3000;
/** The longest the gate waits for a page's frame to be reported shown. */
export const SHOWN_WAIT_MS = 500;

export const pagePainted = (): boolean => open;

/**
 * Opens the gate (once): what waits for the page's paint starts now, one waiting thing per task
 * (the first at once): each renders what it shows (a part's spinner, a menu, a query's component),
 * and all of them in the task that opens the gate were one long task after the LCP.
 */
export function markPagePainted(): void {
  if (open) return;
  open = true;
  clearTimeout(fallback);
  const waiting = [...listeners];
  const next = () => {
    const listener = waiting.shift();
    if (!listener) return;
    if (waiting.length > 0) inNextTask(next);
    if (listeners.has(listener)) listener();
  };
  next();
}

/** Closes the gate until a layout says the page has painted (main.tsx, before the first render). */
export function holdUntilPagePainted(): void {
  open = false;
  clearTimeout(fallback);
  fallback = setTimeout(markPagePainted, FALLBACK_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `callback` once the page has painted (at once when it has); answers a cancel. */
export function whenPagePainted(callback: () => void): () => void {
  if (open) {
    callback();
    return () => undefined;
  }
  const listener = () => {
    listeners.delete(listener);
    callback();
  };
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the page has painted; renders again when it does. */
export function usePagePainted(): boolean {
  return useSyncExternalStore(subscribe, pagePainted, pagePainted);
}

const reportsLcp = () =>
  typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('largest-contentful-paint');

/**
 * Calls `callback` once a frame painted after `since` (a `performance.now()`) has been presented:
 * a `largest-contentful-paint` entry of that frame (with `within`, for an element inside the
 * element it answers), else `SHOWN_WAIT_MS` later; without such entries, after the next frame.
 * Answers a cancel.
 */
export function afterShown(since: number, callback: () => void, within?: () => Element | null): () => void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const stop = () => {
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  const finish = () => {
    if (done) return;
    stop();
    callback();
  };
  if (reportsLcp()) {
    const shown = (entry: PerformanceEntry) => {
      if (entry.startTime < since) return false;
      if (!within) return true;
      // The page's own content, not the shell's (a page that shows a spinner first, its header once its data is in).
      const element = (entry as PerformanceEntry & { element?: Element | null }).element;
      return element != null && (within()?.contains(element) ?? false);
    };
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some(shown)) finish();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    timer = setTimeout(finish, SHOWN_WAIT_MS);
  } else if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(finish, 0);
    });
  } else {
    timer = setTimeout(finish, 0);
  }
  return stop;
}

/**
 * In the layout that shows the page, rendered with the page: opens the gate once a frame painted
 * since this render, with an LCP candidate inside the page's content (the element `contentId`
 * names: on a page that shows a spinner until its data is in, its header), has been shown
 * (`afterShown`). Nothing to do once the gate is open.
 */
export function useMarkPageShown(contentId: string): void {
  const [since] = useState(() => (typeof performance === 'undefined' ? 0 : performance.now()));
  useEffect(
    () => (pagePainted() ? undefined : afterShown(since, markPagePainted, () => document.getElementById(contentId))),
    [since, contentId],
  );
}
