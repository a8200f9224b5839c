import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { ProjectStatus } from '../../../shared/ui/ProjectStatus.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { RouterLink } from '../../../shared/ui/RouterLink.tsx';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { paths } from '../../../shared/paths.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { useProjectPage } from '../hooks/use-project-page.ts';

/**
 * The recommendations and the recent activity below the overview load on demand (issue 16): their
 * code is not on the route's first paint, and they render after the overview has painted. The
 * chunks are requested when this module loads.
 */
const loadRecommendations = () => import('../components/RecommendationPanel.tsx').then((module) => module.RecommendationPanel);
const loadActivityWidget = () =>
  import('../../../widgets/activity/RecentActivityWidget.tsx').then((module) => module.RecentActivityWidget);
const RecommendationPanel = onDemand(loadRecommendations, { now: true });
const RecentActivityWidget = onDemand(loadActivityWidget, { now: true });

/** /project/:projectId/dashboard: the project's name, description, status, organization and recent activity. */
export function ProjectDashboardPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const format = useFormatters();
  const { project, org, permissions } = useProjectPage(projectId, t('project.dashboard.title'));

  if (project.isPending) return <PageSpinner />;
  if (project.isError) return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  const data = project.data;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={data.projectDescription || undefined}
          actions={
            <RouterButton href={paths.project(data.projectId).setting} iconName="settings" data-testid="project-manage">
              {t('project.dashboard.manage')}
            </RouterButton>
          }
        >
          {data.projectName}
        </Header>
      }
    >
      <SpaceBetween size="l">
      <Container header={<Header variant="h2">{t('project.dashboard.overview')}</Header>} data-testid="project-overview">
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('project.dashboard.name'), value: data.projectName },
            { label: t('project.dashboard.id'), value: <Box variant="code">{data.projectId}</Box> },
            { label: t('project.dashboard.status'), value: <ProjectStatus status={data.projectStatusCode} /> },
            {
              label: t('project.dashboard.description'),
              value: data.projectDescription || (
                <Box color="text-status-inactive">{t('project.dashboard.noDescription')}</Box>
              ),
            },
            {
              label: t('project.dashboard.organization'),
              value: (
                <RouterLink href={paths.org(data.projectOrgId).dashboard} data-testid="project-org-link">
                  {org.data?.orgName ?? data.projectOrgId}
                </RouterLink>
              ),
            },
            {
              label: t('project.dashboard.owner'),
              value: data.ownerName ? (
                <span>
                  {data.ownerName}
                  <Box variant="small" display="block" color="text-body-secondary">
                    {data.ownerEmail}
                  </Box>
                </span>
              ) : (
                t('common.none')
              ),
            },
            { label: t('project.dashboard.createdAt'), value: format.dateTime(data.regDateTime) },
            { label: t('project.dashboard.modifiedAt'), value: format.dateTime(data.modDateTime) },
          ]}
        />
      </Container>
      <RecommendationPanel projectId={projectId} />
      <RecentActivityWidget scope={{ projectId }} check={permissions.check('Project.Setting.Get')} />
      </SpaceBetween>
    </ContentLayout>
  );
}
