import type { Project } from '@console/contracts/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { DeletePanelProps } from '../../../shared/ui/DeleteConfirmation.tsx';
import { DeletePanel } from '../../../shared/ui/DeletePanel.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { forgetProject, useDeleteProjectMutation } from '../../../data/projects/mutations.ts';
import { paths } from '../../../shared/paths.ts';

/**
 * Project management, Delete: needs Project.Setting.Delete; refused while services are in use
 * (the answer's canDelete false, or PROJECT_HAS_PRODUCTS_IN_USE from the server). The confirmation names the project
 * and asks for its name; afterwards the user goes to the organization's dashboard.
 */
export function ProjectDeletePanel({
  project,
  orgName,
  check,
  leaveWithoutAsking,
}: DeletePanelProps & { project: Project; orgName: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteProjectMutation(project.projectId);
  // Permitted, but the server says it cannot be deleted now: services are in use.
  const servicesInUse = check.allowed && project.canDelete === false;
  const reason = check.reason ?? (servicesInUse ? t('project.setting.delete.servicesInUse') : undefined);

  return (
    <DeletePanel
      testId="project-delete"
      title={t('project.setting.delete.title')}
      description={t('project.setting.delete.description')}
      buttonText={t('project.setting.delete.button')}
      confirmTitle={t('project.setting.delete.confirmTitle', { name: project.projectName })}
      disabled={reason !== undefined}
      reason={reason}
      loading={check.loading}
      confirmation={{
        name: project.projectName,
        description: t('project.setting.delete.confirmDescription', {
          name: project.projectName,
          orgName: orgName ?? project.projectOrgId,
        }),
        mismatchMessage: t('project.setting.delete.mismatch'),
        onConfirm: () => progress.track(remove.mutateAsync()),
      }}
      deletedText={t('project.setting.delete.deleted', { name: project.projectName })}
      onDeleted={async () => {
        await leaveWithoutAsking(() => navigate(paths.org(project.projectOrgId).dashboard, { replace: true }));
        await forgetProject(queryClient, project);
      }}
    />
  );
}
