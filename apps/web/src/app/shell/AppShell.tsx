import AppLayout from '@cloudscape-design/components/app-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Session } from '@console/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { Outlet, useNavigate } from 'react-router';
import { useSignOutMutation } from '../../data/auth/mutations.ts';
import { safeLocalPath } from '../../features/auth/navigation.ts';
import { orgProjectsQuery } from '../../data/organizations/queries.ts';
import { useCreateOrganization } from '../../widgets/creation/use-create-organization.tsx';
import { useAppliedAppearance } from '../../shared/appearance/appearance.ts';
import { useAppliedExperiments } from '../../shared/experiments/experiments.ts';
import { Turn, useTurns } from '../../shared/hooks/use-in-turns.tsx';
import { useMarkPageShown, usePagePainted } from '../../shared/lib/page-painted.ts';
import { useLocalStorage } from '../../shared/hooks/use-local-storage.ts';
import { STORAGE_KEYS } from '../../shared/lib/storage.ts';
import { onDemand } from '../../shared/ui/on-demand.tsx';
import { progress } from '../../shared/ui/progress.ts';
import { toasts } from '../../shared/ui/toasts.ts';
import { PaletteLauncher } from '../command-palette/PaletteLauncher.tsx';
import { ToastFlashbar } from '../feedback/ToastFlashbar.tsx';
import { forgetUserData } from '../query-client.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ChromeBanner } from './ChromeBanner.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { useScope, type Scope } from './scope.ts';
import { MyMenu, OrgSwitcher, RegionSelector, TopBar } from './TopBar.tsx';
import { useRegionSelection } from './use-region-selection.ts';

/**
 * The side navigation's code (Cloudscape's SideNavigation and ExpandableSection, ≈ 8 KiB gzip) is
 * not in the first paint (issue 16): it is requested once the page has been shown (onDemand's `now`
 * on the document's first page, shared/lib/page-painted.ts), so the page's header, the LCP element,
 * neither waits for it nor shares its connections with it, and AppLayout keeps the panel's width,
 * so nothing moves when the links appear.
 */
const SideNav = onDemand(() => import('./SideNav.tsx').then((module) => module.SideNav), { now: true });

/**
 * Beside the page in its turn: once the frame that shows the page has been shown, what waits for
 * the page starts (shared/lib/page-painted.ts: the shell's own calls and code, the page's parts).
 */
function PageShownMark() {
  useMarkPageShown(MAIN_CONTENT_ID);
  return null;
}

/**
 * The organization switcher with the current organization's projects, which show only when its
 * menu opens: asked once the page has been shown (shared/lib/page-painted.ts), and their answer
 * renders the switcher alone, not the whole shell.
 */
function ShellOrgSwitcher({ scope, onCreateOrganization }: { scope: Scope; onCreateOrganization: () => void }) {
  const pagePainted = usePagePainted();
  const projects = useQuery({ ...orgProjectsQuery(scope.orgId ?? ''), enabled: scope.orgId !== undefined && pagePainted });
  return (
    <OrgSwitcher orgs={scope.orgs ?? []} org={scope.org} project={scope.project} projects={projects.data ?? []} onCreateOrganization={onCreateOrganization} />
  );
}

const TOP_NAVIGATION_ID = 'console-top-navigation';
const topNavigationStyle = { position: 'sticky', top: 0, zIndex: 1002 } as const;
/** The content takes focus from the skip link; the outline of a whole page would only distract. */
const mainContentStyle = { outline: 'none' } as const;

/** The signed-in console (spec §2): top navigation, side navigation, breadcrumbs, notifications. */
export function AppShell({ session }: { session: Session }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scope = useScope();
  const region = useRegionSelection(scope.orgId);
  const signOut = useSignOutMutation();
  const createOrganization = useCreateOrganization();
  const [navigationOpenValue, setNavigationOpen] = useLocalStorage(STORAGE_KEYS.sideNavigationOpen);
  useAppliedExperiments(session.uuid);
  useAppliedAppearance(session.uuid);
  // The page mounts in the task after the shell's (shared/hooks/use-in-turns.tsx): with its first
  // calls preloaded in the HTML (platform/first-calls.ts) its data is in hand at the first render,
  // and the shell and the whole page in one task were the longest task of the load. Once mounted,
  // the page follows the address at once (the turn is taken once per shell).
  const turns = useTurns();

  const onSignOut = async () => {
    try {
      const answer = await progress.track(signOut.mutateAsync({}));
      // Leave the signed-in pages first: forgetting their data while they are shown refetches it.
      await navigate(safeLocalPath(answer.returnUrl) ?? '/login', { replace: true });
      forgetUserData(queryClient);
    } catch {
      toasts.show({ type: 'error', content: t('auth.logout.failed') });
    }
  };

  return (
    <>
      <Turn turns={turns} index={0}>
        <SkipLink />
      </Turn>
      <div id={TOP_NAVIGATION_ID} style={topNavigationStyle} data-testid="top-navigation">
        <TopBar
          start={<ShellOrgSwitcher scope={scope} onCreateOrganization={() => void createOrganization()} />}
          end={
            <>
              <PaletteLauncher scope={scope} />
              {scope.orgId ? (
                <RegionSelector regions={region.regions} selected={region.selected} onSelect={region.select} />
              ) : null}
              <MyMenu session={session} onSignOut={() => void onSignOut()} />
            </>
          }
        />
      </div>
      <AppLayout
        headerSelector={`#${TOP_NAVIGATION_ID}`}
        navigation={<SideNav scope={scope} />}
        navigationOpen={navigationOpenValue !== '0'}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open ? '1' : '0')}
        breadcrumbs={<Breadcrumbs scope={scope} />}
        notifications={
          <SpaceBetween size="xs">
            <ChromeBanner />
            <ToastFlashbar />
          </SpaceBetween>
        }
        content={
          <div id={MAIN_CONTENT_ID} tabIndex={-1} style={mainContentStyle}>
            <Turn turns={turns} index={1}>
              <Outlet />
              <PageShownMark />
            </Turn>
          </div>
        }
        toolsHide
        ariaLabels={{
          navigation: t('shell.appLayout.navigation'),
          navigationClose: t('shell.appLayout.navigationClose'),
          navigationToggle: t('shell.appLayout.navigationToggle'),
          notifications: t('shell.appLayout.notifications'),
        }}
      />
    </>
  );
}
