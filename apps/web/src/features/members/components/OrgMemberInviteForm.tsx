import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MEMBERS_PER_REQUEST } from '@console/contracts/limits';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate, useParams } from 'react-router';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useInviteOrgMembersMutation } from '../../../data/members/mutations.ts';
import { OrgRolesField } from './OrgRolesField.tsx';
import { paths } from '../../../shared/paths.ts';

/**
 * The invitation form of /org/:orgId/member/cloud/add (OrgMemberInvitePage.tsx, which loads it on
 * demand): people by email with organization roles. Each address is its own field, so its rule
 * (spec §5) and the server's refusal show next to it.
 */
export function OrgMemberInviteForm() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const permissions = usePermissions({ orgId });
  const check = permissions.check('Organization.Member.Create');
  const invite = useInviteOrgMembersMutation(orgId);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-member-invite-schema.ts').then((module) => module.InviteSchema),
    defaultValues: { emailList: [''], orgRoleCodes: ['MEMBER'] },
    fields: (values) => ['orgRoleCodes', ...values.emailList.map((_email, index) => `emailList.${index}` as const)],
    submit: (values) => invite.mutateAsync(values),
    onSuccess: async (_answer, values) => {
      toasts.show({ type: 'success', content: t('members.invite.sent', { count: values.emailList.length }) });
      await leaveWithoutAsking(() => navigate(paths.org(orgId).memberTab('invitations')));
    },
  });
  const emails = useWatch({ control: form.control, name: 'emailList' });
  const { leaveWithoutAsking } = useUnsavedChangesGuard(form.formState.isDirty);
  const back = paths.org(orgId).member;

  // Keyboard users keep their place: a row added takes the focus; removing one gives it to the row
  // that moves into its place (or the last one), not to the page.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const row = focusRow.current;
    if (row === null) return;
    focusRow.current = null;
    form.setFocus(`emailList.${Math.min(row, emails.length - 1)}`);
  }, [emails.length, form]);
  const addRow = () => {
    focusRow.current = emails.length;
    form.setValue('emailList', [...emails, ''], { shouldDirty: true });
  };

  const removeRow = (index: number) => {
    focusRow.current = index;
    form.setValue(
      'emailList',
      emails.filter((_email, other) => other !== index),
      { shouldDirty: true },
    );
  };

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-invite-form"
      errorTestId="org-invite-error"
      cancel={{ onClick: () => navigate(back), testId: 'org-invite-cancel' }}
      submit={{
        text: t('members.invite.submit'),
        testId: 'org-invite-submit',
        pending: invite.isPending,
        disabled: !check.allowed,
        disabledReason: check.reason,
      }}
    >
      <Container header={<Header variant="h2">{t('members.invite.people')}</Header>}>
        <SpaceBetween size="m">
          {emails.map((_email, index) => (
            // oxlint-disable-next-line react/no-array-index-key -- rows are addressed by position (emailList.N)
            <SpaceBetween key={index} direction="horizontal" size="xs" alignItems="end">
              <div style={{ minWidth: 360 }}>
                <InputField
                  control={form.control}
                  name={`emailList.${index}`}
                  label={t('members.invite.email', { number: index + 1 })}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder="name@example.com"
                  testId={`org-invite-email-${index}`}
                />
              </div>
              {emails.length > 1 ? (
                <Button
                  formAction="none"
                  onClick={() => removeRow(index)}
                  data-testid={`org-invite-email-remove-${index}`}
                >
                  {t('members.invite.removeEmail')}
                </Button>
              ) : null}
            </SpaceBetween>
          ))}
          <Button
            formAction="none"
            iconName="add-plus"
            disabled={emails.length >= MEMBERS_PER_REQUEST}
            onClick={addRow}
            data-testid="org-invite-add-email"
          >
            {t('members.invite.addEmail')}
          </Button>
          <OrgRolesField control={form.control} testId="org-invite-roles" />
        </SpaceBetween>
      </Container>
    </ServerForm>
  );
}
