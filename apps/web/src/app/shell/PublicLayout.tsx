import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { Outlet } from 'react-router';
import { useMarkPageShown } from '../../shared/lib/page-painted.ts';
import { ToastFlashbar } from '../feedback/ToastFlashbar.tsx';
import { ChromeBanner } from './ChromeBanner.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { LanguageSelector, TopBar } from './TopBar.tsx';

/**
 * Pages that need no session (sign-in, error pages): the top bar with the language selector,
 * without the console's AppLayout.
 */
export function PublicLayout() {
  // The page renders with this layout: once shown, what waits for it starts (shared/lib/page-painted.ts).
  useMarkPageShown(MAIN_CONTENT_ID);
  return (
    <>
      <SkipLink />
      <div data-testid="top-navigation">
        <TopBar end={<LanguageSelector />} />
      </div>
      <Box padding={{ horizontal: 'l', vertical: 'l' }}>
        <SpaceBetween size="l">
          <SpaceBetween size="xs">
            <ChromeBanner />
            <ToastFlashbar />
          </SpaceBetween>
          <main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
            <Outlet />
          </main>
        </SpaceBetween>
      </Box>
    </>
  );
}
