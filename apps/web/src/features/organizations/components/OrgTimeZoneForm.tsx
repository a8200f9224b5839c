import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import { DEFAULT_ORG_TIME_ZONE, supportedTimeZones, type Organization } from '@console/contracts/organizations';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useUpdateOrgTimeZoneMutation } from '../../../data/organizations/mutations.ts';

/** "Asia/Seoul (UTC+09:00)": the zone and its offset now. */
function zoneLabel(zone: string): string {
  try {
    const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    if (!offset) return zone;
    return `${zone} (${offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC')})`;
  } catch {
    return zone;
  }
}

/** The zones as options. A label takes an Intl formatter of its own (≈420 of them), so the list is
 * made once and kept for an hour (offsets change with daylight saving time), not on every mount. */
let zoneOptions: { madeAt: number; options: { value: string; label: string }[] } | undefined;
function timeZoneOptions() {
  const now = Date.now();
  if (!zoneOptions || now - zoneOptions.madeAt > 3_600_000) {
    zoneOptions = { madeAt: now, options: supportedTimeZones().map((value) => ({ value, label: zoneLabel(value) })) };
  }
  return zoneOptions.options;
}

/**
 * Organization management, default settings: the organization's time zone, in which role
 * conditions on time and day of the week are evaluated. Saved with the organization's PUT
 * (Organization.Setting.Update); the server checks the zone. The page keys it by the saved zone,
 * so a zone saved elsewhere resets it.
 */
export function OrgTimeZoneForm({
  org,
  check,
  onDirtyChange,
}: {
  org: Organization;
  check: PermissionCheck;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const savedZone = org.timeZone ?? DEFAULT_ORG_TIME_ZONE;
  const [zone, setZone] = useState(savedZone);
  const [errorText, setErrorText] = useState<string>();
  const options = useMemo(() => timeZoneOptions(), []);
  const dirty = zone !== savedZone;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const save = useUpdateOrgTimeZoneMutation(org);

  const onSave = async () => {
    setErrorText(undefined);
    try {
      const answer = await progress.track(save.mutateAsync(zone));
      toasts.show({ type: 'success', content: t('org.defaults.timeZone.saved', { timeZone: answer.org.timeZone ?? zone }) });
    } catch (error) {
      const field = isApiError(error) ? error.fieldErrors.find((item) => item.field === 'body.org.timeZone') : undefined;
      setErrorText(field?.message ?? apiErrorMessage(error, t));
    }
  };

  return (
    <Container
      data-testid="org-time-zone"
      header={
        <Header variant="h2" description={t('org.defaults.timeZone.description')}>
          {t('org.defaults.timeZone.title')}
        </Header>
      }
    >
      <Form
        actions={
          <Button
            variant="primary"
            onClick={() => void onSave()}
            loading={save.isPending}
            disabled={!check.allowed || !dirty || save.isPending}
            disabledReason={check.reason}
            data-testid="org-time-zone-save"
          >
            {t('org.defaults.timeZone.save')}
          </Button>
        }
      >
        <FormField
          label={t('org.defaults.timeZone.label')}
          errorText={errorText ? <span data-testid="org-time-zone-error">{errorText}</span> : undefined}
          stretch
        >
          <Select
            data-testid="org-time-zone-select"
            selectedOption={options.find((option) => option.value === zone) ?? { value: zone, label: zone }}
            options={options}
            filteringType="auto"
            placeholder={t('org.defaults.timeZone.placeholder')}
            disabled={!check.allowed}
            onChange={({ detail }) => {
              setErrorText(undefined);
              setZone(detail.selectedOption.value ?? savedZone);
            }}
          />
        </FormField>
      </Form>
    </Container>
  );
}
