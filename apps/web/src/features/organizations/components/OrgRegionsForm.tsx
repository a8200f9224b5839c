import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { OrgRegion } from '@console/contracts/organizations';
import { HIDDEN_REGION, REGION_CATALOGUE, type RegionCode } from '@console/contracts/regions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ControlledField } from '../../../shared/form/ControlledField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useSettingsPanel, type SettingsPanelProps } from '../../../shared/form/use-settings-panel.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { regionCodeLabel } from '../../../shared/regions/region-label.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateOrgRegionsMutation } from '../../../data/organizations/mutations.ts';
import { orgRegionsQuery } from '../../../data/organizations/queries.ts';

/** The regions a user may choose: every platform region but GLOBAL, which the server always keeps. */
const CHOOSABLE = REGION_CATALOGUE.filter((region) => region.code !== HIDDEN_REGION);

const FIELDS = ['regionCodeList'] as const;

const chosenOf = (regions: readonly OrgRegion[]): RegionCode[] =>
  CHOOSABLE.filter((region) => regions.some((item) => item.regionCode === region.code)).map((region) => region.code);

/** Organization management, Regions: which regions the organization uses. */
export function OrgRegionsForm({ orgId, check, onDirtyChange }: SettingsPanelProps & { orgId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const regions = useQuery(orgRegionsQuery(orgId));
  const update = useUpdateOrgRegionsMutation(orgId);
  const saved = useMemo(() => chosenOf(regions.data ?? []), [regions.data]);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-regions-schema.ts').then((module) => module.RegionsSchema),
    defaultValues: { regionCodeList: saved },
    fields: FIELDS,
    submit: ({ regionCodeList }) => update.mutateAsync({ regionCodeList }),
    onSuccess: (answer) => {
      form.reset({ regionCodeList: chosenOf(answer.regions) });
      toasts.show({ type: 'success', content: t('org.setting.regions.saved') });
    },
  });
  const isDirty = useSettingsPanel(form, onDirtyChange, { regionCodeList: saved });

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="org-regions-form"
      errorTestId="org-regions-error"
      containerHeader={
        <Header variant="h2" description={t('org.setting.regions.description')}>
          {t('org.setting.regions.title')}
        </Header>
      }
      status={
        regions.isPending ? (
          <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
        ) : regions.isError ? (
          <ErrorState error={regions.error} onRetry={() => void regions.refetch()} />
        ) : undefined
      }
      submit={{
        text: t('org.setting.regions.save'),
        testId: 'org-regions-submit',
        pending: update.isPending,
        disabled: !check.allowed || !isDirty,
        disabledReason: check.reason,
      }}
    >
      <ControlledField
        control={form.control}
        name="regionCodeList"
        label={t('org.setting.regions.title')}
        render={({ field }) => (
          <ColumnLayout columns={3}>
            {CHOOSABLE.map((region) => (
              <Checkbox
                key={region.code}
                ref={region.code === CHOOSABLE[0]?.code ? field.ref : undefined}
                checked={field.value.includes(region.code)}
                disabled={!check.allowed}
                description={region.code}
                data-testid={`org-region-${region.code}`}
                onChange={({ detail }) => {
                  const next = detail.checked
                    ? CHOOSABLE.map((item) => item.code).filter((code) => code === region.code || field.value.includes(code))
                    : field.value.filter((code) => code !== region.code);
                  field.onChange(next);
                  field.onBlur();
                }}
              >
                {regionCodeLabel(region.code, locale)}
              </Checkbox>
            ))}
          </ColumnLayout>
        )}
      />
    </ServerForm>
  );
}
