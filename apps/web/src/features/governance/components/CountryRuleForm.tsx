import { SETTING_TYPES } from '@console/contracts/governance-constants';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { MultiselectField } from '../../../shared/form/MultiselectField.tsx';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useSaveCountryRuleMutation } from '../../../data/governance/governance.ts';
import { countryOptions } from './countries.ts';
import { confirmProposedRule, LOCKOUT_CANCELLED, RuleFormFrame } from './lockout-flow.tsx';

const FIELDS = ['settingType', 'countryCodeList'] as const;

/**
 * The overseas access block (spec §3 foreign access block, §5 "at least one allowed country"):
 * access from countries not listed is refused with COUNTRY_NOT_PERMITTED. The country comes from the offline
 * IP-to-country database (or a trusted proxy's header). Saved through the same lockout check.
 */
export function CountryRuleForm({
  orgId,
  rule,
  check,
}: {
  orgId: string;
  rule: { settingType: 'UNUSE' | 'USE'; countryCodeList: readonly string[] };
  check: PermissionCheck;
}) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const save = useSaveCountryRuleMutation(orgId);
  const { form, formError, onSubmit, pending } = useServerForm({
    schema: () => import('./country-rule-schema.ts').then((module) => module.FormSchema),
    defaultValues: { settingType: rule.settingType, countryCodeList: [...rule.countryCodeList] },
    fields: FIELDS,
    handleError: (error) => error === LOCKOUT_CANCELLED,
    submit: async (values) => {
      const typed = await confirmProposedRule(orgId, { rule: 'COUNTRY', settingType: values.settingType, countryCodeList: values.countryCodeList }, t('governance.lockout.title'));
      return save.mutateAsync({ ...values, ...(typed ? { confirmLockout: typed } : {}) });
    },
    onSuccess: (answer) => {
      form.reset({ settingType: answer.countryIpAcl.settingType, countryCodeList: answer.countryIpAcl.countryCodeList });
      toasts.show({ type: 'success', content: t('governance.country.saved') });
    },
  });
  const dirty = form.formState.isDirty;

  return (
    <RuleFormFrame
      testId="country-rule"
      title={t('governance.country.title')}
      description={t('governance.country.description')}
      onSubmit={onSubmit}
      formError={formError}
      check={check}
      pending={pending || save.isPending}
      dirty={dirty}
    >
        <SelectField
          control={form.control}
          name="settingType"
          label={t('governance.country.setting')}
          options={SETTING_TYPES.map((value) => ({ value, label: t(`governance.settingTypes.${value}`) }))}
          disabled={!check.allowed}
          testId="country-rule-setting"
        />
        <MultiselectField
          control={form.control}
          name="countryCodeList"
          label={t('governance.country.allowed')}
          description={t('governance.country.allowedHint')}
          options={options}
          placeholder={t('governance.country.placeholder')}
          filteringType="auto"
          disabled={!check.allowed}
          testId="country-rule-countries"
        />
    </RuleFormFrame>
  );
}
