import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MEMBERS_PER_REQUEST } from '@console/contracts/limits';
import { inviteOrgMembers } from '@console/contracts/members';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useUnsavedChangesGuard } from '../../../shared/form/use-unsaved-changes.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useInviteOrgMembersMutation } from '../api/mutations.ts';
import { orgRoleOptions } from '../components/member-labels.ts';

const InviteSchema = inviteOrgMembers.body!;
type InviteValues = { emailList: string[]; orgRoleCodes: string[] };

/**
 * /org/:orgId/member/cloud/add: invite people by email with organization roles. Each address is
 * its own field, so its rule (spec §5) and the server's refusal show next to it.
 */
export function OrgMemberInvitePage() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const navigate = useNavigate();
  const permissions = usePermissions({ orgId });
  const check = permissions.check('Organization.Member.Create');
  const invite = useInviteOrgMembersMutation(orgId);
  const [formError, setFormError] = useState<string>();
  const form = useForm<InviteValues>({
    resolver: zodResolver(InviteSchema, { error: formErrorMap(t) }) as never,
    mode: 'onTouched',
    defaultValues: { emailList: [''], orgRoleCodes: ['MEMBER'] },
  });
  const emails = useWatch({ control: form.control, name: 'emailList' });
  const { leaveWithoutAsking } = useUnsavedChangesGuard(form.formState.isDirty);
  useDocumentTitle(t('members.invite.title'));
  const back = `/org/${orgId}/member`;

  const fields = (): FieldPath<InviteValues>[] => [
    'orgRoleCodes',
    ...emails.map((_email, index) => `emailList.${index}` as FieldPath<InviteValues>),
  ];

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await progress.track(invite.mutateAsync(values as never));
      toasts.show({ type: 'success', content: t('members.invite.sent', { count: values.emailList.length }) });
      await leaveWithoutAsking(() => navigate(`${back}?tab=invitations`));
    } catch (error) {
      const text = applyServerErrors(error, form.setError, fields(), t);
      if (!isFieldErrorOnly(error, fields())) setFormError(text);
    }
  });

  const removeRow = (index: number) => {
    form.setValue(
      'emailList',
      emails.filter((_email, other) => other !== index),
      { shouldDirty: true },
    );
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('members.invite.description')}>
          {t('members.invite.title')}
        </Header>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="org-invite-form">
        <Form
          errorText={formError ? <span data-testid="org-invite-error">{formError}</span> : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" formAction="none" onClick={() => navigate(back)} data-testid="org-invite-cancel">
                {t('common.cancel')}
              </Button>
              <Button
                variant="primary"
                formAction="submit"
                loading={invite.isPending}
                disabled={!check.allowed || invite.isPending}
                disabledReason={check.reason}
                nativeButtonAttributes={{ 'data-testid': 'org-invite-submit' }}
              >
                {t('members.invite.submit')}
              </Button>
            </SpaceBetween>
          }
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
                onClick={() => form.setValue('emailList', [...emails, ''], { shouldDirty: true })}
                data-testid="org-invite-add-email"
              >
                {t('members.invite.addEmail')}
              </Button>
              <MultiselectField
                control={form.control}
                name="orgRoleCodes"
                label={t('members.columns.roles')}
                placeholder={t('members.rolesPlaceholder')}
                options={orgRoleOptions(t)}
                testId="org-invite-roles"
              />
            </SpaceBetween>
          </Container>
        </Form>
      </form>
    </ContentLayout>
  );
}
