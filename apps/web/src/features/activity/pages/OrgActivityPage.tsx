import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The feed's table loads on demand (issue 16): Cloudscape's Table, its action filter (Select), pagination
 * and preferences are not on the route's first paint, which is the header; the part is requested when
 * this module loads (`onDemand`'s `now`).
 */
const loadOrgActivityTable = () => import('../components/OrgActivityTable.tsx').then((module) => module.OrgActivityTable);
const OrgActivityTable = onDemand(loadOrgActivityTable, { now: true });

/** /org/:orgId/activity: the organization's whole activity feed, paged by the server, filtered by action. */
export function OrgActivityPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('activity.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('activity.description')}>{t('activity.title')}</Header>}>
      <OrgActivityTable />
    </ContentLayout>
  );
}
