import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { dispatchDeferredErrorRoute } from '../shared/api/error-dispatch.ts';
import { shouldRetry } from '../shared/api/retry.ts';

/** Spec §9: answers are reused for 60 s by default. */
const DEFAULT_STALE_TIME_MS = 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // A query that failed for good carries out the routing its last error was held back for.
    queryCache: new QueryCache({ onError: (error) => dispatchDeferredErrorRoute(error) }),
    mutationCache: new MutationCache({ onError: (error) => dispatchDeferredErrorRoute(error) }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Forgets everything of the signed-in user (sign-in, sign-out), keeping public data (config, texts). */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
}
