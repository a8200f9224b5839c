import {
  createOrganization,
  createOrgDomain,
  deleteOrganization,
  transferOrganizationOwnership,
  updateOrganization,
  updateOrgDomain,
  updateOrgRegions,
} from '@console/contracts/refs/organizations';
import { createProject } from '@console/contracts/refs/projects';
import type { BodyOf } from '@console/contracts/endpoint';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client.ts';
import { projectKeys } from '../projects/keys.ts';
import { orgKeys } from './keys.ts';
import { markRegionsChanged } from './queries.ts';

export const useCreateOrganizationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['orgs', 'create'],
    mutationFn: (orgName: string) => callApi(createOrganization, { body: { org: { orgName } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.lists() }),
  });
};

/** The organization's time zone (sent with its name, as the organization's PUT wants both). */
export const useUpdateOrgTimeZoneMutation = (org: { orgId: string; orgName: string }) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', org.orgId, 'time-zone'],
    mutationFn: (timeZone: string) =>
      callApi(updateOrganization, { params: { orgId: org.orgId }, body: { org: { orgName: org.orgName, timeZone } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.detail(org.orgId) }),
  });
};

export const useRenameOrganizationMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'rename'],
    mutationFn: (orgName: string) => callApi(updateOrganization, { params: { orgId }, body: { org: { orgName } } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.lists() }),
        // Project lists across organizations carry the organization's name.
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]),
  });
};

/** Sets the organization's domain: adds it when it has none, else changes it. */
export const useSaveOrgDomainMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'domain'],
    mutationFn: ({ domainId, domainName }: { domainId: string | undefined; domainName: string }) =>
      domainId
        ? callApi(updateOrgDomain, { params: { orgId, domainId }, body: { domainName } })
        : callApi(createOrgDomain, { params: { orgId }, body: { domainName } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.list() }),
      ]),
  });
};

export const useUpdateOrgRegionsMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'regions', 'update'],
    mutationFn: (body: BodyOf<typeof updateOrgRegions>) => callApi(updateOrgRegions, { params: { orgId }, body }),
    onSuccess: (answer) => {
      markRegionsChanged(orgId);
      // The answer is the new list: no need to ask (and the browser may hold the old one for 60 s).
      queryClient.setQueryData(orgKeys.regions(orgId), answer);
    },
  });
};

export const useDeleteOrganizationMutation = (orgId: string) =>
  useMutation({
    mutationKey: ['org', orgId, 'delete'],
    mutationFn: (orgName: string) => callApi(deleteOrganization, { params: { orgId }, body: { orgName } }),
  });

/**
 * Forgets a deleted organization after its pages were left: lists are asked again, and data no
 * page still watches is dropped (a page not yet unmounted would ask for removed data again).
 */
export async function forgetOrganization(queryClient: QueryClient, orgId: string): Promise<void> {
  queryClient.removeQueries({ queryKey: orgKeys.detail(orgId), type: 'inactive' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orgKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
  ]);
}

/** Creates a project in an organization (Organization.Project.Create, within its project limit). */
export const useCreateProjectMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'create'],
    mutationFn: (body: BodyOf<typeof createProject>) => callApi(createProject, { body }),
    onSuccess: (_answer, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.projects(body.orgId) }),
        // The dashboard's recent activity shows the new project.
        queryClient.invalidateQueries({ queryKey: [...orgKeys.detail(body.orgId), 'activities'] }),
        // The organization's project count (infos) and the caller's project lists.
        queryClient.invalidateQueries({ queryKey: orgKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.lists() }),
      ]),
  });
};

/** Hands the organization to another cloud member (OWNER only): they become OWNER, the caller ADMIN. */
export const useTransferOrganizationMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'owner'],
    mutationFn: (ownerUuid: string) => callApi(transferOrganizationOwnership, { params: { orgId }, body: { ownerUuid } }),
    // ['org', orgId] holds its members and the caller's self/roles; the lists show the owner.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.lists() }),
      ]),
  });
};
