import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Navigate, useLocation } from 'react-router';
import type { ErrorPageState } from '../api/error-route.ts';
import { ErrorState } from '../ui/ErrorState.tsx';
import { PageSpinner } from '../ui/PageSpinner.tsx';
import { ipAccessQuery, ipAclErrorPath } from './ip-access.ts';

/**
 * Renders an organization's or project's pages only once the organization's IP access rule lets
 * the caller in; otherwise sends the browser to the IP error page (spec §2).
 */
export function IpAccessGate({ orgId, children }: { orgId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const check = useQuery(ipAccessQuery(orgId));
  if (check.isPending) return <PageSpinner label={t('access.checking')} />;
  if (check.isError) return <ErrorState error={check.error} onRetry={() => void check.refetch()} />;
  if (!check.data.allowed) {
    const state: ErrorPageState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={ipAclErrorPath(check.data.clientIp)} replace state={state} />;
  }
  return children;
}
