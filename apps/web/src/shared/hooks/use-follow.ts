import { useCallback } from 'react';
import { useNavigate } from 'react-router';

interface FollowEvent {
  preventDefault(): void;
  detail: { href?: string | undefined; external?: boolean | undefined };
}

/**
 * Cloudscape links, breadcrumbs and side navigation render real `href`s; this turns a plain click
 * into client-side navigation (modified clicks still open a new tab, as Cloudscape leaves those).
 */
export function useFollow() {
  const navigate = useNavigate();
  return useCallback(
    (event: FollowEvent) => {
      const href = event.detail.href;
      if (!href || event.detail.external || !href.startsWith('/')) return;
      event.preventDefault();
      void navigate(href);
    },
    [navigate],
  );
}
