import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import TimeInput from '@cloudscape-design/components/time-input';
import TokenGroup from '@cloudscape-design/components/token-group';
import type { ConditionDataType, RoleCondition } from '@console/contracts/conditions';
import { DAYS_OF_WEEK, isConditionValueOfType, MAX_CONDITION_VALUES, valueCountOf } from '@console/contracts/condition-attributes';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { isoToZoned, zonedToIso } from '../lib/zoned-time.ts';

// Cloudscape's DatePicker (with its calendar and date-fns, ≈ 9 KiB gzip) loads when a date-time
// condition is shown, not with every role group form (issue 16).
const DatePicker = lazy(() => import('@cloudscape-design/components/date-picker'));

/** The values of one condition, in the input its attribute and operator need. */
export function ValuesInput({
  condition,
  onChange,
  onTouched,
  timeZone,
  disabled,
  testId,
}: {
  condition: RoleCondition;
  onChange: (next: RoleCondition) => void;
  onTouched: () => void;
  timeZone: string;
  disabled: boolean | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const values = condition.attributeValues;
  const setValues = (next: string[]) => onChange({ ...condition, attributeValues: next });
  const setAt = (index: number, value: string, count: number) => {
    const next = Array.from({ length: count }, (_, i) => values[i] ?? '');
    next[index] = value;
    // An empty slot is left out only at the end, so [from, ''] stays two entries while typing.
    setValues(next.every((item) => item === '') ? [] : next);
  };
  const [, max] = valueCountOf(condition.attributeOperatorTypeCode);

  switch (condition.attributeDataTypeCode as ConditionDataType) {
    case 'TIME':
      return (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <TimeInput
            format="hh:mm"
            placeholder="hh:mm"
            value={values[0] ?? ''}
            onChange={({ detail }) => setAt(0, detail.value, 2)}
            onBlur={onTouched}
            disabled={disabled}
            ariaLabel={t('roleGroups.condition.from')}
            data-testid={`${testId}-from`}
          />
          <Box>–</Box>
          <TimeInput
            format="hh:mm"
            placeholder="hh:mm"
            value={values[1] ?? ''}
            onChange={({ detail }) => setAt(1, detail.value, 2)}
            onBlur={onTouched}
            disabled={disabled}
            ariaLabel={t('roleGroups.condition.to')}
            data-testid={`${testId}-to`}
          />
        </SpaceBetween>
      );
    case 'DAY_OF_WEEK':
      return (
        <SpaceBetween direction="horizontal" size="s">
          {DAYS_OF_WEEK.map((day) => (
            <Checkbox
              key={day}
              checked={values.includes(day)}
              disabled={disabled}
              onChange={({ detail }) => {
                onTouched();
                setValues(DAYS_OF_WEEK.filter((item) => (item === day ? detail.checked : values.includes(item))));
              }}
              data-testid={`${testId}-day-${day}`}
            >
              {t(`roleGroups.days.${day}`)}
            </Checkbox>
          ))}
        </SpaceBetween>
      );
    case 'DATETIME':
      return (
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          {Array.from({ length: max }, (_, index) => (
            <ZonedDateTimeInput
              key={index}
              value={values[index] ?? ''}
              timeZone={timeZone}
              onChange={(value) => setAt(index, value, max)}
              onTouched={onTouched}
              disabled={disabled}
              label={max === 2 ? t(index === 0 ? 'roleGroups.condition.from' : 'roleGroups.condition.to') : t('roleGroups.condition.at')}
              testId={`${testId}-datetime-${index}`}
            />
          ))}
        </SpaceBetween>
      );
    case 'NUMERIC':
      return (
        <SpaceBetween direction="horizontal" size="xs">
          {Array.from({ length: max }, (_, index) => (
            <Input
              key={index}
              type="number"
              value={values[index] ?? ''}
              onChange={({ detail }) => setAt(index, detail.value.trim(), max)}
              onBlur={onTouched}
              disabled={disabled}
              nativeInputAttributes={{ 'data-testid': `${testId}-number-${index}` }}
            />
          ))}
        </SpaceBetween>
      );
    case 'BOOLEAN':
      return <Box color="text-status-inactive">{t('roleGroups.condition.noValues')}</Box>;
    case 'IPADDRESS':
    case 'STRING':
      return (
        <TokenListInput
          values={values}
          dataType={condition.attributeDataTypeCode}
          onChange={(next) => {
            onTouched();
            setValues(next);
          }}
          disabled={disabled}
          testId={testId}
        />
      );
  }
}

/** A date and a time of day in the organization's time zone, kept as the instant (ISO 8601, UTC). */
function ZonedDateTimeInput({
  value,
  timeZone,
  onChange,
  onTouched,
  disabled,
  label,
  testId,
}: {
  value: string;
  timeZone: string;
  onChange: (value: string) => void;
  onTouched: () => void;
  disabled: boolean | undefined;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const zoned = value ? isoToZoned(value, timeZone) : undefined;
  const [date, setDate] = useState(zoned?.date ?? '');
  const [time, setTime] = useState(zoned?.time ?? '');
  const commit = (nextDate: string, nextTime: string) => {
    setDate(nextDate);
    setTime(nextTime);
    // An incomplete entry is kept as typed so the condition shows as invalid until it is complete.
    onChange(zonedToIso(nextDate, nextTime || '00:00', timeZone) ?? (nextDate || nextTime ? `${nextDate}T${nextTime}` : ''));
  };
  return (
    <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
      <Box variant="small">{label}</Box>
      <Suspense fallback={<Spinner />}>
        <DatePicker
          value={date}
          placeholder="YYYY/MM/DD"
          onChange={({ detail }) => commit(detail.value, time)}
          onBlur={onTouched}
          disabled={disabled}
          openCalendarAriaLabel={(selected) => (selected ? `${t('roleGroups.condition.chooseDate')}, ${selected}` : t('roleGroups.condition.chooseDate'))}
          data-testid={`${testId}-date`}
        />
      </Suspense>
      <TimeInput
        format="hh:mm"
        placeholder="hh:mm"
        value={time}
        onChange={({ detail }) => commit(date, detail.value)}
        onBlur={onTouched}
        disabled={disabled}
        data-testid={`${testId}-time`}
      />
    </SpaceBetween>
  );
}

/**
 * Addresses (IP or CIDR) or patterns as tokens: a value is added with Enter or "Add" only when
 * it is well-formed for the type and not there yet; otherwise the input says why and keeps it.
 */
function TokenListInput({
  values,
  dataType,
  onChange,
  disabled,
  testId,
}: {
  values: readonly string[];
  dataType: ConditionDataType;
  onChange: (values: string[]) => void;
  disabled: boolean | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const add = () => {
    const value = draft.trim();
    if (!value) return;
    const normalized = dataType === 'STRING' ? value.toLowerCase() : value;
    // IP values use the spec's own words (§5 "IP or CIDR": 'The IP format is incorrect.', 'IP address is redundant.').
    if (!isConditionValueOfType(dataType, value)) {
      setRefusal(dataType === 'IPADDRESS' ? t('roleGroups.condition.refused.ip') : t('roleGroups.condition.refused.string', { value }));
      return;
    }
    if (values.some((item) => (dataType === 'STRING' ? item.toLowerCase() : item) === normalized)) {
      setRefusal(dataType === 'IPADDRESS' ? t('roleGroups.condition.refused.ipDuplicate') : t('roleGroups.condition.refused.duplicate', { value }));
      return;
    }
    if (values.length >= MAX_CONDITION_VALUES) {
      setRefusal(t('roleGroups.condition.refused.max', { max: MAX_CONDITION_VALUES }));
      return;
    }
    setRefusal(undefined);
    setDraft('');
    onChange([...values, value]);
  };
  return (
    <SpaceBetween size="xs">
      <FormField
        errorText={refusal ? <span data-testid={`${testId}-refused`}>{refusal}</span> : undefined}
        constraintText={t(`roleGroups.condition.tokenHint.${dataType === 'IPADDRESS' ? 'ip' : 'string'}`)}
        stretch
      >
        <SpaceBetween direction="horizontal" size="xs">
          <Input
            value={draft}
            onChange={({ detail }) => {
              setDraft(detail.value);
              setRefusal(undefined);
            }}
            onKeyDown={(event) => {
              if (event.detail.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
            invalid={refusal !== undefined}
            disabled={disabled}
            placeholder={dataType === 'IPADDRESS' ? '203.0.113.0/24' : '*Chrome*'}
            ariaLabel={t('roleGroups.condition.values')}
            nativeInputAttributes={{ 'data-testid': `${testId}-token-input` }}
          />
          <Button formAction="none" disabled={disabled} onClick={add} data-testid={`${testId}-token-add`}>
            {t('roleGroups.condition.addValue')}
          </Button>
        </SpaceBetween>
      </FormField>
      <TokenGroup
        items={values.map((value) => ({ label: value, dismissLabel: t('roleGroups.condition.removeValue', { value }) }))}
        onDismiss={({ detail }) => onChange(values.filter((_, index) => index !== detail.itemIndex))}
        readOnly={disabled}
        data-testid={`${testId}-tokens`}
      />
    </SpaceBetween>
  );
}
