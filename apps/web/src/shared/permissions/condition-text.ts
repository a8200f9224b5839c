import type { FailedCondition } from '@console/contracts/authorize';
import {
  CONDITION_ATTRIBUTE_IDS,
  conditionAttributeText,
  DAYS_OF_WEEK,
  type ConditionAttributeId,
  type ConditionOperator,
  type DayOfWeek,
} from '@console/contracts/condition-attributes';
import { parseRoleId } from '@console/contracts/permissions';
import type { TFunction } from 'i18next';
import { activeLang, roleLabel } from './role-names.ts';

const isConditionAttributeId = (value: string): value is ConditionAttributeId => (CONDITION_ATTRIBUTE_IDS as readonly string[]).includes(value);

/** Day codes in the week's order, translated and joined ("Mon, Tue"). */
export function dayList(t: TFunction, values: readonly string[]): string {
  return DAYS_OF_WEEK.filter((day) => values.includes(day))
    .map((day: DayOfWeek) => t(`roleGroups.days.${day}`))
    .join(', ');
}

/** A role id as people read it: a built-in role's translated name, else the catalogue's name or the id. */
export function roleIdLabel(t: TFunction, roleId: string, names?: ReadonlyMap<string, string>): string {
  const builtIn = parseRoleId(roleId);
  if (builtIn) {
    const name = roleLabel(t, builtIn);
    return builtIn.category === 'ORG_ROLE' ? t('permissions.inOrganization', { role: name }) : t('permissions.inProject', { role: name });
  }
  return names?.get(roleId) ?? roleId;
}

type DateFormatter = (iso: string, timeZone: string) => string;

const DATE_KEYS = {
  BETWEEN: 'roleGroups.failed.DATE_BETWEEN',
  BEYOND: 'roleGroups.failed.DATE_BEYOND',
  GREATER_THAN: 'roleGroups.failed.DATE_GREATER_THAN',
  GREATER_THAN_OR_EQUAL_TO: 'roleGroups.failed.DATE_GREATER_THAN_OR_EQUAL_TO',
  LESS_THAN: 'roleGroups.failed.DATE_LESS_THAN',
  LESS_THAN_OR_EQUAL_TO: 'roleGroups.failed.DATE_LESS_THAN_OR_EQUAL_TO',
} as const satisfies Partial<Record<ConditionOperator, string>>;

/**
 * Which condition failed, in plain words: "outside 12:00–14:00 (Asia/Seoul)", "IP 203.0.113.7 is
 * not in the allowed list (10.0.0.0/8)", "today is not an allowed day (Mon, Tue)". `clientIp` is
 * the caller's address when the PERMISSION_DENIED answer carries it.
 */
export function failedConditionText(
  t: TFunction,
  condition: Pick<FailedCondition, 'reason' | 'attributeOperatorTypeCode' | 'attributeValues' | 'timeZone'>,
  formatDate: DateFormatter,
  clientIp?: string,
): string {
  const { reason, attributeOperatorTypeCode: operator, attributeValues: values, timeZone } = condition;
  const list = values.join(', ');
  switch (reason) {
    case 'OUTSIDE_TIME':
      return t(operator === 'BEYOND' ? 'roleGroups.failed.TIME_BEYOND' : 'roleGroups.failed.TIME_BETWEEN', {
        from: values[0] ?? '',
        to: values[1] ?? '',
        timeZone,
      });
    case 'DAY_NOT_ALLOWED':
      return t(operator === 'NOT_CONTAINS' ? 'roleGroups.failed.DAY_BLOCKED' : 'roleGroups.failed.DAY_NOT_ALLOWED', {
        days: dayList(t, values),
        timeZone,
      });
    case 'DATE_OUTSIDE': {
      const key = DATE_KEYS[operator as keyof typeof DATE_KEYS] ?? DATE_KEYS.BETWEEN;
      return t(key, {
        from: values[0] ? formatDate(values[0], timeZone) : '',
        to: values[1] ? formatDate(values[1], timeZone) : '',
        value: values[0] ? formatDate(values[0], timeZone) : '',
      });
    }
    case 'IP_NOT_ALLOWED':
      return t(operator === 'NOT_ALLOW' ? 'roleGroups.failed.IP_BLOCKED' : 'roleGroups.failed.IP_NOT_ALLOWED', {
        ip: clientIp ?? t('roleGroups.failed.yourIp'),
        values: list,
      });
    case 'USER_AGENT':
      return t(operator === 'NONE_MATCH' ? 'roleGroups.failed.USER_AGENT_BLOCKED' : 'roleGroups.failed.USER_AGENT', { values: list });
    case 'REFERER':
      return t(operator === 'NONE_MATCH' ? 'roleGroups.failed.REFERER_BLOCKED' : 'roleGroups.failed.REFERER', { values: list });
    case 'PROJECT':
      return t(operator === 'NOT_CONTAINS' ? 'roleGroups.failed.PROJECT_BLOCKED' : 'roleGroups.failed.PROJECT');
  }
}

/** A condition in one line, for lists: "Time between 09:00 and 18:00". */
export function conditionSummary(
  t: TFunction,
  condition: { attributeId: string; attributeOperatorTypeCode: ConditionOperator; attributeValues: readonly string[] },
  formatDate: DateFormatter,
  timeZone: string,
): string {
  const attribute = isConditionAttributeId(condition.attributeId)
    ? conditionAttributeText(condition.attributeId, activeLang()).name
    : condition.attributeId;
  const operator = t(`roleGroups.operators.${condition.attributeOperatorTypeCode}`);
  const values =
    condition.attributeId === 'DAY_OF_WEEK'
      ? dayList(t, condition.attributeValues)
      : condition.attributeId === 'DATE_TIME'
        ? condition.attributeValues.map((value) => formatDate(value, timeZone)).join(' – ')
        : condition.attributeId === 'TIME'
          ? condition.attributeValues.join('–')
          : condition.attributeValues.join(', ');
  return `${attribute} ${operator} ${values}`.trim();
}

/** Locale-aware date and time in a zone, with the zone named: "Nov 23, 2026, 12:00 PM (Asia/Seoul)". */
export function zonedDateTimeFormatter(localeTag: string): DateFormatter {
  const cache = new Map<string, Intl.DateTimeFormat>();
  return (iso, timeZone) => {
    const instant = new Date(iso);
    if (Number.isNaN(instant.getTime())) return iso;
    let format = cache.get(timeZone);
    if (!format) {
      try {
        format = new Intl.DateTimeFormat(localeTag, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
      } catch {
        format = new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' });
      }
      cache.set(timeZone, format);
    }
    return `${format.format(instant)} (${timeZone})`;
  };
}
