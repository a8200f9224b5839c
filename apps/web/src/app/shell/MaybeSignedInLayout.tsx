import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionProbeQuery, sessionQuery } from '../../shared/session/session.ts';
import { onDemand } from '../../shared/ui/on-demand.tsx';
import { PageSpinner } from '../../shared/ui/PageSpinner.tsx';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * The signed-in shell (AppLayout, the side navigation's loader, breadcrumbs…) is not in these
 * pages' first paint (issue 16): a signed-out visitor of an unknown address never needs it. Its
 * chunk is requested as this module loads, beside the session probe, so a signed-in visitor
 * waits for no extra round trip.
 */
const AppShell = onDemand(() => import('./AppShell.tsx').then((module) => module.AppShell), { now: true, shell: true });

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
