import BreadcrumbGroup, { type BreadcrumbGroupProps } from '@cloudscape-design/components/breadcrumb-group';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import { productHierarchyQuery } from '../../data/products/queries.ts';
import { useFollow } from '../../shared/hooks/use-follow.ts';
import type { RouteHandle } from '../route-types.ts';
import type { Scope } from './scope.ts';
import { paths } from '../../shared/paths.ts';

/** Breadcrumbs from the `crumb` of each matched route of the route table, after Home. */
export function Breadcrumbs({ scope }: { scope: Scope }) {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const follow = useFollow();
  const productMatch = matches.find((match) => (match.handle as RouteHandle | undefined)?.crumb?.kind === 'product');
  // The catalogue is what the product page itself reads (cached): its name in the user's language.
  const catalogue = useQuery({ ...productHierarchyQuery(i18n.language, undefined), enabled: productMatch !== undefined });

  // While the names load, the crumb says what it is (as the side navigation does), never an id;
  // an id only when the name cannot be known (the organization is not in the caller's list).
  const orgText = (orgId: string) => scope.org?.orgName ?? (scope.orgs === undefined ? t('shell.sideNavigation.organization') : orgId);
  const items: BreadcrumbGroupProps.Item[] = [{ text: t('shell.sideNavigation.home'), href: '/' }];
  for (const match of matches) {
    const crumb = (match.handle as RouteHandle | undefined)?.crumb;
    if (!crumb) continue;
    if (crumb.kind === 'text') {
      items.push({ text: t(crumb.key), href: match.pathname });
    } else if (crumb.kind === 'product' && scope.projectId) {
      const { categoryName, productName } = match.params;
      const product = catalogue.data?.find((ui) => ui.categoryName === categoryName && ui.pathName === productName);
      items.push({ text: t('services.title'), href: paths.project(scope.projectId).services });
      items.push({ text: product?.productUiName ?? productName ?? '', href: match.pathname });
    } else if (crumb.kind === 'org' && scope.orgId) {
      items.push({ text: orgText(scope.orgId), href: paths.org(scope.orgId).dashboard });
    } else if (crumb.kind === 'project' && scope.projectId) {
      if (scope.orgId) {
        items.push({ text: orgText(scope.orgId), href: paths.org(scope.orgId).dashboard });
      }
      items.push({
        text: scope.project?.projectName ?? t('shell.sideNavigation.project'),
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
