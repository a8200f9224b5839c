import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { TransferOwnershipForm, type OwnershipCandidate } from '../../../shared/ui/TransferOwnershipForm.tsx';
import { allOrgMembersQuery } from '../../../data/members/queries.ts';
import { useTransferOrganizationMutation } from '../../../data/organizations/mutations.ts';

/** "Transfer ownership" of an organization: its cloud members other than the owner, to choose from. */
export function OrgOwnershipTransfer({
  orgId,
  orgName,
  onDone,
  onCancel,
  onDirtyChange,
}: {
  orgId: string;
  orgName: string;
  onDone: (owner: OwnershipCandidate) => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const members = useQuery(allOrgMembersQuery(orgId));
  const transfer = useTransferOrganizationMutation(orgId);
  const candidates = members.data?.members
    .filter((member) => !member.isOrgOwner)
    .map((member) => ({ id: member.memberUuid, name: member.name, email: member.email }));
  return (
    <TransferOwnershipForm
      resourceName={orgName}
      description={t('org.setting.owner.transferDescription')}
      candidates={candidates}
      loading={members.isPending}
      loadError={members.isError ? apiErrorMessage(members.error, t) : undefined}
      serverField="body.ownerUuid"
      onConfirm={(ownerUuid) => transfer.mutateAsync(ownerUuid)}
      onDone={onDone}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
    />
  );
}
