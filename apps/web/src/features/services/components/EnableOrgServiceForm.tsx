import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { allOrgMembersQuery } from '../../../data/members/queries.ts';
import { useEnableOrgProductMutation } from '../../../data/products/mutations.ts';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { Schema } from './enable-org-service-schema.ts';

type Values = z.infer<typeof Schema>;
const FIELDS = ['saasOwnerUuid'] as const;

/**
 * Enabling an organization service (spec §7: POST organizations/{orgId}/products/{productId}/enable
 * {saasOwnerUuid}): the member chosen becomes the service's SaaS OWNER. A refusal that names the
 * owner (ORG_MEMBER_NOT_FOUND) shows next to the field; any other (restriction, payment method) above the buttons
 * under 'Cannot enable service.'.
 */
export function EnableOrgServiceForm({
  orgId,
  productId,
  productName,
  onDone,
  onCancel,
}: {
  orgId: string;
  productId: string;
  productName: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const members = useQuery(allOrgMembersQuery(orgId));
  const enable = useEnableOrgProductMutation(orgId);
  const { form, formError, pending, onSubmit } = useServerForm({
    schema: () => import('./enable-org-service-schema.ts').then((module) => module.Schema),
    defaultValues: { saasOwnerUuid: '' } satisfies Values,
    fields: FIELDS,
    aliases: { 'body.saasOwnerUuid': 'saasOwnerUuid' },
    showProgress: false,
    submit: (values: Values) => enable.mutateAsync({ productId, saasOwnerUuid: values.saasOwnerUuid }),
    // 22019: the member chosen is not (or no longer) a member of the organization.
    formErrorText: (text) => `${t('services.cannotEnable')} ${text}`,
    onSuccess: () => onDone(),
  });
  const options = (members.data?.members ?? [])
    .filter((member) => member.memberStatusCode === 'STABLE')
    .map((member) => ({ value: member.memberUuid, label: member.name, description: member.email }));

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-service-enable-form"
      errorTestId="org-service-enable-error"
      cancel={{ onClick: onCancel, testId: 'org-service-enable-cancel' }}
      submit={{ text: t('services.enable'), testId: 'org-service-enable-submit', pending }}
    >
      <SpaceBetween size="m">
        <Alert type="info">{t('services.org.enableInfo', { name: productName })}</Alert>
        <SelectField
          control={form.control}
          name="saasOwnerUuid"
          label={t('services.org.saasOwner')}
          description={t('services.org.saasOwnerHint')}
          options={options}
          placeholder={t('services.org.chooseMember')}
          filteringType="auto"
          loading={members.isPending}
          loadingText={t('common.loading')}
          testId="org-service-owner"
          errorTestId="org-service-owner-error"
        />
      </SpaceBetween>
    </ServerForm>
  );
}
