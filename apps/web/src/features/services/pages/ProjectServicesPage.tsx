import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The services' table loads on demand (issue 16): Cloudscape's Table, its badges and the row
 * actions are not on the route's first paint, which is the header; the part is requested when this
 * module loads (`onDemand`'s `now`).
 */
const loadTable = () => import('../components/ProjectServicesTable.tsx').then((module) => module.ProjectServicesTable);
const ProjectServicesTable = onDemand(loadTable, { now: true });

/**
 * /project/{projectId}/services: the catalogue with what is enabled in the project; enable, open,
 * disable (components/ProjectServicesTable.tsx).
 */
export function ProjectServicesPage() {
  const { t } = useTranslation();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('services.description')}>
          {t('services.title')}
        </Header>
      }
    >
      <ProjectServicesTable />
    </ContentLayout>
  );
}
