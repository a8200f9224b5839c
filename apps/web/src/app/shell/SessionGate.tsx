import Box from '@cloudscape-design/components/box';
import type { Session } from '@console/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionQuery } from '../../shared/session/session.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../shared/ui/PageSpinner.tsx';

/**
 * Renders what is inside only once the session has loaded: a spinner before, the error with a
 * retry if it fails. The signed-in pages below it read the session with `useSession()` (a suspense
 * query) and so never suspend: this gate, not a `<Suspense>`, is what holds them, the same on
 * React and on Preact (on Preact a page that suspended with no `<Suspense>` above would reach the
 * route's error boundary). The web tests render signed-in pages inside it as well
 * (`renderConsole(…, { signedIn: true })`).
 */
export function SessionGate({ children }: { children: (session: Session) => ReactNode }) {
  const session = useQuery(sessionQuery());
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <Box padding="xxl">
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </Box>
    );
  }
  return children(session.data);
}
