import Box from '@cloudscape-design/components/box';
import type { ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import type { Session } from '@console/contracts/auth';
import { isLocale, type Locale } from '@console/contracts/locales';
import type { Organization, OrgRegion, Project } from '@console/contracts/organizations';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { devOutboxAvailableQuery } from '../../data/dev-outbox/queries.ts';
import { DENSITIES, THEMES, useAppearance } from '../../shared/appearance/appearance.ts';
import { useConsoleConfig } from '../../shared/config/console-config.ts';
import { usePagePainted } from '../../shared/lib/page-painted.ts';
import { LOCALE_NAMES } from '../../shared/i18n/locale-names.ts';
import { useLocale } from '../../shared/i18n/LocaleProvider.tsx';
import { regionLabel } from '../../shared/regions/region-label.ts';
import { paths } from '../../shared/paths.ts';
import { MenuButton as ButtonDropdown } from '../../shared/ui/MenuButton.tsx';

/**
 * One row on a wide window; on a narrow one (a phone) the controls that do not fit move to a next
 * row instead of squeezing their labels a letter per line and pushing the my-menu off the screen.
 */
const barStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 12,
  minBlockSize: 56,
  paddingInline: 20,
  paddingBlock: 8,
  boxSizing: 'border-box',
} as const;
const identityStyle = { color: 'inherit', textDecoration: 'none', whiteSpace: 'nowrap' } as const;
/** The controls on the end side: pushed to the end of the row, kept together, right-aligned when they wrap. */
const endStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: 12,
  marginInlineStart: 'auto',
} as const;

/**
 * What Cloudscape's custom-content TopNavigation draws around its children (its `top-navigation`
 * class, top-navigation/styles.scoped.css of the installed version: TopBar.test.tsx compares them),
 * under the `awsui-context-top-navigation` visual context that gives the bar its colours in light
 * and dark mode. Cloudscape's TopNavigation module also carries its structured variant (overflow
 * menu, utilities, menu dropdowns, popovers), none of which this bar uses: drawing the frame here
 * keeps those out of every page's first paint (issue 16). The CSS variables are the installed
 * Cloudscape's (their names carry its build's hash).
 */
export const topNavigationFrameStyle = {
  boxSizing: 'border-box',
  fontSize: 'var(--font-size-body-m-tq5a14, 14px)',
  lineHeight: 'var(--line-height-body-m-5xw6xo, 20px)',
  color: 'var(--color-text-body-default-b2us04, #0f141a)',
  fontWeight: 'var(--font-weight-normal-fr92v6, 400)',
  fontFamily: 'var(--font-family-base-c9u5cr, "Open Sans", "Helvetica Neue", Roboto, Arial, sans-serif)',
  background: 'var(--color-background-container-content-mjfil9, #ffffff)',
  borderBlockEnd: 'var(--border-divider-section-width-dlkb8v, 1px) solid var(--color-border-divider-default-diwd4w, #c6c6cd)',
} as const;

/**
 * The console's top bar: product identity on the left, then the given controls, each rendered
 * once with one stable `data-testid`. The frame is Cloudscape's custom-content top navigation's
 * (a `<header>` landmark in the top-navigation visual context, `topNavigationFrameStyle`); the menus
 * are `MenuButton`s, whose dropdown code loads after the first paint.
 */
export function TopBar({ start, end }: { start?: ReactNode; end: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="awsui-context-top-navigation">
      <header style={topNavigationFrameStyle}>
      <div style={barStyle}>
        <a
          href="/"
          style={identityStyle}
          data-testid="top-navigation-identity"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            void navigate('/');
          }}
        >
          <Box variant="span" fontWeight="bold" fontSize="heading-s" color="inherit">
            {t('common.productName')}
          </Box>
        </a>
        {start}
        <div style={endStyle}>{end}</div>
      </div>
      </header>
    </div>
  );
}

type ItemClick = NonNullable<ButtonDropdownProps['onItemClick']>;

/**
 * An entry of a one-of choice (language, region, theme, density): the current one shows a check
 * mark and is `aria-checked` (Cloudscape's checkbox item, a `menuitemcheckbox`), so that a screen
 * reader tells which one is chosen; a plain item's check icon is hidden from it.
 */
