import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useBlocker } from 'react-router';
import { modals } from '../ui/modals.ts';

/**
 * Asks before leaving a page whose forms hold unsaved changes: inside the console (a confirm
 * modal) and when the tab is closed or reloaded (the browser's own prompt). One per page (the
 * router allows one blocker at a time): a page with several forms passes whether any is dirty.
 * `leaveWithoutAsking` runs a navigation the page itself decided on (after deleting, say).
 */
export function useUnsavedChangesGuard(isDirty: boolean) {
  const { t } = useTranslation();
  const bypass = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void modals
      .confirm({
        header: t('form.unsaved.title'),
        content: t('form.unsaved.description'),
        confirmText: t('form.unsaved.leave'),
        cancelText: t('form.unsaved.stay'),
      })
      .then((leave) => {
        asking.current = false;
        if (leave) blocker.proceed();
        else blocker.reset();
      });
  }, [blocker, t]);

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  const leaveWithoutAsking = useCallback(async (navigate: () => unknown) => {
    bypass.current = true;
    try {
      await navigate();
    } finally {
      bypass.current = false;
    }
  }, []);

  return { leaveWithoutAsking };
}
