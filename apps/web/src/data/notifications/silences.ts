import { deleteSilence, listSilences } from '@console/contracts/refs/alarms';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** A project's silences not yet over (alarms and receiver groups; widgets/silences makes new ones). */
export const silencesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['project', projectId, 'silences'] as const,
    queryFn: (context) => callApi(listSilences, { params: { projectId }, projectId, ...fromQuery(context) }),
  });

/** Ends a silence now (what it muted is notified again from the next state change). */
export function useEndProjectSilence(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (silenceId: string) => callApi(deleteSilence, { params: { projectId, silenceId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['project', projectId] }),
  });
}
