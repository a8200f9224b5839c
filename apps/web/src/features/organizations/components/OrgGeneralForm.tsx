import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import { OrgBodySchema, type Organization } from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useRenameOrganizationMutation } from '../api/mutations.ts';
import { organizationsQuery } from '../api/queries.ts';
import { isSameName } from '../../../shared/lib/names.ts';

const RenameSchema = OrgBodySchema.shape.org;
const FIELDS = ['orgName'] as const;
const SERVER_FIELDS = { 'body.org.orgName': 'orgName' } as const;

/** Organization management, General: the organization's name. */
export function OrgGeneralForm({
  org,
  check,
  onDirtyChange,
}: {
  org: Organization;
  check: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const rename = useRenameOrganizationMutation(org.orgId);
  const orgs = useQuery(organizationsQuery());
  const form = useForm({
    resolver: zodResolver(RenameSchema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { orgName: org.orgName },
  });
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  // A name changed elsewhere (another tab, the list refetched) shows unless the user is editing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ orgName: org.orgName });
  }, [org.orgName, form]);

  const name = useWatch({ control: form.control, name: 'orgName' });
  const duplicate = (orgs.data ?? []).some((other) => other.orgId !== org.orgId && isSameName(other.orgName, name));

  const onSubmit = form.handleSubmit(async ({ orgName }) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(rename.mutateAsync(orgName));
      form.reset({ orgName: answer.org.orgName });
      toasts.show(
        answer.duplicateNameWarning
          ? { type: 'warning', content: t('org.setting.general.savedDuplicate', { name: answer.org.orgName }) }
          : { type: 'success', content: t('org.setting.general.saved', { name: answer.org.orgName }) },
      );
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t, SERVER_FIELDS);
      if (!isFieldErrorOnly(error, FIELDS, SERVER_FIELDS)) setFormError(text);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="org-general-form">
      <Container header={<Header variant="h2">{t('org.setting.general.title')}</Header>}>
        <Form
          errorText={formError ? <span data-testid="org-general-error">{formError}</span> : undefined}
          actions={
            <Button
              variant="primary"
              formAction="submit"
              loading={rename.isPending}
              disabled={!check.allowed || !isDirty || rename.isPending}
              disabledReason={check.reason}
              nativeButtonAttributes={{ 'data-testid': 'org-rename-submit' }}
            >
              {t('common.save')}
            </Button>
          }
        >
          <InputField
            control={form.control}
            name="orgName"
            label={t('org.create.name')}
            constraintText={t('org.create.nameConstraint')}
            warningText={duplicate && isDirty ? t('org.create.duplicateName') : undefined}
            disabled={!check.allowed}
            autoComplete="off"
            testId="org-rename-name"
          />
        </Form>
      </Container>
    </form>
  );
}
