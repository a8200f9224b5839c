import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { OrgMember } from '@console/contracts/members';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateOrgMemberRolesMutation } from '../../../data/members/mutations.ts';
import { OrgRolesField } from './OrgRolesField.tsx';
import { paths } from '../../../shared/paths.ts';

const FIELDS = ['orgRoleCodes'] as const;

/**
 * The roles form of /org/:orgId/member/cloud/modify (OrgMemberModifyPage.tsx, which loads it on
 * demand): a cloud member's organization roles; leaving with unsaved changes asks first.
 */
export function OrgMemberModifyForm({ orgId, member }: { orgId: string; member: OrgMember }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = usePermissions({ orgId }).check('Organization.Member.Update');
  const update = useUpdateOrgMemberRolesMutation(orgId);
  const back = paths.org(orgId).member;
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-member-modify-schema.ts').then((module) => module.RolesSchema),
    defaultValues: { orgRoleCodes: member.orgRoleCodes },
    fields: FIELDS,
    submit: (values) => update.mutateAsync({ memberId: member.memberUuid, body: values }),
    onSuccess: async () => {
      toasts.show({ type: 'success', content: t('members.modify.saved', { name: member.name }) });
      await leaveWithoutAsking(() => navigate(back));
    },
  });
  const { leaveWithoutAsking } = useUnsavedChangesGuard(form.formState.isDirty);

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-member-modify-form"
      errorTestId="org-member-modify-error"
      cancel={{ onClick: () => navigate(back), testId: 'org-member-modify-cancel' }}
      submit={{
        text: t('common.save'),
        testId: 'org-member-modify-submit',
        pending: update.isPending,
        disabled: !check.allowed || member.isOrgOwner,
        disabledReason: check.reason ?? (member.isOrgOwner ? t('members.modify.ownerNot') : undefined),
      }}
    >
      <Container header={<Header variant="h2">{member.name}</Header>}>
        <SpaceBetween size="m">
          <KeyValuePairs
            columns={2}
            items={[
              { label: t('members.columns.name'), value: member.name },
              { label: t('members.columns.email'), value: member.email },
            ]}
          />
          <OrgRolesField
            control={form.control}
            disabled={!check.allowed || member.isOrgOwner}
            testId="org-member-modify-roles"
          />
        </SpaceBetween>
      </Container>
    </ServerForm>
  );
}
