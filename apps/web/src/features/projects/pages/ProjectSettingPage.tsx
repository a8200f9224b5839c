import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDirtyForms } from '../../../shared/hooks/use-dirty-forms.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { organizationQuery } from '../../../data/organizations/queries.ts';
import { projectQuery } from '../../../data/projects/queries.ts';

/**
 * The page's sections (the name form, ownership, deletion) load on demand (issue 16): their code —
 * react-hook-form, zod, the fields — is not on the route's first paint, which shows the header at
 * once (requested now: `onDemand`'s `now`).
 */
const loadSections = () => import('../components/ProjectSettingSections.tsx').then((module) => module.ProjectSettingSections);
const ProjectSettingSections = onDemand(loadSections, { now: true });

/** /project/:projectId/setting (spec §2 "setting", project management): name, description, ownership, deletion. */
export function ProjectSettingPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const project = useQuery(projectQuery(projectId));
  const orgId = project.data?.projectOrgId;
  const org = useQuery({ ...organizationQuery(orgId ?? ''), enabled: orgId !== undefined });
  const permissions = usePermissions({ projectId });
  const dirtyForms = useDirtyForms();
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirtyForms.anyDirty);
  useDocumentTitle(
    project.data ? `${project.data.projectName} - ${t('project.setting.title')}` : t('project.setting.title'),
  );

  const updateCheck = permissions.check('Project.Setting.Update');

  if (project.isPending) return <PageSpinner />;
  if (project.isError) return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  const data = project.data;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('project.setting.description', { name: data.projectName })}>
          {t('project.setting.title')}
        </Header>
      }
    >
      <div data-testid="project-setting-page">
        <SpaceBetween size="l">
          {!updateCheck.allowed && !updateCheck.loading ? (
            <Alert type="info" data-testid="project-setting-read-only">
              {t('project.setting.readOnly', { reason: updateCheck.reason ?? '' })}
            </Alert>
          ) : null}
          <ProjectSettingSections
            project={data}
            orgName={org.data?.orgName}
            permissions={permissions}
            reporter={dirtyForms.reporter}
            leaveWithoutAsking={leaveWithoutAsking}
          />
        </SpaceBetween>
      </div>
    </ContentLayout>
  );
}
