import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { OrgRegion } from '@console/contracts/organizations';
import { HIDDEN_REGION, REGION_CATALOGUE, REGION_CODES, type RegionCode } from '@console/contracts/regions';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFieldErrorText } from '../../../shared/form/field-error.ts';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { regionCodeLabel } from '../../../shared/regions/region-label.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateOrgRegionsMutation } from '../api/mutations.ts';
import { orgRegionsQuery } from '../api/queries.ts';

/** The regions a user may choose: every platform region but GLOBAL, which the server always keeps. */
const CHOOSABLE = REGION_CATALOGUE.filter((region) => region.code !== HIDDEN_REGION);

/** At least one region besides GLOBAL (the server's rule, with its message key). */
const RegionsSchema = z.object({
  regionCodeList: z
    .array(z.enum(REGION_CODES))
    .refine((codes) => codes.some((code) => code !== HIDDEN_REGION), { error: 'validation.regions.nonGlobalRequired' }),
});
const FIELDS = ['regionCodeList'] as const;

const chosenOf = (regions: readonly OrgRegion[]): RegionCode[] =>
  CHOOSABLE.filter((region) => regions.some((item) => item.regionCode === region.code)).map((region) => region.code);

function ErrorText({ error }: { error: FieldError | undefined }) {
  const text = useFieldErrorText(error);
  return text ? <>{text}</> : null;
}

/** Organization management, Regions: which regions the organization uses. */
export function OrgRegionsForm({
  orgId,
  check,
  onDirtyChange,
}: {
  orgId: string;
  check: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const [formError, setFormError] = useState<string>();
  const regions = useQuery(orgRegionsQuery(orgId));
  const update = useUpdateOrgRegionsMutation(orgId);
  const saved = useMemo(() => chosenOf(regions.data ?? []), [regions.data]);
  const form = useForm({
    resolver: zodResolver(RegionsSchema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { regionCodeList: saved },
  });
  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => {
    if (!form.formState.isDirty) form.reset({ regionCodeList: saved });
  }, [saved, form]);

  const onSubmit = form.handleSubmit(async ({ regionCodeList }) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(update.mutateAsync({ regionCodeList }));
      form.reset({ regionCodeList: chosenOf(answer.regions) });
      toasts.show({ type: 'success', content: t('org.setting.regions.saved') });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t);
      if (!isFieldErrorOnly(error, FIELDS)) setFormError(text);
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="org-regions-form">
      <Container
        header={
          <Header variant="h2" description={t('org.setting.regions.description')}>
            {t('org.setting.regions.title')}
          </Header>
        }
      >
        {regions.isPending ? (
          <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
        ) : regions.isError ? (
          <ErrorState error={regions.error} onRetry={() => void regions.refetch()} />
        ) : (
          <Form
            errorText={formError ? <span data-testid="org-regions-error">{formError}</span> : undefined}
            actions={
              <Button
                variant="primary"
                formAction="submit"
                loading={update.isPending}
                disabled={!check.allowed || !isDirty || update.isPending}
                disabledReason={check.reason}
                nativeButtonAttributes={{ 'data-testid': 'org-regions-submit' }}
              >
                {t('org.setting.regions.save')}
              </Button>
            }
          >
            <Controller
              control={form.control}
              name="regionCodeList"
              render={({ field, fieldState }) => (
                <FormField
                  label={t('org.setting.regions.title')}
                  errorText={fieldState.invalid ? <ErrorText error={fieldState.error} /> : undefined}
                  stretch
                >
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
                </FormField>
              )}
            />
          </Form>
        )}
      </Container>
    </form>
  );
}
