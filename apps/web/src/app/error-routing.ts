import type { QueryClient } from '@tanstack/react-query';
import { dropCallPreloads } from '../shared/api/call-preloads.ts';
import { setErrorRouteHandler } from '../shared/api/error-dispatch.ts';
import type { ErrorPageState } from '../shared/api/error-route.ts';
import { forgetUserData } from './query-client.ts';

interface Navigator {
  navigate(to: string, options?: { replace?: boolean; state?: ErrorPageState }): Promise<void> | void;
}

/**
 * Carries out the spec §8 routing the API client decides: sign-out, login, error pages and the
 * permission modal. Returns the function that uninstalls it.
 */
export function installErrorRouting(router: Navigator, queryClient: QueryClient): () => void {
  return setErrorRouteHandler((action, error) => {
    switch (action.kind) {
      // The signed-in pages are left before their data is forgotten (forgetting it while they are
      // shown would fetch it again, and fail again).
      case 'sign-out':
        dropCallPreloads();
        void Promise.resolve(router.navigate('/login', { replace: true })).then(() => forgetUserData(queryClient));
        return;
      case 'login':
        if (window.location.pathname === '/login') return;
        // The page's preloaded first calls it did not take would answer it, signed out, after sign-in.
        dropCallPreloads();
        void Promise.resolve(router.navigate(action.to, { replace: true })).then(() =>
          queryClient.removeQueries({ queryKey: ['session'] }),
        );
        return;
      case 'navigate':
        // The error page replaces the failed one; it remembers it so "Retry" can go back there.
        void router.navigate(action.to, {
          replace: true,
          state: { from: `${window.location.pathname}${window.location.search}` },
        });
        return;
      case 'permission-modal':
        // The modal (with the role catalogue it explains) loads when first needed, not with the console.
        // Its texts (the conditions' words) are first-paint messages: it opens on any page, at once.
        void import('./feedback/permission-error-modal.tsx').then(({ openPermissionErrorModal }) =>
          openPermissionErrorModal(action.neededPermissions, action.neededRoles, { ...error.permissionDetails, clientIp: error.clientIp }),
        );
        return;
    }
  });
}
