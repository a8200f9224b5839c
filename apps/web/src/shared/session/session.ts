import { getSession, type Session } from '@console/contracts/auth';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
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
