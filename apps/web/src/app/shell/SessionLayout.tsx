import { AppShell } from './AppShell.tsx';
import { SessionGate } from './SessionGate.tsx';

/**
 * Signed-in routes: the session loads first. Without one the API answers 100 and the client sends
 * the browser to /login?nextUrl=…; the shell renders only with a session.
 */
export function SessionLayout() {
  return <SessionGate>{(session) => <AppShell session={session} />}</SessionGate>;
}
