import type { BodyOf } from '@console/contracts/endpoint';
import {
  getCountryIpAcl,
  getIpAcl,
  listBreakGlassEvents,
  listGovernances,
  previewLockout,
  saveCountryIpAcl,
  saveGovernance,
  saveIpAcl,
} from '@console/contracts/refs/governance';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Query keys: the organization first (house style), then the governance area. */
export const governanceKeys = {
  all: (orgId: string) => ['org', orgId, 'governance'] as const,
  ipAcl: (orgId: string, productId = '') => ['org', orgId, 'governance', 'ip-acl', productId] as const,
  country: (orgId: string) => ['org', orgId, 'governance', 'country'] as const,
  settings: (orgId: string) => ['org', orgId, 'governance', 'settings'] as const,
  breakGlass: (orgId: string) => ['org', orgId, 'governance', 'break-glass'] as const,
};

/** The console's IP ACL, or (productId) one service's own list under the INDIVIDUAL type. */
export const ipAclQuery = (orgId: string, productId?: string) =>
  queryOptions({
    queryKey: governanceKeys.ipAcl(orgId, productId),
    queryFn: (context) => callApi(getIpAcl, { params: { orgId }, query: productId ? { productId } : {}, ...fromQuery(context) }),
    select: (data) => data.ipAcl,
  });

export const countryRuleQuery = (orgId: string) =>
  queryOptions({
    queryKey: governanceKeys.country(orgId),
    queryFn: (context) => callApi(getCountryIpAcl, { params: { orgId }, ...fromQuery(context) }),
    select: (data) => data.countryIpAcl,
  });

export const governancesQuery = (orgId: string) =>
  queryOptions({
    queryKey: governanceKeys.settings(orgId),
    queryFn: (context) => callApi(listGovernances, { query: { scopeType: 'ORG', scopeId: orgId }, ...fromQuery(context) }),
    select: (data) => data.governances,
  });

export const breakGlassQuery = (orgId: string) =>
  queryOptions({
    queryKey: governanceKeys.breakGlass(orgId),
    queryFn: (context) => callApi(listBreakGlassEvents, { params: { orgId }, ...fromQuery(context) }),
    select: (data) => data.events,
  });

/** Who a proposed rule would lock out (asked before every save of an IP or country rule). */
export const askLockout = (orgId: string, body: BodyOf<typeof previewLockout>) => callApi(previewLockout, { params: { orgId }, body });

export const useSaveIpAclMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveIpAcl>) => callApi(saveIpAcl, { params: { orgId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: governanceKeys.all(orgId) }),
  });
};

export const useSaveCountryRuleMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveCountryIpAcl>) => callApi(saveCountryIpAcl, { params: { orgId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: governanceKeys.all(orgId) }),
  });
};

export const useSaveGovernanceMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<BodyOf<typeof saveGovernance>, 'scopeType' | 'scopeId'>) =>
      callApi(saveGovernance, { body: { scopeType: 'ORG', scopeId: orgId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: governanceKeys.all(orgId) }),
  });
};
