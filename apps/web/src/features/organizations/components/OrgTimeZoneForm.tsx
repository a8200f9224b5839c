import Header from '@cloudscape-design/components/header';
import type { Organization } from '@console/contracts/organizations';
import { DEFAULT_ORG_TIME_ZONE, supportedTimeZones } from '@console/contracts/organizations-constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useUpdateOrgTimeZoneMutation } from '../../../data/organizations/mutations.ts';
import { SelectField } from '../../../shared/form/SelectField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useSettingsPanel, type SettingsPanelProps } from '../../../shared/form/use-settings-panel.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { inIdleSlices } from '../../../shared/hooks/idle-slices.ts';

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

/** The zones as options. A label takes an Intl formatter of its own (≈420 of them: 80-200 ms of
 * main thread in all, more on a busy machine), so the list is made once and kept for an hour
 * (offsets change with daylight saving time), not on every mount — and not in the settings page's
 * first render (issue 16): `useTimeZoneOptions`. */
let zoneOptions: { madeAt: number; options: { value: string; label: string }[] } | undefined;
const ZONE_OPTIONS_MAX_AGE_MS = 3_600_000;

const freshZoneOptions = () => (zoneOptions && Date.now() - zoneOptions.madeAt <= ZONE_OPTIONS_MAX_AGE_MS ? zoneOptions.options : undefined);

/**
 * The time zone options: at first only the saved zone's (one label), then the whole list, made
 * in the browser's idle time a few milliseconds per task (`inIdleSlices`: a slice of 40 zones was a
 * 100-440 ms long task on a busy machine, the org settings page's total blocking time), or at once
 * when the select takes the focus first (`complete`, for its onFocus), so the list is whole whenever
 * it opens.
 */
function useTimeZoneOptions(savedZone: string) {
  const [options, setOptions] = useState(() => freshZoneOptions() ?? [{ value: savedZone, label: zoneLabel(savedZone) }]);
  const made = useRef<{ value: string; label: string }[]>([]);
  const complete = useCallback(() => {
    const fresh = freshZoneOptions();
    if (fresh) {
      setOptions(fresh);
      return;
    }
    const zones = supportedTimeZones();
    for (const value of zones.slice(made.current.length)) made.current.push({ value, label: zoneLabel(value) });
    zoneOptions = { madeAt: Date.now(), options: made.current };
    made.current = [];
    setOptions(zoneOptions.options);
  }, []);
  useEffect(() => {
    if (freshZoneOptions()) return undefined;
    const zones = supportedTimeZones();
    return inIdleSlices(() => {
      if (freshZoneOptions() || made.current.length >= zones.length) {
        complete();
        return true;
      }
      const value = zones[made.current.length]!;
      made.current.push({ value, label: zoneLabel(value) });
      return false;
    });
  }, [complete]);
  return { options, complete };
}

const FIELDS = ['timeZone'] as const;
/** The server names the field as the organization's PUT body has it. */
const ALIASES = { 'body.org.timeZone': 'timeZone' } as const;

/**
 * Organization management, default settings: the organization's time zone, in which role
 * conditions on time and day of the week are evaluated. Saved with the organization's PUT
 * (Organization.Setting.Update); the server checks the zone. The page keys it by the saved zone,
 * so a zone saved elsewhere resets it.
 */
export function OrgTimeZoneForm({ org, check, onDirtyChange }: SettingsPanelProps & { org: Organization }) {
  const { t } = useTranslation();
  const savedZone = org.timeZone ?? DEFAULT_ORG_TIME_ZONE;
  const timeZones = useTimeZoneOptions(savedZone);
  const save = useUpdateOrgTimeZoneMutation(org);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./org-time-zone-schema.ts').then((module) => module.TimeZoneFormSchema),
    defaultValues: { timeZone: savedZone },
    fields: FIELDS,
    aliases: ALIASES,
    submit: ({ timeZone }) => save.mutateAsync(timeZone),
    onSuccess: (answer, { timeZone }) => {
      form.reset({ timeZone: answer.org.timeZone ?? timeZone });
      toasts.show({ type: 'success', content: t('org.defaults.timeZone.saved', { timeZone: answer.org.timeZone ?? timeZone }) });
    },
  });
  const dirty = useSettingsPanel(form, onDirtyChange);

  return (
    <div data-testid="org-time-zone">
      <ServerForm
        onSubmit={onSubmit}
        formError={formError}
        testId="org-time-zone-form"
        errorTestId="org-time-zone-form-error"
        containerHeader={
          <Header variant="h2" description={t('org.defaults.timeZone.description')}>
            {t('org.defaults.timeZone.title')}
          </Header>
        }
        submit={{
          text: t('org.defaults.timeZone.save'),
          testId: 'org-time-zone-save',
          pending: save.isPending,
          disabled: !check.allowed || !dirty,
          disabledReason: check.reason,
        }}
      >
        <SelectField
          control={form.control}
          name="timeZone"
          label={t('org.defaults.timeZone.label')}
          options={timeZones.options}
          onFocus={timeZones.complete}
          filteringType="auto"
          unlistedOption={(value) => ({ value, label: value })}
          placeholder={t('org.defaults.timeZone.placeholder')}
          disabled={!check.allowed}
          errorTestId="org-time-zone-error"
          testId="org-time-zone-select"
        />
      </ServerForm>
    </div>
  );
}
