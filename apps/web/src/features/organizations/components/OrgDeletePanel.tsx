import type { Organization } from '@console/contracts/organizations';
import { DeleteConfirmNameSchema } from '@console/contracts/organizations';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { DeletePanelProps } from '../../../shared/ui/DeleteConfirmation.tsx';
import { DeletePanel } from '../../../shared/ui/DeletePanel.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { forgetOrganization, useDeleteOrganizationMutation } from '../../../data/organizations/mutations.ts';

/**
 * Organization management, Delete: OWNER only. The confirmation asks for the organization's name
 * typed exactly; an organization that still has projects is refused (ORG_HAS_PROJECTS) and says so.
 * A failure reads 'Failed to delete Organization.' (spec §8) first, then why.
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

  // ORG_HAS_PROJECTS says to delete the projects first; the panel knows how many remain.
  const explainError = (error: unknown) =>
    isApiError(error) && error.code === '21013' && projectCount ? t('org.setting.delete.projectsRemain', { count: projectCount }) : undefined;

  return (
    <DeletePanel
      testId="org-delete"
      title={t('org.setting.delete.title')}
      description={t('org.setting.delete.description')}
      buttonText={t('org.setting.delete.button')}
      confirmTitle={t('org.setting.delete.confirmTitle', { name: org.orgName })}
      disabled={!check.allowed}
      reason={check.reason}
      loading={check.loading}
      confirmation={{
        name: org.orgName,
        description: t('org.setting.delete.confirmDescription', { name: org.orgName }),
        nameSchema: DeleteConfirmNameSchema,
        mismatchMessage: 'validation.confirmName.mismatch',
        serverFields: ['body.orgName'],
        onConfirm: (typed) => progress.track(remove.mutateAsync(typed)),
        explainError,
        failedText: t('org.setting.delete.failed'),
      }}
      deletedText={t('org.setting.delete.deleted', { name: org.orgName })}
      onDeleted={async () => {
        await leaveWithoutAsking(() => navigate('/', { replace: true }));
        await forgetOrganization(queryClient, org.orgId);
      }}
    />
  );
}
