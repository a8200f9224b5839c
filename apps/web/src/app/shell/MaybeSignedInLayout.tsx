import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionProbeQuery, sessionQuery } from '../../shared/session/session.ts';
import { PageSpinner } from '../../shared/ui/PageSpinner.tsx';
import { AppShell } from './AppShell.tsx';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * Pages anyone may reach (error pages, the not-found page): inside the console's shell (top bar,
 * navigation) when someone is signed in, in the public frame otherwise. A session the console
 * already holds is used as is; otherwise the session is asked for once, and a signed-out visitor
 * (100) is an answer, not a reason to go to sign-in.
 */
export function MaybeSignedInLayout() {
  const queryClient = useQueryClient();
  const known = queryClient.getQueryData(sessionQuery().queryKey)?.session;
  const probe = useQuery({ ...sessionProbeQuery(), enabled: known === undefined });
  if (known) return <AppShell session={known} />;
  if (probe.isPending) return <PageSpinner />;
  return probe.data ? <AppShell session={probe.data} /> : <PublicLayout />;
}
