import type { SupportTeamMember } from '@console/contracts/organizations';
import { getOrgSupportTeam, searchOrgSupportTeamCandidates, updateOrgSupportTeam } from '@console/contracts/refs/organizations';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';
import { orgKeys } from './keys.ts';

const teamKey = (orgId: string) => [...orgKeys.detail(orgId), 'support-team'] as const;

export const supportTeamQuery = (orgId: string) =>
  queryOptions({
    queryKey: teamKey(orgId),
    queryFn: (context) => callApi(getOrgSupportTeam, { params: { orgId }, ...fromQuery(context) }),
    select: (data) => data.supportTeam,
  });

/** Members of the organization matching what the user typed (the server searches). */
export const supportTeamCandidatesQuery = (orgId: string, keyword: string) =>
  queryOptions({
    queryKey: [...teamKey(orgId), 'candidates', keyword] as const,
    queryFn: (context) =>
      callApi(searchOrgSupportTeamCandidates, { params: { orgId }, query: { keyword, limit: 20 }, ...fromQuery(context) }),
    select: (data) => data.candidates,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useUpdateSupportTeamMutation = (orgId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['org', orgId, 'support-team', 'update'],
    mutationFn: (members: Pick<SupportTeamMember, 'memberType' | 'memberUuid'>[]) =>
      callApi(updateOrgSupportTeam, { params: { orgId }, body: { members } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(teamKey(orgId), answer);
      return queryClient.invalidateQueries({ queryKey: [...orgKeys.detail(orgId), 'activities'] });
    },
  });
};
