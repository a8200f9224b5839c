import type { Callable, ResponseOf } from '@console/contracts/endpoint';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery, type CallInput } from '../shared/api/client.ts';

/**
 * The data layer of a small resource, straight from its endpoint refs (issue 19): a read and the
 * changes that refresh it, with no folder of its own under data/. A resource whose keys, caches or
 * answers are shaped by hand (several reads refreshed together, answers written into the cache)
 * keeps its folder (`data/<resource>/`).
 *
 * A key begins with the organization or project the call names (`['org', orgId, <endpoint id>, …]`,
 * `['project', projectId, …]`, else `['me', …]`), so the invalidations of organization and project
 * data refresh it too.
 */
export function endpointKey(endpoint: Callable, params?: unknown): readonly string[] {
  const named = (params ?? {}) as { readonly orgId?: unknown; readonly projectId?: unknown };
  if (typeof named.projectId === 'string') return ['project', named.projectId, endpoint.id];
  if (typeof named.orgId === 'string') return ['org', named.orgId, endpoint.id];
  return ['me', endpoint.id];
}

/** `callApi` with its input as one argument (a generic endpoint's input is neither known optional nor required). */
const call = callApi as <E extends Callable>(endpoint: E, input: CallInput<E>) => Promise<ResponseOf<E>>;

/** A read: asked again whenever a page shows it (staleTime 0), the last answer kept while the next page loads. */
export const endpointQuery = <E extends Callable>(endpoint: E, input: CallInput<E>) =>
  queryOptions({
    queryKey: [...endpointKey(endpoint, input.params), { params: input.params, query: input.query }] as const,
    queryFn: (context) => call(endpoint, { ...input, ...fromQuery(context) }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/**
 * A change (the mutation's variables are the call's params, body and options); once it succeeds,
 * the reads it `refreshes` in the same organization or project are asked again.
 */
export function useEndpointMutation<E extends Callable>(endpoint: E, options: { readonly refreshes: readonly Callable[] }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<E>) => call(endpoint, input),
    onSuccess: (_answer, input) =>
      Promise.all(options.refreshes.map((read) => queryClient.invalidateQueries({ queryKey: endpointKey(read, input.params) }))),
  });
}
