import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

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

/** How many of a page's parts show, and who to tell when one more does. */
export interface Turns {
  readonly shown: () => number;
  readonly subscribe: (listener: () => void) => () => void;
  /** Shows the parts up to `index` (0-based). */
  readonly showUpTo: (index: number) => void;
}

function createTurns(): Turns {
  let shown = 1;
  const listeners = new Set<() => void>();
  return {
    shown: () => shown,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    showUpTo: (index) => {
      if (index < shown) return;
      shown = index + 1;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * A page's parts shown in turns (issue 16): the first at once, then one more per task, in order,
 * until all show. Each part is a `<Turn turns={turns} index={i}>`. A page that mounts many
 * Cloudscape forms and tables at once makes one long task of it on Preact, which renders and
 * commits a tree in one go (React splits the rendering of a revealed Suspense boundary into 5 ms
 * slices; Preact cannot): each part's fields, their layout effects and their measures (Cloudscape's
 * container queries) then block the main thread together — the organization settings page's total
 * blocking time. Mounted in turns, each task holds one part; a turn renders only the part it shows
 * (the page and the parts already shown do not render again). A part shown stays shown; the order
 * keeps the page's reading order (a part never shows before the ones above it).
 */
export function useTurns(): Turns {
  const [turns] = useState(createTurns);
  return turns;
}

/**
 * One part of `useTurns`: until its turn, a hidden mark (`turn-pending`, which an end-to-end check
 * of the whole page waits to be gone), then `children`; once shown, it calls the next part.
 */
export function Turn({ turns, index, children }: { turns: Turns; index: number; children: ReactNode }) {
  const shown = useSyncExternalStore(turns.subscribe, () => turns.shown() > index);
  useEffect(() => {
    // In the page now: the next part's turn, in a task of its own.
    if (!shown || turns.shown() !== index + 1) return undefined;
    return inNextTask(() => turns.showUpTo(index + 1));
  }, [shown, turns, index]);
  return shown ? children : <span hidden data-testid="turn-pending" />;
}
