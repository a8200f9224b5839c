import BreadcrumbGroup, { type BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useFollow } from '../../shared/hooks/use-follow.ts';
import type { RouteHandle } from '../route-types.ts';
import type { Scope } from './scope.ts';
import { paths } from '../../shared/paths.ts';

/** Breadcrumbs from the `crumb` of each matched route of the route table, after Home. */
export function Breadcrumbs({ scope }: { scope: Scope }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const follow = useFollow();

  const items: BreadcrumbGroupProps.Item[] = [{ text: t('shell.sideNavigation.home'), href: '/' }];
  for (const match of matches) {
    const crumb = (match.handle as RouteHandle | undefined)?.crumb;
    if (!crumb) continue;
    if (crumb.kind === 'text') {
      items.push({ text: t(crumb.key), href: match.pathname });
    } else if (crumb.kind === 'org' && scope.orgId) {
      items.push({ text: scope.org?.orgName ?? scope.orgId, href: paths.org(scope.orgId).dashboard });
    } else if (crumb.kind === 'project' && scope.projectId) {
      if (scope.orgId) {
        items.push({ text: scope.org?.orgName ?? scope.orgId, href: paths.org(scope.orgId).dashboard });
      }
      items.push({
        text: scope.project?.projectName ?? scope.projectId,
        href: paths.project(scope.projectId).dashboard,
      });
    }
  }

  return (
    <BreadcrumbGroup
      items={items}
      onFollow={follow}
      ariaLabel={t('shell.breadcrumbs.label')}
      expandAriaLabel={t('shell.breadcrumbs.expand')}
      data-testid="breadcrumbs"
    />
  );
}
