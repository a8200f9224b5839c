import { useEffect, useRef, useState, type RefObject } from 'react';
import { usePageDark } from '../../shared/appearance/appearance.ts';
import { toasts } from '../../shared/ui/toasts.ts';
import { acceptsProductMessage } from './product-frame.ts';

export type FrameTheme = 'light' | 'dark';

/** The document the frame holds: its address without the theme, the theme it was loaded in, and whether it switches theme live (and the origin to tell it at). */
type FrameDocument = { readonly key: string | undefined; readonly loadedTheme: FrameTheme; readonly liveOrigin: string | null };

/**
 * A product's page in an iframe (a project's product page, an organization service's page): its
 * address in the console's theme, and the messages it may send (docs/products.md "Messages to the
 * console") — `console:resize`, `console:toast`, `console:navigate` (to `onNavigate`) and
 * `console:ready`. Taken only from this frame, and only from the console's own origin or an allowed
 * product origin (`acceptsProductMessage`).
 *
 * The theme: a page that announced `{ type: 'console:ready', accepts: ['console:theme'] }` is told
 * a new theme with `{ type: 'console:theme', theme }` and keeps its document (what a person typed
 * there stays); a page that did not is loaded again in the new theme. A new address (another tab,
 * another language) loads in the current theme.
 */
export function useProductFrame(options: {
  /** The frame's address in a theme (undefined: no frame). */
  srcOf: (theme: FrameTheme) => string | undefined;
  initialHeight: number;
  productDomain: string | null;
  productMessageOrigins: readonly string[] | undefined;
  onNavigate?: (tab: string) => void;
}): { frame: RefObject<HTMLIFrameElement | null>; src: string | undefined; height: number } {
  const { srcOf, initialHeight, productDomain, productMessageOrigins } = options;
  const frame = useRef<HTMLIFrameElement>(null);
  const theme: FrameTheme = usePageDark() ? 'dark' : 'light';
  const [height, setHeight] = useState(initialHeight);
  const onNavigate = useRef(options.onNavigate);
  useEffect(() => {
    onNavigate.current = options.onNavigate;
  });

  // What the frame's document is: a new one when its address (theme aside) changes, or when the
  // theme changes and the page cannot follow it live.
  const key = srcOf('light');
  const [shown, setShown] = useState<FrameDocument>({ key, loadedTheme: theme, liveOrigin: null });
  let current = shown;
  if (shown.key !== key || (shown.liveOrigin === null && shown.loadedTheme !== theme)) {
    current = { key, loadedTheme: theme, liveOrigin: null };
    setShown(current);
  }
  const liveOrigin = current.liveOrigin;

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target) return;
      if (!acceptsProductMessage(event.origin, window.location.origin, import.meta.env.PROD, productDomain, productMessageOrigins)) return;
      const data = event.data as { type?: unknown; tab?: unknown; height?: unknown; toastType?: unknown; level?: unknown; message?: unknown; accepts?: unknown } | null;
      if (!data || typeof data.type !== 'string') return;
      if (data.type === 'console:navigate' && typeof data.tab === 'string') {
        onNavigate.current?.(data.tab);
      } else if (data.type === 'console:resize' && typeof data.height === 'number' && data.height > 0) {
        setHeight(Math.min(Math.max(Math.round(data.height), 200), 5000));
      } else if (data.type === 'console:toast' && typeof data.message === 'string') {
        const level = data.toastType ?? data.level;
        const type = level === 'error' || level === 'warning' || level === 'success' ? level : 'info';
        toasts.show({ type, content: data.message.slice(0, 500) });
      } else if (data.type === 'console:ready' && Array.isArray(data.accepts) && data.accepts.includes('console:theme')) {
        const origin = event.origin;
        setShown((document) => (document.liveOrigin === origin ? document : { ...document, liveOrigin: origin }));
      }
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [productDomain, productMessageOrigins]);

  // A page that follows live is told the theme: when it announces itself (the theme may have
  // changed while it loaded) and at every change after.
  useEffect(() => {
    if (liveOrigin !== null) frame.current?.contentWindow?.postMessage({ type: 'console:theme', theme }, liveOrigin);
  }, [liveOrigin, theme]);

  return { frame, src: srcOf(current.loadedTheme), height };
}
