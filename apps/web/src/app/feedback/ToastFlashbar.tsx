import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { TOAST_DURATION_MS, toasts, useToastQueue } from '../../shared/ui/toasts.ts';

// Cloudscape's Flashbar (with its animations, ≈ 8 KiB gzip) loads with the first toast, not with
// every page's first paint; the toast shows as soon as it is in.
const Flashbar = lazy(() => import('@cloudscape-design/components/flashbar'));

/** The place a toast that timed out leaves: its height, kept while the page it went on is shown. */
interface Place {
  readonly height: number;
  /** The router's key of the location the toast went on (a new one at every navigation). */
  readonly locationKey: string;
  /** The toast that left it. */
  readonly toastId: number;
}

/**
 * Shows the toast queue one toast at a time, each for 5 s or until dismissed.
 *
 * A toast that times out leaves its place empty until the page changes (or the next toast takes
 * it): it sits above the page, and going at its own time — 5 s after a save, while the person is
 * already working on the next form — it would move the whole page up by its height under their
 * pointer, and a click on a role, a menu item or the submit button would land on what was below it
 * (issue 16: the e2e flake of project-members.spec). A toast dismissed by hand goes at once: the
 * person asked for it.
 */
export function ToastFlashbar() {
  const { t } = useTranslation();
  const queue = useToastQueue();
  const current = queue[0];
  const location = useLocation();
  const locationKey = useRef(location.key);
  useEffect(() => {
    locationKey.current = location.key;
  }, [location.key]);
  const shown = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | undefined>(undefined);
  // A toast takes the place the last one left (and, dismissed by hand, goes with it).
  if (current && place && current.id !== place.toastId) setPlace(undefined);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => {
      setPlace({ height: shown.current?.offsetHeight ?? 0, locationKey: locationKey.current, toastId: current.id });
      toasts.dismiss(current.id);
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  if (!current) {
    return place && place.locationKey === location.key ? <div aria-hidden="true" data-testid="toast-place" style={{ height: place.height }} /> : null;
  }
  return (
    <div data-testid="toast" ref={shown}>
      {/* A new Flashbar per toast: the next toast replaces the last at once, with no exit animation. */}
      <Suspense fallback={null}>
        <Flashbar
          key={current.id}
          items={[
            {
              id: String(current.id),
              type: current.type,
              header: current.header,
              content: current.content,
              dismissible: true,
              dismissLabel: t('shell.toasts.dismiss'),
              onDismiss: () => toasts.dismiss(current.id),
            },
          ]}
        />
      </Suspense>
    </div>
  );
}
