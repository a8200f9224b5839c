import { validateIpAcl } from '@console/contracts/refs/organizations';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../api/client.ts';

/**
 * How long an answer stands for the area's gate: long enough for the answer the route's loader
 * got as the document opened (data/prefetch/area-access.ts) to be the gate's when it mounts — one
 * round trip less before every organization or project page's first paint (issue 16) — and short
 * enough that entering the area later asks again. The API applies the rule to every call anyway;
 * the gate only decides what to show.
 */
export const IP_ACCESS_ANSWER_MS = 10_000;

/**
 * Whether the caller's IP may use an organization. Asked again each time an organization or
 * project area is entered, unless the route's loader asked within IP_ACCESS_ANSWER_MS, so a fixed
 * rule takes effect at once (Retry on the IP error page drops the answer and asks again).
 */
export const ipAccessQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org', orgId, 'ip-acl'] as const,
    queryFn: (context) => callApi(validateIpAcl, { params: { orgId }, ...fromQuery(context) }),
    staleTime: IP_ACCESS_ANSWER_MS,
    gcTime: IP_ACCESS_ANSWER_MS,
  });

/** The IP error page for an address the organization does not allow. */
export const ipAclErrorPath = (clientIp: string | undefined) =>
  clientIp ? `/error/ip-acl?${new URLSearchParams({ clientIp }).toString()}` : '/error/ip-acl';
