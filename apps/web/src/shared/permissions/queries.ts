import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../api/client.ts';

/**
 * The caller's roles and effective permissions in one organization or project (GET self/roles).
 * Keys begin with the tenant, so a mutation that invalidates ['org', orgId] refreshes them too.
 */
export const orgSelfRolesQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['org', orgId, 'self-roles'] as const,
    queryFn: (context) => callApi(getOrgSelfRoles, { params: { orgId }, ...fromQuery(context) }),
  });

export const projectSelfRolesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['project', projectId, 'self-roles'] as const,
    queryFn: (context) => callApi(getProjectSelfRoles, { params: { projectId }, projectId, ...fromQuery(context) }),
  });
