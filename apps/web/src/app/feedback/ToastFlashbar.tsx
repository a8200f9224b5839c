import Flashbar from '@cloudscape-design/components/flashbar';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, toasts, useToastQueue } from '../../shared/ui/toasts.ts';

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
    </div>
  );
}
