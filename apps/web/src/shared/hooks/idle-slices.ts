/** Longest a slice of background work runs before it gives the main thread back (ms). */
export const IDLE_SLICE_MS = 8;

/**
 * Runs `step` in the browser's idle time, a few milliseconds per task, until it answers `true`
 * (done); returns a cancel. Work that is cut by time, not by a count, stays short on a slow or busy
 * machine too: no task it runs is a long task (> 50 ms) that would block a click or count in the
 * page's total blocking time (issue 16). Each slice runs at least one step.
 */
export function inIdleSlices(step: () => boolean, sliceMs = IDLE_SLICE_MS): () => void {
  let cancelled = false;
  let cancelScheduled: (() => void) | undefined;
  const run = (deadline?: IdleDeadline) => {
    if (cancelled) return;
    const budget = deadline && !deadline.didTimeout ? Math.min(sliceMs, Math.max(1, deadline.timeRemaining())) : sliceMs;
    const end = performance.now() + budget;
    do {
      if (step()) return;
    } while (performance.now() < end);
    schedule();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: 1000 });
      cancelScheduled = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(() => run(), 0);
      cancelScheduled = () => window.clearTimeout(handle);
    }
  };
  schedule();
  return () => {
    cancelled = true;
    cancelScheduled?.();
  };
}
