import type { SilenceBody } from '@console/contracts/silences';
import { createOrgSilence, createSilence, deleteOrgSilence, deleteSilence, listOrgSilences, listSilences } from '@console/contracts/refs/silences';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/**
 * Whose silences: a project's (its alarms, its receiver groups for its alarms), or the
 * organization's (an alarm of any of its projects; its own receiver groups, for every project).
 */
export type SilenceScope = { kind: 'org'; orgId: string } | { kind: 'project'; projectId: string };
const keyOf = (scope: SilenceScope) => (scope.kind === 'org' ? ['org', scope.orgId] : ['project', scope.projectId]);

/** The scope's silences not yet over (alarms and receiver groups; widgets/silences makes new ones). */
export const silencesQuery = (scope: SilenceScope) =>
  queryOptions({
    queryKey: [...keyOf(scope), 'silences'] as const,
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(listOrgSilences, { params: { orgId: scope.orgId }, ...fromQuery(context) })
        : callApi(listSilences, { params: { projectId: scope.projectId }, projectId: scope.projectId, ...fromQuery(context) }),
  });

/** Makes a silence in the scope. */
export const createSilenceIn = (scope: SilenceScope, body: SilenceBody) =>
  scope.kind === 'org' ? callApi(createOrgSilence, { params: { orgId: scope.orgId }, body }) : callApi(createSilence, { params: { projectId: scope.projectId }, body });

/** What a silence changes: the scope's alarms and silences (and, from the organization, every project's). */
export const invalidateSilences = (client: ReturnType<typeof useQueryClient>, scope: SilenceScope) =>
  Promise.all([client.invalidateQueries({ queryKey: keyOf(scope) }), scope.kind === 'org' ? client.invalidateQueries({ queryKey: ['project'] }) : undefined]);

/** Ends a silence now (what it muted is notified again from the next state change). */
export function useEndSilence(scope: SilenceScope) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (silenceId: string) =>
      scope.kind === 'org' ? callApi(deleteOrgSilence, { params: { orgId: scope.orgId, silenceId } }) : callApi(deleteSilence, { params: { projectId: scope.projectId, silenceId } }),
    onSuccess: () => invalidateSilences(client, scope),
  });
}
