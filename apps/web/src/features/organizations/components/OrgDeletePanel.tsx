import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { Organization } from '@console/contracts/organizations';
import { DeleteConfirmNameSchema } from '@console/contracts/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { DeleteConfirmation, type DeletePanelProps } from '../../../shared/ui/DeleteConfirmation.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { forgetOrganization, useDeleteOrganizationMutation } from '../../../data/organizations/mutations.ts';

/**
 * Organization management, Delete: OWNER only. The confirmation asks for the organization's name
 * typed exactly; an organization that still has projects is refused (21013) and says so. A failure
 * reads 'Failed to delete Organization.' (spec §8) first, then why.
 */
export function OrgDeletePanel({
  org,
  projectCount,
  check,
  leaveWithoutAsking,
}: DeletePanelProps & { org: Organization; projectCount: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteOrganizationMutation(org.orgId);

  // ORG_HAS_PROJECTS (21013) says to delete the projects first; the panel knows how many remain.
  const explainError = (error: unknown) =>
    isApiError(error) && error.code === '21013' && projectCount ? t('org.setting.delete.projectsRemain', { count: projectCount }) : undefined;

  const onDelete = async () => {
    const deleted = await modals.form<boolean>({
      header: t('org.setting.delete.confirmTitle', { name: org.orgName }),
      render: ({ submit, cancel, setDirty }) => (
        <DeleteConfirmation
          name={org.orgName}
          description={t('org.setting.delete.confirmDescription', { name: org.orgName })}
          nameSchema={DeleteConfirmNameSchema}
          mismatchMessage="validation.confirmName.mismatch"
          submitText={t('org.setting.delete.button')}
          serverFields={['body.orgName']}
          onConfirm={(typed) => progress.track(remove.mutateAsync(typed))}
          explainError={explainError}
          failedText={t('org.setting.delete.failed')}
          onDone={() => submit(true)}
          onCancel={cancel}
          onDirtyChange={setDirty}
        />
      ),
    });
    if (!deleted) return;
    toasts.show({ type: 'success', content: t('org.setting.delete.deleted', { name: org.orgName }) });
    await leaveWithoutAsking(() => navigate('/', { replace: true }));
    await forgetOrganization(queryClient, org.orgId);
  };

  return (
    <Container
      data-testid="org-delete-panel"
      header={
        <Header
          variant="h2"
          actions={
            <Button
              onClick={() => void onDelete()}
              disabled={!check.allowed}
              disabledReason={check.reason}
              data-testid="org-delete"
            >
              {t('org.setting.delete.button')}
            </Button>
          }
        >
          {t('org.setting.delete.title')}
        </Header>
      }
    >
      <Box variant="p">{t('org.setting.delete.description')}</Box>
      {check.reason && !check.loading ? (
        <Box variant="small" color="text-status-inactive" data-testid="org-delete-reason">
          {check.reason}
        </Box>
      ) : null}
    </Container>
  );
}
