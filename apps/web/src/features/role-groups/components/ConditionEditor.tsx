import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import TokenGroup from '@cloudscape-design/components/token-group';
import {
  CONDITION_ATTRIBUTE_IDS,
  CONDITION_ATTRIBUTES,
  conditionAttributeText,
  conditionProblem,
  DAYS_OF_WEEK,
  isConditionValueOfType,
  MAX_CONDITION_VALUES,
  MAX_CONDITIONS_PER_ROLE,
  valueCountOf,
  type ConditionAttributeId,
  type ConditionDataType,
  type ConditionOperator,
  type RoleCondition,
} from '@console/contracts/conditions';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLang } from '../../../shared/permissions/role-names.ts';
import { isoToZoned, zonedToIso } from '../lib/zoned-time.ts';

/** A new condition on an attribute: its data type, its first operator, no values. */
export function newCondition(attributeId: ConditionAttributeId): RoleCondition {
  const attribute = CONDITION_ATTRIBUTES[attributeId];
  return {
    attributeId,
    attributeDataTypeCode: attribute.dataType,
    attributeOperatorTypeCode: attribute.operators[0] as ConditionOperator,
    attributeValues: [],
  };
}

/** The text of a condition's problem (contracts `conditionProblem`), or undefined when it is fine. */
export function conditionProblemText(t: TFunction, condition: RoleCondition): string | undefined {
  const problem = conditionProblem(condition);
  if (!problem) return undefined;
  if (problem === 'CONDITION_VALUES_EXIST') return t('roleGroups.condition.duplicateValues');
  return t('roleGroups.condition.invalid', { hint: t(`roleGroups.condition.hints.${condition.attributeDataTypeCode}`) });
}

export interface ConditionEditorProps {
  readonly conditions: readonly RoleCondition[];
  readonly onChange: (conditions: RoleCondition[]) => void;
  /** The organization's time zone: TIME and DAY_OF_WEEK are evaluated there, DATETIME is entered there. */
  readonly timeZone: string;
  /** Show every condition's problem (after a save was tried), not only those edited. */
  readonly showAllProblems: boolean;
  /** The server's refusals (62020, 62021) by condition index. */
  readonly serverErrors?: ReadonlyMap<number, string>;
  readonly disabled?: boolean;
  /** Prefix of the test ids: `${testId}-${index}-attribute` … */
  readonly testId: string;
}

/**
 * The conditions of one role of a role group (spec §3 RoleDetail, §6 "conditions AND"): per
 * condition an attribute, an operator among the attribute's, and values entered the way their
 * type needs (time range, days, date and time, a list of addresses or patterns). A condition's
 * problem (contracts `conditionProblem`, the server's 62020/62021 rules) shows next to it.
 */
