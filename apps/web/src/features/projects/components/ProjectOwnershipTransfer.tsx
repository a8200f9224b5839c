import type { Project } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { TransferOwnershipForm, type OwnershipCandidate } from '../../../shared/ui/TransferOwnershipForm.tsx';
import { projectCloudMembersQuery } from '../../../data/members/queries.ts';
import { useTransferProjectMutation } from '../../../data/projects/mutations.ts';

/** "Transfer ownership" of a project: its cloud members other than the owner (IAM accounts cannot own one). */
export function ProjectOwnershipTransfer({
  project,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  project: Project;
  onDone: (owner: OwnershipCandidate) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const members = useQuery(projectCloudMembersQuery(project.projectId));
  const transfer = useTransferProjectMutation(project);
  const candidates = members.data?.projectMembers
    .filter((member) => !member.isProjectOwner && member.memberType === 'TOAST_CLOUD')
    .map((member) => ({ id: member.projectMemberUuid, name: member.name, email: member.email }));
  return (
    <TransferOwnershipForm
      resourceName={project.projectName}
      description={t('project.setting.owner.transferDescription')}
      candidates={candidates}
      loading={members.isPending}
      loadError={members.isError ? apiErrorMessage(members.error, t) : undefined}
      serverField="body.projectOwnerId"
      onConfirm={(projectOwnerId) => transfer.mutateAsync(projectOwnerId)}
      onDone={onDone}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
    />
  );
}
