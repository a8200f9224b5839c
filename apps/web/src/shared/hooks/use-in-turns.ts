import { useEffect, useState } from 'react';

/**
 * Calls `callback` in a task of its own, soon (a message to itself: not clamped like a chain of
 * zero timeouts, nor held back to once a second in a background tab); answers a cancel.
 */
export function inNextTask(callback: () => void): () => void {
  if (typeof MessageChannel !== 'function') {
    const handle = setTimeout(callback, 0);
    return () => clearTimeout(handle);
  }
  const channel = new MessageChannel();
  channel.port1.addEventListener('message', () => {
    channel.port1.close();
    callback();
  });
  channel.port1.start();
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}

/**
 * How many of a page's `total` parts to show now: the first at once, then one more per task, in
 * order, until all show (issue 16). A page that mounts many Cloudscape forms and tables at once
 * makes one long task of it on Preact, which renders and commits a tree in one go (React splits
 * the rendering of a revealed Suspense boundary into 5 ms slices; Preact cannot): each part's
 * fields, their layout effects and their measures (Cloudscape's container queries) then block the
 * main thread together — the organization settings page's total blocking time. Mounted in turns,
 * each task holds one part. A part shown stays shown; the order keeps the page's reading order (a
 * part is never shown before the ones above it).
 */
export function useInTurns(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return undefined;
    return inNextTask(() => setShown((current) => current + 1));
  }, [shown, total]);
  return Math.min(shown, total);
}
