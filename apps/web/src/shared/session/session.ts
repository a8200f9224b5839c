import type { Session } from '@console/contracts/auth';
import { getSession } from '@console/contracts/refs/auth';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { callApi, fromQuery } from '../api/client.ts';

/** The signed-in caller. Without a session the API answers 100 and the client goes to login. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'] as const,
    queryFn: (context) => callApi(getSession, fromQuery(context)),
    select: (data) => data.session,
    staleTime: 5 * 60_000,
  });

/** The session inside signed-in routes (the session layout renders them only once it has loaded). */
export function useSession(): Session {
  return useSuspenseQuery(sessionQuery()).data;
}

/** Who is signed in, if anyone: a signed-out visitor (100) is an answer here, not a reason to go to sign-in. */
export const sessionProbeQuery = () =>
  queryOptions({
    queryKey: ['public', 'session-probe'] as const,
    queryFn: async (context) => {
      try {
        const { session } = await callApi(getSession, { routeErrors: false, ...fromQuery(context) });
        return session;
      } catch (error) {
        if (isApiError(error) && (error.code === '100' || error.code === '5001')) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
