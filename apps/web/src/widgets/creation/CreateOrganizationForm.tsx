import Alert from '@cloudscape-design/components/alert';
import type { Organization } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { InputField } from '../../shared/form/InputField.tsx';
import { toasts } from '../../shared/ui/toasts.ts';
import { useCreateOrganizationMutation } from '../../data/organizations/mutations.ts';
import { organizationInfosQuery, organizationsQuery } from '../../data/organizations/queries.ts';
import { creationBlockText } from './creation-block.ts';
import { CreationFrame, useCreationForm, type CreationFormProps } from './CreationForm.tsx';
import { isSameName } from '../../shared/lib/names.ts';

/** The form's schema is the request's: `{org: {orgName}}` without the wrapper. */
const FIELDS = ['orgName'] as const;
const SERVER_FIELDS = { 'body.org.orgName': 'orgName' } as const;

export type CreateOrganizationFormProps = CreationFormProps<Organization>;

/**
 * Create organization: the name is checked when the field loses focus (spec §5 rule of the
 * contracts), a name the caller already uses is warned about (not refused), and the server's
 * refusals (quota ORGANIZATION_QUOTA_EXCEEDED, account restriction ACCOUNT_RESTRICTED) show on the form.
 */
export function CreateOrganizationForm({ onCreated, onCancel, onDirtyChange }: CreateOrganizationFormProps) {
  const { t } = useTranslation();
  const create = useCreateOrganizationMutation();
  const orgs = useQuery(organizationsQuery());
  const infos = useQuery(organizationInfosQuery());
  const blocked = creationBlockText(t, infos.data?.orgCreation);
  const server = useCreationForm({
    schema: () => import('@console/contracts/organizations').then((module) => module.OrgBodySchema.shape.org),
    defaultValues: { orgName: '' },
    fields: FIELDS,
    aliases: SERVER_FIELDS,
    submit: ({ orgName }) => create.mutateAsync(orgName),
    resetTo: (answer) => ({ orgName: answer.org.orgName }),
    onCreated: (answer) => {
      toasts.show(
        answer.duplicateNameWarning
          ? { type: 'warning', content: t('org.create.createdDuplicate', { name: answer.org.orgName }) }
          : { type: 'success', content: t('org.create.created', { name: answer.org.orgName }) },
      );
      onCreated(answer.org);
    },
    onDirtyChange,
  });
  const { form } = server;

  const name = useWatch({ control: form.control, name: 'orgName' });
  const duplicate = (orgs.data ?? []).some((org) => isSameName(org.orgName, name));

  return (
    <CreationFrame
      kind="org"
      server={server}
      onCancel={onCancel}
      submitText={t('org.create.submit')}
      pending={create.isPending}
      disabled={blocked !== undefined}
      disabledReason={blocked}
      description={t('org.create.description')}
    >
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
    </CreationFrame>
  );
}
