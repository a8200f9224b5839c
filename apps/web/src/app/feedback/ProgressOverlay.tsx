import Spinner from '@cloudscape-design/components/spinner';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useProgressValue } from '../../shared/ui/progress.ts';

const overlayStyle = {
  position: 'fixed',
  inset: 0,
  zIndex: 5000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: 'rgba(255, 255, 255, 0.55)',
  cursor: 'progress',
} as const;

/**
 * While the progress counter is above 0 a spinner covers the console; the console underneath
 * (the element `appRootId`) is made inert so neither pointer nor keyboard reaches it.
 */
export function ProgressOverlay({ appRootId }: { appRootId: string }) {
  const { t } = useTranslation();
  const value = useProgressValue();
  const busy = value > 0;

  useEffect(() => {
    const appRoot = document.getElementById(appRootId);
    if (!appRoot || !busy) return;
    appRoot.inert = true;
    return () => {
      appRoot.inert = false;
    };
  }, [appRootId, busy]);

  if (!busy) return null;
  return createPortal(
    <div
      style={overlayStyle}
      role="progressbar"
      aria-busy="true"
      aria-label={t('shell.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      data-testid="global-progress"
    >
      <Spinner size="large" />
    </div>,
    document.body,
  );
}