export function ConditionEditor({ conditions, onChange, timeZone, showAllProblems, serverErrors, disabled, testId }: ConditionEditorProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const touch = (index: number) => setTouched((previous) => new Set(previous).add(index));

  // Keyboard users keep their place: a condition added takes the focus (its attribute), and the
  // add button takes it back when one is removed.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const addButton = useRef<ButtonProps.Ref>(null);
  const update = (index: number, next: RoleCondition) => onChange(conditions.map((item, i) => (i === index ? next : item)));
  const remove = (index: number) => {
    onChange(conditions.filter((_, i) => i !== index));
    addButton.current?.focus();
    setTouched((previous) => new Set([...previous].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
  };

  return (
    <SpaceBetween size="s">
      {conditions.map((condition, index) => (
        <ConditionRow
          key={index}
          condition={condition}
          onChange={(next) => update(index, next)}
          onRemove={() => remove(index)}
          onTouched={() => touch(index)}
          focusOnMount={focusRow === index}
          problem={showAllProblems || touched.has(index) ? conditionProblemText(t, condition) : undefined}
          serverError={serverErrors?.get(index)}
          timeZone={timeZone}
          disabled={disabled}
          testId={`${testId}-${index}`}
        />
      ))}
      <Button
        formAction="none"
        iconName="add-plus"
        disabled={disabled || conditions.length >= MAX_CONDITIONS_PER_ROLE}
        disabledReason={conditions.length >= MAX_CONDITIONS_PER_ROLE ? t('roleGroups.condition.max', { max: MAX_CONDITIONS_PER_ROLE }) : undefined}
        onClick={() => {
          setFocusRow(conditions.length);
          onChange([...conditions, newCondition('TIME')]);
        }}
        ref={addButton}
        data-testid={`${testId}-add`}
      >
        {t('roleGroups.condition.add')}
      </Button>
    </SpaceBetween>
  );
}

function ConditionRow({
  condition,
  onChange,
  onRemove,
  onTouched,
  problem,
  serverError,
  timeZone,
  disabled,
  testId,
  focusOnMount,
}: {
  /** Take the focus (the attribute) when the row first shows: it was just added. */
  focusOnMount?: boolean;
  condition: RoleCondition;
  onChange: (next: RoleCondition) => void;
  onRemove: () => void;
  onTouched: () => void;
  problem: string | undefined;
  serverError: string | undefined;
  timeZone: string;
  disabled: boolean | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  const attribute = CONDITION_ATTRIBUTES[condition.attributeId];
  // Attribute names and descriptions come from the contracts' catalogue, as the API answers them.
  const lang = activeLang();
  const attributeOptions = CONDITION_ATTRIBUTE_IDS.map((id) => ({
    value: id,
    label: conditionAttributeText(id, lang).name,
    description: conditionAttributeText(id, lang).description,
  }));
  const operatorOptions = attribute.operators.map((operator) => ({ value: operator, label: t(`roleGroups.operators.${operator}`) }));
  const error = serverError ?? problem;

  const setOperator = (operator: ConditionOperator) => {
    const [, max] = valueCountOf(operator);
    onChange({ ...condition, attributeOperatorTypeCode: operator, attributeValues: condition.attributeValues.slice(0, max) });
  };

  const attributeSelect = useRef<SelectProps.Ref>(null);
  // Only when the row first shows: a later change of focusOnMount does not steal the focus.
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) attributeSelect.current?.focus();
  }, []);

  return (
    <Container data-testid={testId}>
      <SpaceBetween size="s">
        <ColumnLayout columns={2}>
          <FormField label={t('roleGroups.condition.attribute')} description={conditionAttributeText(condition.attributeId, lang).description}>
            <Select
              selectedOption={attributeOptions.find((option) => option.value === condition.attributeId) ?? null}
              options={attributeOptions}
              onChange={({ detail }) => onChange(newCondition(detail.selectedOption.value as ConditionAttributeId))}
              disabled={disabled}
              ref={attributeSelect}
              data-testid={`${testId}-attribute`}
            />
          </FormField>
          <FormField label={t('roleGroups.condition.operator')} description={t(`roleGroups.operatorHelp.${attribute.dataType}`)}>
            <Select
              selectedOption={operatorOptions.find((option) => option.value === condition.attributeOperatorTypeCode) ?? null}
              options={operatorOptions}
              onChange={({ detail }) => setOperator(detail.selectedOption.value as ConditionOperator)}
              disabled={disabled}
              data-testid={`${testId}-operator`}
            />
          </FormField>
        </ColumnLayout>
        <FormField
          label={t('roleGroups.condition.values')}
          constraintText={attribute.dataType === 'TIME' || attribute.dataType === 'DAY_OF_WEEK' ? t('roleGroups.condition.inZone', { timeZone }) : undefined}
          errorText={error ? <span data-testid={`${testId}-error`}>{error}</span> : undefined}
          stretch
        >
          <ValuesInput condition={condition} onChange={onChange} onTouched={onTouched} timeZone={timeZone} disabled={disabled} testId={testId} />
        </FormField>
        <Box float="right">
          <Button formAction="none" variant="normal" iconName="remove" disabled={disabled} onClick={onRemove} data-testid={`${testId}-remove`}>
            {t('roleGroups.condition.remove')}
          </Button>
        </Box>
      </SpaceBetween>
    </Container>
  );
}

function ValuesInput({
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
      <DatePicker
        value={date}
        placeholder="YYYY/MM/DD"
        onChange={({ detail }) => commit(detail.value, time)}
        onBlur={onTouched}
        disabled={disabled}
        openCalendarAriaLabel={(selected) => (selected ? `${t('roleGroups.condition.chooseDate')}, ${selected}` : t('roleGroups.condition.chooseDate'))}
        data-testid={`${testId}-date`}
      />
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
