import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { MultiselectProps } from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RoleGroupMember } from '@console/contracts/role-groups';
import type { Control } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import type { RoleGroupFormInput, RoleGroupFormValues } from './role-group-form.ts';

export interface MemberChoice {
  readonly options: readonly MultiselectProps.Option[];
  readonly loading: boolean;
  /** Why the caller may not change who holds the group (undefined: they may). */
  readonly disabledReason: string | undefined;
}

/** A project's group: who holds it, chosen among the project's members. */
export function RoleGroupMembersPicker({
  control,
  members,
  canAssign,
}: {
  control: Control<RoleGroupFormInput, unknown, RoleGroupFormValues>;
  members: MemberChoice;
  canAssign: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('roleGroups.form.membersDescription')}>{t('roleGroups.form.members')}</Header>}>
      <SpaceBetween size="s">
        {members.disabledReason ? (
          <Box color="text-status-inactive">{t('roleGroups.form.membersReadOnly', { reason: members.disabledReason })}</Box>
        ) : null}
        <MultiselectField
          control={control}
          name="memberUuids"
          label={t('roleGroups.form.members')}
          placeholder={t('roleGroups.form.membersPlaceholder')}
          options={members.options}
          disabled={!canAssign || members.loading}
          testId="role-group-members"
        />
      </SpaceBetween>
    </Container>
  );
}

/** A common group: who holds it, listed by project (assigned in each project). */
export function RoleGroupMembersByProject({ members }: { members: readonly RoleGroupMember[] }) {
  const { t } = useTranslation();
  return (
    <Container header={<Header variant="h2" description={t('roleGroups.form.membersByProject')}>{t('roleGroups.form.members')}</Header>}>
      {members.length === 0 ? (
        <Box color="text-status-inactive">{t('roleGroups.form.noMembers')}</Box>
      ) : (
        <ul data-testid="role-group-members-by-project">
          {members.map((member) => (
            <li key={`${member.projectId}:${member.projectMemberUuid}`}>
              {member.name} ({member.userCode ?? member.email}) · {member.projectName}
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
