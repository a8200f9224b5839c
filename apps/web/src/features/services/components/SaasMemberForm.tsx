import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/api-error.ts';
import { allOrgMembersQuery } from '../../../data/members/queries.ts';
import { useSetSaasRoleMutation } from '../../../data/products/mutations.ts';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { Schema } from './saas-member-schema.ts';

/** The roles a member can be given here; OWNER changes through set-owner only. */
export const ASSIGNABLE_SAAS_ROLES = ['ADMIN', 'MEMBER', 'VIEWER'] as const;
type AssignableRole = (typeof ASSIGNABLE_SAAS_ROLES)[number];

type Values = z.infer<typeof Schema>;
const FIELDS = ['memberId', 'role'] as const;
/** Refusals about the member chosen: SAAS_OWNER_NOT_REMOVABLE the SaaS OWNER, ORG_MEMBER_NOT_FOUND not a member of the organization. */
const MEMBER_REFUSALS = new Set(['13010', '22019']);

/**
 * Adds an organization member to a SaaS product, or changes the role of one already in it
 * (POST saas/organizations/{orgId}/members/{id}/set-role {productId, role}). With `member` the
 * member is fixed and only the role is chosen. SAAS_OWNER_NOT_REMOVABLE (the SaaS OWNER) and ORG_MEMBER_NOT_FOUND (not a member of
 * the organization) show next to the member.
 */
export function SaasMemberForm({
  orgId,
  productId,
  member,
  excludeIds,
  onDone,
  onCancel,
}: {
  orgId: string;
  productId: string;
  member?: { memberUuid: string; name: string; role: AssignableRole };
  /** Members already in the product (not offered when adding). */
  excludeIds: ReadonlySet<string>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const members = useQuery({ ...allOrgMembersQuery(orgId), enabled: member === undefined });
  const setRole = useSetSaasRoleMutation(orgId, productId);
  const { form, formError, pending, onSubmit } = useServerForm({
    schema: () => import('./saas-member-schema.ts').then((module) => module.Schema),
    defaultValues: { memberId: member?.memberUuid ?? '', role: member?.role ?? 'MEMBER' } satisfies Values,
    fields: FIELDS,
    aliases: { 'params.memberId': 'memberId', 'body.role': 'role' },
    handleError: (error) => {
      if (isApiError(error) && MEMBER_REFUSALS.has(String(error.resultCode))) {
        form.setError('memberId', { type: 'server', message: error.message });
        return true;
      }
      return false;
    },
    showProgress: false,
    submit: (values: Values) => setRole.mutateAsync({ memberId: values.memberId, role: values.role }),
    onSuccess: () => onDone(),
  });
  const memberOptions = member
    ? [{ value: member.memberUuid, label: member.name }]
    : (members.data?.members ?? [])
        .filter((candidate) => candidate.memberStatusCode === 'STABLE' && !excludeIds.has(candidate.memberUuid))
        .map((candidate) => ({ value: candidate.memberUuid, label: candidate.name, description: candidate.email }));
  const roleOptions = ASSIGNABLE_SAAS_ROLES.map((role) => ({ value: role, label: t(`services.saas.role_${role}`) }));

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="saas-member-form"
      errorTestId="saas-member-form-error"
      cancel={{ onClick: onCancel, testId: 'saas-member-form-cancel' }}
      submit={{ text: member ? t('services.saas.save') : t('services.saas.add'), testId: 'saas-member-form-submit', pending }}
    >
      <SpaceBetween size="m">
        <SelectField
          control={form.control}
          name="memberId"
          label={t('services.saas.member')}
          options={memberOptions}
          placeholder={t('services.org.chooseMember')}
          filteringType="auto"
          disabled={member !== undefined}
          loading={member === undefined && members.isPending}
          loadingText={t('common.loading')}
          testId="saas-member-select"
          errorTestId="saas-member-select-error"
        />
        <SelectField control={form.control} name="role" label={t('services.saas.role')} options={roleOptions} testId="saas-role-select" />
      </SpaceBetween>
    </ServerForm>
  );
}
