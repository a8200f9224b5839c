import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The services' table loads on demand (issue 16): Cloudscape's Table, the enable form
 * (react-hook-form, Select) and the row actions are not on the route's first paint, which is the
 * header; the part is requested when this module loads (`onDemand`'s `now`).
 */
const loadTable = () => import('../components/OrgServicesTable.tsx').then((module) => module.OrgServicesTable);
const OrgServicesTable = onDemand(loadTable, { now: true });

/**
 * /org/{orgId}/services: the organization services of the catalogue and whether each is enabled in
 * the organization; enable (naming the SaaS OWNER), open, disable (components/OrgServicesTable.tsx).
 */
export function OrgServicesPage() {
  const { t } = useTranslation();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('services.org.description')}>
          {t('services.org.title')}
        </Header>
      }
    >
      <OrgServicesTable />
    </ContentLayout>
  );
}
