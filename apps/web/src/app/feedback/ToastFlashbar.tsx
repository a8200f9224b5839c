import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { TOAST_DURATION_MS, toasts, useToastQueue } from '../../shared/ui/toasts.ts';

// Cloudscape's Flashbar (with its animations, ≈ 8 KiB gzip) loads with the first toast, not with
// every page's first paint; the toast shows as soon as it is in.
const Flashbar = lazy(() => import('@cloudscape-design/components/flashbar'));

/** Shows the toast queue one toast at a time, each for 5 s or until dismissed. */
export function ToastFlashbar() {
  const { t } = useTranslation();
  const queue = useToastQueue();
  const current = queue[0];

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => toasts.dismiss(current.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  if (!current) return null;
  return (
    <div data-testid="toast">
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
