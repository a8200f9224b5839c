import type { IpAcl } from '@console/contracts/governance';
import { IP_ACL_SELECTIONS, IP_LIST_MAX } from '@console/contracts/governance-constants';
import { IP_ACL_TYPE_CODES } from '@console/contracts/organizations-constants';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { TextareaField } from '../../../shared/form/TextareaField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useSaveIpAclMutation } from '../../../data/governance/governance.ts';
import { ipAliases, ipsOf } from './ip-list.ts';
import { confirmProposedRule, LOCKOUT_CANCELLED, RuleFormFrame } from './lockout-flow.tsx';

const FIELDS = ['ipAclTypeCode', 'ipAclSelection', 'ips'] as const;

/**
 * The organization's IP ACL (spec §4 NO_SETTING / SETTING, §5 IPv4 with an optional mask): the
 * type, the selection and the allowed IPs. Before saving, the proposal is tested against the
 * admin's address and the members' recent sign-ins (LockoutConfirm).
 * With `product`, the same frame edits one service's own list (INDIVIDUAL type): it decides who
 * reaches that service's calls only, so it is saved without the lockout preview.
 */
export function IpAclForm({ orgId, ipAcl, check, product }: { orgId: string; ipAcl: IpAcl; check: PermissionCheck; product?: { productId: string; productName: string } }) {
  const { t } = useTranslation();
  const prefix = product ? 'product-ip-acl' : 'ip-acl';
  const save = useSaveIpAclMutation(orgId);
  const { form, formError, onSubmit, pending } = useServerForm({
    schema: () => import('./ip-acl-schema.ts').then((module) => module.FormSchema),
    defaultValues: { ipAclTypeCode: ipAcl.ipAclTypeCode, ipAclSelection: ipAcl.ipAclSelection, ips: ipAcl.ips.join('\n') },
    fields: FIELDS,
    aliases: ipAliases('ips'),
    handleError: (error) => error === LOCKOUT_CANCELLED,
    submit: async (values) => {
      const ips = ipsOf(values.ips);
      if (product) return save.mutateAsync({ ipAclTypeCode: 'INDIVIDUAL', productId: product.productId, ipAclSelection: values.ipAclSelection, ips });
      const typed = await confirmProposedRule(orgId, { rule: 'IP_ACL', ipAclSelection: values.ipAclSelection, ips }, t('governance.lockout.title'));
      return save.mutateAsync({ ipAclTypeCode: values.ipAclTypeCode, ipAclSelection: values.ipAclSelection, ips, ...(typed ? { confirmLockout: typed } : {}) });
    },
    onSuccess: (answer) => {
      form.reset({ ipAclTypeCode: answer.ipAcl.ipAclTypeCode, ipAclSelection: answer.ipAcl.ipAclSelection, ips: answer.ipAcl.ips.join('\n') });
      toasts.show({ type: 'success', content: product ? t('governance.productIpAcl.saved', { product: product.productName }) : t('governance.ipAcl.saved') });
    },
  });
  const dirty = form.formState.isDirty;

  return (
    <RuleFormFrame
      testId={prefix}
      {...(product ? {} : { title: t('governance.ipAcl.title'), description: t('governance.ipAcl.description') })}
      onSubmit={onSubmit}
      formError={formError}
      check={check}
      pending={pending || save.isPending}
      dirty={dirty}
    >
        {product ? null : (
          <SelectField
            control={form.control}
            name="ipAclTypeCode"
            label={t('governance.ipAcl.type')}
            description={t('governance.ipAcl.typeHint')}
            options={IP_ACL_TYPE_CODES.map((value) => ({ value, label: t(`governance.ipAcl.types.${value}`) }))}
            disabled={!check.allowed}
            testId="ip-acl-type"
          />
        )}
        <SelectField
          control={form.control}
          name="ipAclSelection"
          label={t('governance.ipAcl.selection')}
          options={IP_ACL_SELECTIONS.map((value) => ({ value, label: t(`governance.ipAcl.selections.${value}`) }))}
          disabled={!check.allowed}
          testId={`${prefix}-selection`}
        />
        <TextareaField
          control={form.control}
          name="ips"
          label={t('governance.ipAcl.ips')}
          description={t('governance.ipAcl.ipsHint', { max: IP_LIST_MAX })}
          rows={5}
          disabled={!check.allowed}
          testId={`${prefix}-ips`}
        />
    </RuleFormFrame>
  );
}
