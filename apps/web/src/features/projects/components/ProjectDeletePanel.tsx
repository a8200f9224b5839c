import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { Project } from '@console/contracts/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteConfirmation, type DeletePanelProps } from '../../../shared/ui/DeleteConfirmation.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { forgetProject, useDeleteProjectMutation } from '../../../data/projects/mutations.ts';
import { paths } from '../../../shared/paths.ts';

/**
 * Project management, Delete: needs Project.Setting.Delete; refused while services are in use
 * (the answer's canDelete false, or 12500 from the server). The confirmation names the project
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

  const onDelete = async () => {
    const deleted = await modals.form<boolean>({
      header: t('project.setting.delete.confirmTitle', { name: project.projectName }),
      render: ({ submit, cancel, setDirty }) => (
        <DeleteConfirmation
          name={project.projectName}
          description={t('project.setting.delete.confirmDescription', {
            name: project.projectName,
            orgName: orgName ?? project.projectOrgId,
          })}
          mismatchMessage={t('project.setting.delete.mismatch')}
          submitText={t('project.setting.delete.button')}
          onConfirm={() => progress.track(remove.mutateAsync())}
          onDone={() => submit(true)}
          onCancel={cancel}
          onDirtyChange={setDirty}
        />
      ),
    });
    if (!deleted) return;
    toasts.show({ type: 'success', content: t('project.setting.delete.deleted', { name: project.projectName }) });
    await leaveWithoutAsking(() => navigate(paths.org(project.projectOrgId).dashboard, { replace: true }));
    await forgetProject(queryClient, project);
  };

  return (
    <Container
      data-testid="project-delete-panel"
      header={
        <Header
          variant="h2"
          actions={
            <Button
              onClick={() => void onDelete()}
              disabled={reason !== undefined}
              disabledReason={reason}
              data-testid="project-delete"
            >
              {t('project.setting.delete.button')}
            </Button>
          }
        >
          {t('project.setting.delete.title')}
        </Header>
      }
    >
      <Box variant="p">{t('project.setting.delete.description')}</Box>
      {reason && !check.loading ? (
        <Box variant="small" color="text-status-inactive" data-testid="project-delete-reason">
          {reason}
        </Box>
      ) : null}
    </Container>
  );
}
