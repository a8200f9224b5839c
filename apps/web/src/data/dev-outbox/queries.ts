import { listDevOutbox, listDevSmsOutbox } from '@console/contracts/refs/console';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/**
 * Whether this installation keeps mails in a dev outbox (no SMTP): the API answers NOT_FOUND when it
 * sends them. Asked once per session; a failure means "not available", never a move elsewhere.
 */
export const devOutboxAvailableQuery = () =>
  queryOptions({
    queryKey: ['me', 'dev-outbox', 'available'] as const,
    queryFn: async (context) => {
      try {
        await callApi(listDevOutbox, { query: { page: 1, limit: 1 }, routeErrors: false, ...fromQuery(context) });
        return true;
      } catch (error) {
        if (isApiError(error)) return false;
        throw error;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * One page of mails: the caller's own (no orgId), or an organization's (its OWNER and ADMINs).
 * A refusal stays on the page (routeErrors false).
 */
export const devOutboxQuery = (orgId: string | undefined, page: number, limit: number) =>
  queryOptions({
    queryKey: orgId ? (['org', orgId, 'dev-outbox', { page, limit }] as const) : (['me', 'dev-outbox', { page, limit }] as const),
    queryFn: (context) =>
      callApi(listDevOutbox, { query: { ...(orgId ? { orgId } : {}), page, limit }, routeErrors: false, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** One page of text messages kept in the SMS outbox, by the same scopes as the mails. */
export const devSmsOutboxQuery = (orgId: string | undefined, page: number, limit: number) =>
  queryOptions({
    queryKey: orgId ? (['org', orgId, 'dev-outbox', 'sms', { page, limit }] as const) : (['me', 'dev-outbox', 'sms', { page, limit }] as const),
    queryFn: (context) =>
      callApi(listDevSmsOutbox, { query: { ...(orgId ? { orgId } : {}), page, limit }, routeErrors: false, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
