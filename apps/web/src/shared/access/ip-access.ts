import { validateIpAcl } from '@console/contracts/refs/organizations';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../api/client.ts';

/**
 * Whether the caller's IP may use an organization. Asked again each time an organization or
 * project area is entered (never served from an old answer), so a fixed rule takes effect at once.
 */
export const ipAccessQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org', orgId, 'ip-acl'] as const,
    queryFn: (context) => callApi(validateIpAcl, { params: { orgId }, ...fromQuery(context) }),
    staleTime: 0,
    gcTime: 0,
  });

/** The IP error page for an address the organization does not allow. */
export const ipAclErrorPath = (clientIp: string | undefined) =>
  clientIp ? `/error/ip-acl?${new URLSearchParams({ clientIp }).toString()}` : '/error/ip-acl';
