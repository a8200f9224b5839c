import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { OrgBodySchema, type Organization } from '@console/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useCreateOrganizationMutation } from '../api/mutations.ts';
import { organizationInfosQuery, organizationsQuery } from '../api/queries.ts';
import { creationBlockText } from './creation-block.ts';
import { isSameName } from '../../../shared/lib/names.ts';

/** The form's schema is the request's: `{org: {orgName}}` without the wrapper. */
const CreateOrganizationSchema = OrgBodySchema.shape.org;
const FIELDS = ['orgName'] as const;
const SERVER_FIELDS = { 'body.org.orgName': 'orgName' } as const;

export interface CreateOrganizationFormProps {
  readonly onCreated: (org: Organization) => void;
  readonly onCancel: () => void;
  readonly onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Create organization: the name is checked when the field loses focus (spec §5 rule of the
 * contracts), a name the caller already uses is warned about (not refused), and the server's
 * refusals (quota 22021, account restriction 20005) show on the form.
 */
export function CreateOrganizationForm({ onCreated, onCancel, onDirtyChange }: CreateOrganizationFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const create = useCreateOrganizationMutation();
  const orgs = useQuery(organizationsQuery());
  const infos = useQuery(organizationInfosQuery());
  const blocked = creationBlockText(t, infos.data?.orgCreation);
  const form = useForm({
    resolver: zodResolver(CreateOrganizationSchema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { orgName: '' },
    shouldFocusError: true,
  });
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const name = useWatch({ control: form.control, name: 'orgName' });
  const duplicate = (orgs.data ?? []).some((org) => isSameName(org.orgName, name));

  const onSubmit = form.handleSubmit(async ({ orgName }) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(create.mutateAsync(orgName));
      toasts.show(
        answer.duplicateNameWarning
          ? { type: 'warning', content: t('org.create.createdDuplicate', { name: answer.org.orgName }) }
          : { type: 'success', content: t('org.create.created', { name: answer.org.orgName }) },
      );
      form.reset({ orgName: answer.org.orgName });
      onDirtyChange?.(false);
      onCreated(answer.org);
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t, SERVER_FIELDS);
      if (!isFieldErrorOnly(error, FIELDS, SERVER_FIELDS)) setFormError(text);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="create-org-form">
      <Form
        errorText={formError ? <span data-testid="create-org-form-error">{formError}</span> : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" formAction="none" onClick={onCancel} data-testid="create-org-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              variant="primary"
              formAction="submit"
              loading={create.isPending}
              disabled={create.isPending || blocked !== undefined}
              disabledReason={blocked}
              nativeButtonAttributes={{ 'data-testid': 'create-org-submit' }}
            >
              {t('org.create.submit')}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="m">
          <Box variant="p" color="text-body-secondary">
            {t('org.create.description')}
          </Box>
          {blocked ? (
            <Alert type="warning" data-testid="create-org-blocked">
              {blocked}
            </Alert>
          ) : null}
          <InputField
            control={form.control}
            name="orgName"
            label={t('org.create.name')}
            constraintText={t('org.create.nameConstraint')}
            placeholder={t('org.create.namePlaceholder')}
            warningText={duplicate ? t('org.create.duplicateName') : undefined}
            autoComplete="off"
            testId="create-org-name"
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
