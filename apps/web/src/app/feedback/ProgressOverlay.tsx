import Spinner from '@cloudscape-design/components/spinner';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { progressStore, useProgressValue } from '../../shared/ui/progress.ts';

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
 *
 * `inert` follows the counter itself (a subscription), not a render: it is lifted the moment the
 * last task ends, before the code after `await progress.track(…)` runs. That code often closes a
 * modal, whose focus lock gives the focus back to the button that opened it, inside the app root; an
 * inert element refuses the focus. An effect of the render only lifted it in time on React, whose
 * passive effects of a discrete update run before the next task; Preact runs them after the next
 * frame, and the focus was lost to <body> (e2e a11y.spec, "create a project with the keyboard alone").
 */
export function ProgressOverlay({ appRootId }: { appRootId: string }) {
  const { t } = useTranslation();
  const value = useProgressValue();
  const busy = value > 0;

  useEffect(() => {
    const appRoot = document.getElementById(appRootId);
    if (!appRoot) return;
    const follow = () => {
      appRoot.inert = progressStore.get() > 0;
    };
    follow();
    const unsubscribe = progressStore.subscribe(follow);
    return () => {
      unsubscribe();
      appRoot.inert = false;
    };
  }, [appRootId]);

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
