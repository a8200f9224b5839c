import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useFollow } from '../../shared/hooks/use-follow.ts';
import type { Scope } from './scope.ts';

/** The left menu: the areas of the current organization or project (only areas that exist). */
export function SideNav({ scope }: { scope: Scope }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const follow = useFollow();

  const items: SideNavigationProps.Item[] = [{ type: 'link', text: t('shell.sideNavigation.home'), href: '/' }];
  if (scope.orgId) {
    items.push({ type: 'divider' });
    items.push({
      type: 'section',
      text: scope.org?.orgName ?? t('shell.sideNavigation.organization'),
      items: [
        { type: 'link', text: t('shell.sideNavigation.dashboard'), href: `/org/${scope.orgId}/dashboard` },
        { type: 'link', text: t('activity.title'), href: `/org/${scope.orgId}/activity` },
        { type: 'link', text: t('shell.sideNavigation.members'), href: `/org/${scope.orgId}/member` },
        { type: 'link', text: t('shell.sideNavigation.orgSetting'), href: `/org/${scope.orgId}/setting` },
      ],
    });
  }
  if (scope.projectId) {
    items.push({
      type: 'section',
      text: scope.project?.projectName ?? t('shell.sideNavigation.project'),
      items: [
        { type: 'link', text: t('shell.sideNavigation.dashboard'), href: `/project/${scope.projectId}/dashboard` },
        { type: 'link', text: t('shell.sideNavigation.projectMembers'), href: `/project/${scope.projectId}/member` },
        { type: 'link', text: t('roleGroups.title'), href: `/project/${scope.projectId}/role-group` },
        { type: 'link', text: t('shell.sideNavigation.projectSetting'), href: `/project/${scope.projectId}/setting` },
      ],
    });
  }
  items.push(
    { type: 'divider' },
    { type: 'link', text: t('shell.sideNavigation.roles'), href: '/roles/organizations' },
    { type: 'link', text: t('shell.sideNavigation.experiments'), href: '/new' },
  );

  return (
    <div data-testid="side-navigation">
      <SideNavigation
        header={{ text: t('common.productName'), href: '/' }}
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
    .replace(/^(\/org\/[^/]+\/(?:setting|activity))\/.*$/, '$1');
}
