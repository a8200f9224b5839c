import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { servicesInUseQuery } from '../../data/products/queries.ts';
import { useLocation } from 'react-router';
import { useFollow } from '../../shared/hooks/use-follow.ts';
import type { Scope } from './scope.ts';
import { paths } from '../../shared/paths.ts';

/** The left menu: the areas of the current organization or project (only areas that exist). */
export function SideNav({ scope }: { scope: Scope }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const follow = useFollow();

  const items: SideNavigationProps.Item[] = [{ type: 'link', text: t('shell.sideNavigation.home'), href: paths.home }];
  if (scope.orgId) {
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: scope.org?.orgName ?? t('shell.sideNavigation.organization'),
      items: [
        { type: 'link', text: t('shell.sideNavigation.dashboard'), href: paths.org(scope.orgId).dashboard },
        { type: 'link', text: t('activity.title'), href: paths.org(scope.orgId).activity },
        { type: 'link', text: t('shell.sideNavigation.members'), href: paths.org(scope.orgId).member },
        { type: 'link', text: t('security.audit.title'), href: paths.org(scope.orgId).audit },
        { type: 'link', text: t('shell.sideNavigation.alarms'), href: paths.org(scope.orgId).alarm },
        { type: 'link', text: t('shell.sideNavigation.alarmGroups'), href: paths.org(scope.orgId).alarmGroup },
        { type: 'link', text: t('notifications.groups.title'), href: paths.org(scope.orgId).receiverGroup },
        { type: 'link', text: t('shell.sideNavigation.orgSetting'), href: paths.org(scope.orgId).setting },
        { type: 'link', text: t('governance.title'), href: paths.org(scope.orgId).governance },
        { type: 'link', text: t('signInSecurity.settings.link'), href: paths.org(scope.orgId).iamSecurity },
        { type: 'link', text: t('services.org.title'), href: paths.org(scope.orgId).services },
      ],
    });
  }
  // The services in use of the project, in the order of its left menu (spec §3 ProductUiInUse).
  const services = useQuery({ ...servicesInUseQuery(scope.projectId ?? ''), enabled: scope.projectId !== undefined && scope.project !== undefined });
  if (scope.projectId) {
    const projectId = scope.projectId;
    items.push({
      type: 'section',
      text: scope.project?.projectName ?? t('shell.sideNavigation.project'),
      items: [
        { type: 'link', text: t('shell.sideNavigation.dashboard'), href: paths.project(scope.projectId).dashboard },
        { type: 'link', text: t('shell.sideNavigation.projectMembers'), href: paths.project(scope.projectId).member },
        { type: 'link', text: t('roleGroups.title'), href: paths.project(scope.projectId).roleGroup },
        { type: 'link', text: t('services.appKeys.title'), href: paths.project(scope.projectId).authentication },
        { type: 'link', text: t('security.authInfo.title'), href: paths.project(scope.projectId).authInformation('user-access-key') },
        { type: 'link', text: t('shell.sideNavigation.alarms'), href: paths.project(scope.projectId).alarm },
        { type: 'link', text: t('shell.sideNavigation.alarmGroups'), href: paths.project(scope.projectId).alarmGroup },
        { type: 'link', text: t('notifications.groups.title'), href: paths.project(scope.projectId).receiverGroup },
        { type: 'link', text: t('shell.sideNavigation.projectSetting'), href: paths.project(scope.projectId).setting },
      ],
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
  items.push(
    { type: 'divider' },
    { type: 'link', text: t('shell.sideNavigation.roles'), href: paths.rolesOrganizations },
    { type: 'link', text: t('shell.sideNavigation.experiments'), href: paths.experiments },
  );

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
 * The menu entry a path belongs to: a page below an area (member/cloud/add, role-group/modify/…,
 * setting/role-group/add, a future activity sub-page) marks the area's own link.
 */
export function activeHrefOf(pathname: string): string {
  if (pathname.startsWith('/roles')) return '/roles/organizations';
  return pathname
    .replace(/^(\/(?:org|project)\/[^/]+\/(?:member|role-group))\/.*$/, '$1')
    .replace(/^(\/org\/[^/]+\/(?:setting|activity))\/.*$/, '$1')
    .replace(/^(\/(?:org|project)\/[^/]+\/(?:alarm|alarm-group))\/.*$/, '$1')
    .replace(/^(\/project\/[^/]+\/auth-information)\/.*$/, '$1/user-access-key');
}
