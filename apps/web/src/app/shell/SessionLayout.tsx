import Box from '@cloudscape-design/components/box';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../../shared/session/session.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../shared/ui/PageSpinner.tsx';
import { AppShell } from './AppShell.tsx';

/**
 * Signed-in routes: the session loads first. Without one the API answers 100 and the client sends
 * the browser to /login?nextUrl=…; the shell renders only with a session.
 */
export function SessionLayout() {
  const session = useQuery(sessionQuery());
  if (session.isPending) return <PageSpinner />;
  if (session.isError) {
    return (
      <Box padding="xxl">
        <ErrorState error={session.error} onRetry={() => void session.refetch()} />
      </Box>
    );
  }
  return <AppShell session={session.data} />;
}
