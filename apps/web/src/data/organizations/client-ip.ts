import { getClientIp } from '@console/contracts/refs/organizations';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/**
 * The caller's IP address and access country as the server sees them (spec §2: the IP error page
 * shows both). Public and asked once per visit of the page; a failure leaves what the address says.
 */
export const clientIpQuery = () =>
  queryOptions({
    queryKey: ['public', 'client-ip'] as const,
    queryFn: (context) => callApi(getClientIp, { routeErrors: false, ...fromQuery(context) }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
