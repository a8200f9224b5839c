import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Outlet } from 'react-router';
import { ToastFlashbar } from '../feedback/ToastFlashbar.tsx';
import { ChromeBanner } from './ChromeBanner.tsx';
import { LanguageSelector, TopBar } from './TopBar.tsx';

/**
 * Pages that need no session (sign-in, error pages): the top bar with the language selector,
 * without the console's AppLayout.
 */
export function PublicLayout() {
  return (
    <>
      <div data-testid="top-navigation">
        <TopBar end={<LanguageSelector />} />
      </div>
      <Box padding={{ horizontal: 'l', vertical: 'l' }}>
        <SpaceBetween size="l">
          <SpaceBetween size="xs">
            <ChromeBanner />
            <ToastFlashbar />
          </SpaceBetween>
          <main>
            <Outlet />
          </main>
        </SpaceBetween>
      </Box>
    </>
  );
}
