import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDirtyForms } from '../../../shared/hooks/use-dirty-forms.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { SettingsPageFrame } from '../../../shared/ui/SettingsPageFrame.tsx';
import { useProjectPage } from '../hooks/use-project-page.ts';

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
  const { project, org, permissions } = useProjectPage(projectId, t('project.setting.title'));
  const dirtyForms = useDirtyForms();
  const { leaveWithoutAsking } = useUnsavedChangesGuard(dirtyForms.anyDirty);

  if (project.isPending) return <PageSpinner />;
  if (project.isError) return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;

  return (
    <SettingsPageFrame
      testId="project-setting"
      title={t('project.setting.title')}
      description={t('project.setting.description', { name: project.data.projectName })}
      updateCheck={permissions.check('Project.Setting.Update')}
      readOnlyText={(reason) => t('project.setting.readOnly', { reason })}
    >
      <ProjectSettingSections
        project={project.data}
        orgName={org.data?.orgName}
        permissions={permissions}
        reporter={dirtyForms.reporter}
        leaveWithoutAsking={leaveWithoutAsking}
      />
    </SettingsPageFrame>
  );
}
