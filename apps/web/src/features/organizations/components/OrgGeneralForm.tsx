import Header from '@cloudscape-design/components/header';
import type { Organization } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useSettingsPanel, type SettingsPanelProps } from '../../../shared/form/use-settings-panel.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useRenameOrganizationMutation } from '../../../data/organizations/mutations.ts';
import { organizationsQuery } from '../../../data/organizations/queries.ts';
import { isSameName } from '../../../shared/lib/names.ts';

const FIELDS = ['orgName'] as const;
const SERVER_FIELDS = { 'body.org.orgName': 'orgName' } as const;

/** Organization management, General: the organization's name. */
export function OrgGeneralForm({ org, check, onDirtyChange }: SettingsPanelProps & { org: Organization }) {
  const { t } = useTranslation();
  const rename = useRenameOrganizationMutation(org.orgId);
  const orgs = useQuery(organizationsQuery());
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-general-schema.ts').then((module) => module.RenameSchema),
    defaultValues: { orgName: org.orgName },
    fields: FIELDS,
    aliases: SERVER_FIELDS,
    submit: ({ orgName }) => rename.mutateAsync(orgName),
    onSuccess: (answer) => {
      form.reset({ orgName: answer.org.orgName });
      toasts.show(
        answer.duplicateNameWarning
          ? { type: 'warning', content: t('org.setting.general.savedDuplicate', { name: answer.org.orgName }) }
          : { type: 'success', content: t('org.setting.general.saved', { name: answer.org.orgName }) },
      );
    },
  });
  // A name changed elsewhere (another tab, the list refetched) shows unless the user is editing.
  const isDirty = useSettingsPanel(form, onDirtyChange, { orgName: org.orgName });

  const name = useWatch({ control: form.control, name: 'orgName' });
  const duplicate = (orgs.data ?? []).some((other) => other.orgId !== org.orgId && isSameName(other.orgName, name));

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-general-form"
      errorTestId="org-general-error"
      containerHeader={<Header variant="h2">{t('org.setting.general.title')}</Header>}
      submit={{
        text: t('common.save'),
        testId: 'org-rename-submit',
        pending: rename.isPending,
        disabled: !check.allowed || !isDirty,
        disabledReason: check.reason,
      }}
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
    </ServerForm>
  );
}
