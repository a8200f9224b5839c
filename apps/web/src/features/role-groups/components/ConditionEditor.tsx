import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ConditionAttributeId, ConditionOperator, RoleCondition } from '@console/contracts/conditions';
import { CONDITION_ATTRIBUTE_IDS, CONDITION_ATTRIBUTES, conditionAttributeText, conditionProblem, MAX_CONDITIONS_PER_ROLE, valueCountOf } from '@console/contracts/condition-attributes';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { activeLang } from '../../../shared/permissions/role-names.ts';
import { ValuesInput } from './ConditionValuesInput.tsx';

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
  /** The server's refusals (INVALID_CONDITION_DATA_TYPE, CONDITION_VALUES_EXIST) by condition index. */
  readonly serverErrors?: ReadonlyMap<number, string>;
  readonly disabled?: boolean;
  /** Prefix of the test ids: `${testId}-${index}-attribute` … */
  readonly testId: string;
}

/**
 * The conditions of one role of a role group (spec §3 RoleDetail, §6 "conditions AND"): per
 * condition an attribute, an operator among the attribute's, and values entered the way their
 * type needs (time range, days, date and time, a list of addresses or patterns). A condition's
 * problem (contracts `conditionProblem`, the server's INVALID_CONDITION_DATA_TYPE / CONDITION_VALUES_EXIST rules) shows next to it.
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
