import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { LANGS, type Lang } from '@console/contracts/locales';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { servicesInUseQuery } from '../../data/products/queries.ts';
import { useLocation } from 'react-router';
import { useFollow } from '../../shared/hooks/use-follow.ts';
import type { Scope } from './scope.ts';
import { paths } from '../../shared/paths.ts';
import type { NavLabel, RouteEntry } from '../route-types.ts';
import { ACCOUNT_ROUTES } from '../routes-account.ts';
import { ORG_ROUTE } from '../routes-org.ts';
import { PROJECT_ROUTE } from '../routes-project.ts';

/** A link of the side navigation: `base` is the route's own path, `href` where the link goes. */
interface NavItem {
  readonly base: string;
  readonly href: string;
  readonly label: NavLabel;
}

/** The links of the entries below `base` that carry `nav`, in the table's order (route-types.ts `NavLink`). */
function navItems(entries: readonly RouteEntry[] | undefined, base: string): NavItem[] {
  return (entries ?? []).flatMap((entry) => {
    if (!entry.nav || !entry.path) return [];
    const own = `${base}/${entry.path}`;
    return [{ base: own, href: entry.nav.to ? `${own}/${entry.nav.to}` : own, label: entry.nav.label }];
  });
}

/** A scope route's path (`org/:orgId`) with its one parameter filled in: `/org/<orgId>`. */
const scopeBase = (route: RouteEntry, value: string) => `/${(route.path ?? '').replace(/:[A-Za-z]+/, encodeURIComponent(value))}`;

/** The left menu: the areas of the current organization or project (only areas that exist). */
export function SideNav({ scope }: { scope: Scope }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const follow = useFollow();
  const lang: Lang = LANGS.find((known) => known === i18n.language) ?? 'ko';
  const links = (navLinks: readonly NavItem[]) =>
    navLinks.map((link): SideNavigationProps.Item => ({ type: 'link', text: typeof link.label === 'string' ? t(link.label) : link.label[lang], href: link.href }));

  const items: SideNavigationProps.Item[] = [{ type: 'link', text: t('shell.sideNavigation.home'), href: paths.home }];
  if (scope.orgId) {
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: scope.org?.orgName ?? t('shell.sideNavigation.organization'),
      items: links(navItems(ORG_ROUTE.children, scopeBase(ORG_ROUTE, scope.orgId))),
    });
  }
  // The services in use of the project, in the order of its left menu (spec §3 ProductUiInUse).
  const services = useQuery({ ...servicesInUseQuery(scope.projectId ?? ''), enabled: scope.projectId !== undefined && scope.project !== undefined });
  if (scope.projectId) {
    const projectId = scope.projectId;
    items.push({
      type: 'section',
      text: scope.project?.projectName ?? t('shell.sideNavigation.project'),
      items: links(navItems(PROJECT_ROUTE.children, scopeBase(PROJECT_ROUTE, projectId))),
    });
    items.push({
      type: 'section',
      text: t('services.menuTitle'),
      items: [
        ...(services.data ?? []).map(
          (service): SideNavigationProps.Item => ({
            type: 'link',
            text: service.productUiName,
            href: paths.project(projectId).product(service.categoryName, service.pathName),
          }),
        ),
        { type: 'link', text: t('services.manage'), href: paths.project(projectId).services },
      ],
    });
  }
  items.push({ type: 'divider' }, ...links(navItems(ACCOUNT_ROUTES, '')));

  return (
    <div data-testid="side-navigation">
      <SideNavigation
        header={{ text: t('common.productName'), href: paths.home }}
        activeHref={activeHrefOf(pathname)}
        items={items}
        onFollow={follow}
      />
    </div>
  );
}

/**
 * The menu entry a path belongs to: the link whose route the path is at or below, the deepest one
 * (member/cloud/add marks the members, setting/role-group/add the settings, setting/iam-security its
 * own link, auth-information/s3-credential the authentication information); a path under no link
 * marks nothing.
 */
export function activeHrefOf(pathname: string): string {
  const scope = /^\/(org|project)\/([^/]+)/.exec(pathname);
  const items = scope ? navItems((scope[1] === 'org' ? ORG_ROUTE : PROJECT_ROUTE).children, scope[0]) : navItems(ACCOUNT_ROUTES, '');
  const deepest = items
    .filter((item) => pathname === item.base || pathname.startsWith(`${item.base}/`))
    .reduce<NavItem | undefined>((best, item) => (best && best.base.length >= item.base.length ? best : item), undefined);
  return deepest?.href ?? pathname;
}
