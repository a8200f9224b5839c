import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The log's table loads on demand (issue 16): Cloudscape's Table, its filters (inputs, selects, date
 * pickers with date-fns) and pagination are not on the route's first paint, which is the header; the
 * part is requested when this module loads (`onDemand`'s `now`).
 */
const loadOrgAuditTable = () => import('../components/OrgAuditTable.tsx').then((module) => module.OrgAuditTable);
const OrgAuditTable = onDemand(loadOrgAuditTable, { now: true });

/** /org/:orgId/audit: the organization's audit log, filtered and paged by the server, exported as CSV. */
export function OrgAuditPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('security.audit.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('security.audit.description')}>{t('security.audit.title')}</Header>}>
      <OrgAuditTable />
    </ContentLayout>
  );
}