const chosen = (checked: boolean) => ({ itemType: 'checkbox' as const, checked });

/** The language selector; absent when the edition offers one language. */
export function LanguageSelector() {
  const { t } = useTranslation();
  const config = useConsoleConfig();
  const { locale, changeLocale } = useLocale();
  if (config.languages.length < 2) return null;
  const onItemClick: ItemClick = ({ detail }) => {
    const next = detail.id.replace(/^language-/, '');
    if (isLocale(next) && next !== locale) void changeLocale(next);
  };
  return (
    <ButtonDropdown
      // The accessible name starts with what the button shows (WCAG 2.5.3, axe label-content-name-mismatch).
      ariaLabel={`${LOCALE_NAMES[locale]}, ${t('language.label')}`}
      expandToViewport
      nativeTriggerAttributes={{ 'data-testid': 'language-selector', lang: locale.slice(0, 2) }}
      items={config.languages.map((language: Locale) => ({
        id: `language-${language}`,
        text: LOCALE_NAMES[language],
        lang: language.slice(0, 2),
        ...chosen(language === locale),
      }))}
      onItemClick={onItemClick}
    >
      {LOCALE_NAMES[locale]}
    </ButtonDropdown>
  );
}

/** The region of the current organization (spec §2): GLOBAL hidden, by priority. */
export function RegionSelector({
  regions,
  selected,
  onSelect,
}: {
  regions: readonly OrgRegion[];
  selected: OrgRegion | undefined;
  onSelect: (regionCode: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (regions.length === 0) return null;
  const label = t('shell.topNavigation.region.label');
  return (
    <ButtonDropdown
      ariaLabel={selected ? `${regionLabel(selected, locale)}, ${label}` : label}
      expandToViewport
      nativeTriggerAttributes={{ 'data-testid': 'region-selector' }}
      items={[
        {
          id: 'regions',
          text: t('shell.topNavigation.region.label'),
          items: regions.map((region) => ({
            id: `region-${region.regionCode}`,
            text: regionLabel(region, locale),
            secondaryText: region.regionCode,
            ...chosen(region.regionCode === selected?.regionCode),
          })),
        },
      ]}
      onItemClick={({ detail }) => onSelect(detail.id.replace(/^region-/, ''))}
    >
      {selected ? regionLabel(selected, locale) : t('shell.topNavigation.region.label')}
    </ButtonDropdown>
  );
}

/** Switches between the caller's organizations and the projects of the current one. */
export function OrgSwitcher({
  orgs,
  org,
  project,
  projects,
  onCreateOrganization,
}: {
  orgs: readonly Organization[];
  org: Organization | undefined;
  project: Project | undefined;
  projects: readonly Project[];
  onCreateOrganization: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items: ButtonDropdownProps.ItemOrGroup[] = [
    {
      id: 'org-switcher-organizations',
      text: t('shell.topNavigation.orgSwitcher.organizations'),
      items: orgs.map((item) => ({
        id: `org-${item.orgId}`,
        text: item.orgName,
        href: paths.org(item.orgId).dashboard,
        iconName: item.orgId === org?.orgId && !project ? 'check' : undefined,
      })),
    },
  ];
  if (org && projects.length > 0) {
    items.push({
      id: 'org-switcher-projects',
      text: t('shell.topNavigation.orgSwitcher.projectsOf', { orgName: org.orgName }),
      items: projects.map((item) => ({
        id: `project-${item.projectId}`,
        text: item.projectName,
        href: paths.project(item.projectId).dashboard,
        iconName: item.projectId === project?.projectId ? 'check' : undefined,
      })),
    });
  }
  items.push({ id: 'create-organization', text: t('shell.topNavigation.orgSwitcher.createOrganization'), iconName: 'add-plus' });
  const text = org ? (project ? `${org.orgName} / ${project.projectName}` : org.orgName) : undefined;
  return (
    <ButtonDropdown
      ariaLabel={`${text ?? t('shell.topNavigation.orgSwitcher.placeholder')}, ${t('shell.topNavigation.orgSwitcher.label')}`}
      expandToViewport
      nativeTriggerAttributes={{ 'data-testid': 'org-switcher' }}
      items={items}
      onItemClick={({ detail }) => {
        if (detail.id === 'create-organization') onCreateOrganization();
      }}
      onItemFollow={(event) => {
        const href = event.detail.href;
        if (!href) return;
        event.preventDefault();
        void navigate(href);
      }}
    >
      {text ?? t('shell.topNavigation.orgSwitcher.placeholder')}
    </ButtonDropdown>
  );
}

/**
 * The signed-in user's menu (spec §2 my-menu): the account's pages — IAM account information for
 * an IAM account holder, the roles held, the dev outbox when mails are kept — the language, and
 * sign out. Entries of areas that do not exist yet (profile, API security, login security) join
 * as those areas land.
 */
export function MyMenu({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useConsoleConfig();
  const { locale, changeLocale } = useLocale();
  // Only an entry of the menu: asked once the page has painted (shared/lib/page-painted.ts).
  const outbox = useQuery({ ...devOutboxAvailableQuery(), enabled: usePagePainted() });
  const { appearance, setTheme, setDensity } = useAppearance(session.uuid);
  const accountItems: ButtonDropdownProps.Item[] = [
    ...(session.memberType === 'IAM'
      ? [{ id: 'iam-information', text: t('shell.topNavigation.myMenu.iamInformation'), href: '/iam-information', iconName: 'user-profile' as const }]
      : []),
    { id: 'my-roles', text: t('shell.topNavigation.myMenu.myRoles'), href: '/roles', iconName: 'key' },
    { id: 'security-setting', text: t('security.menu'), href: '/security-setting', iconName: 'lock-private' },
    { id: 'login-security', text: t('signInSecurity.self.title'), href: paths.loginSecurity, iconName: 'lock-private' },
    ...(outbox.data
      ? [{ id: 'dev-outbox', text: t('shell.topNavigation.myMenu.devOutbox'), href: '/dev/outbox', iconName: 'envelope' as const }]
      : []),
  ];
  const items: ButtonDropdownProps.ItemOrGroup[] = [{ id: 'my-account', text: session.email, items: accountItems }];
  // The edition's languages (none to choose from when it offers one).
  if (config.languages.length > 1) {
    items.push({
      id: 'language',
      text: t('language.label'),
      items: config.languages.map((language: Locale) => ({
        id: `language-${language}`,
        text: LOCALE_NAMES[language],
        lang: language.slice(0, 2),
        ...chosen(language === locale),
      })),
    });
  }
  // Theme and density (kept per account in this browser; shared/appearance).
  items.push({
    id: 'theme',
    text: t('appearance.theme'),
    items: THEMES.map((theme) => ({
      id: `theme-${theme}`,
      text: t(`appearance.themes.${theme}`),
      ...chosen(theme === appearance.theme),
    })),
  });
  items.push({
    id: 'density',
    text: t('appearance.density'),
    items: DENSITIES.map((density) => ({
      id: `density-${density}`,
      text: t(`appearance.densities.${density}`),
      ...chosen(density === appearance.density),
    })),
  });
  items.push({ id: 'sign-out', text: t('shell.topNavigation.myMenu.signOut'), iconName: 'sign-out' });
  return (
    <ButtonDropdown
      // The visible name first, so that speech input ("click Kim Owner") finds the button (WCAG 2.5.3).
      ariaLabel={`${session.userName}, ${t('shell.topNavigation.myMenu.label')}`}
      expandToViewport
      nativeTriggerAttributes={{ 'data-testid': 'my-menu' }}
      items={items}
      onItemClick={({ detail }) => {
        if (detail.id === 'sign-out') {
          onSignOut();
          return;
        }
        const theme = THEMES.find((each) => detail.id === `theme-${each}`);
        if (theme) {
          setTheme(theme);
          return;
        }
        const density = DENSITIES.find((each) => detail.id === `density-${each}`);
        if (density) {
          setDensity(density);
          return;
        }
        const language = detail.id.replace(/^language-/, '');
        if (language !== detail.id && isLocale(language) && language !== locale) void changeLocale(language);
      }}
      onItemFollow={(event) => {
        const href = event.detail.href;
        if (!href) return;
        event.preventDefault();
        void navigate(href);
      }}
    >
      {session.userName}
    </ButtonDropdown>
  );
}
