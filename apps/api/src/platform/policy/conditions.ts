import {
  CONDITION_ATTRIBUTES,
  conditionProblem,
  type ConditionDataType,
  type ConditionOperator,
  type RoleCondition,
} from '@console/contracts/conditions';
import { compileIpMatcher } from './ip.ts';
import { zonedInstant, zonedParts } from './zoned.ts';

/**
 * Evaluation of role conditions (contracts conditions.ts has their shape and the exact meaning
 * of every operator). A condition is compiled once (patterns, IP blocks, time windows parsed)
 * into a predicate over the request's attributes.
 */

/** What a condition may look at, taken from the request context once per request. */
export interface RequestAttributes {
  /** The request's instant (the injectable clock), epoch milliseconds. */
  readonly now: number;
  readonly clientIp: string;
  readonly userAgent: string;
  readonly referer: string;
  /** The project the check is about; undefined for an organization-scoped check. */
  readonly projectId: string | undefined;
  /** The organization's IANA time zone, for TIME and DAY_OF_WEEK. */
  readonly timeZone: string;
}

export interface CompiledCondition {
  readonly condition: RoleCondition;
  /** False when the stored condition is malformed (conditionProblem): it is never evaluated. */
  readonly wellFormed: boolean;
  /** Whether the condition holds for the request (false for a malformed one). */
  readonly test: (attributes: RequestAttributes) => boolean;
}

// ---- the operators, one data type at a time (exported for the property tests) ----

/** `*` matches any run of characters, case-insensitive; the rest literally; the whole text. */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, String.raw`\$&`))
    .join('[\\s\\S]*');
  return new RegExp(`^${source}$`, 'i');
}

/** "HH:MM" as a minute of the day. */
export const minuteOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** TIME: whether a minute of the day is in [from, to), wrapping past midnight when from > to (from = to: empty). */
export function inTimeWindow(minute: number, from: number, to: number): boolean {
  return from <= to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** NUMERIC / DATETIME operators: r against the values (BETWEEN inclusive, BEYOND its complement). */
export function compareNumbers(operator: ConditionOperator, r: number, values: readonly number[]): boolean {
  const v0 = values[0]!;
  switch (operator) {
    case 'GREATER_THAN':
      return r > v0;
    case 'GREATER_THAN_OR_EQUAL_TO':
      return r >= v0;
    case 'LESS_THAN':
      return r < v0;
    case 'LESS_THAN_OR_EQUAL_TO':
      return r <= v0;
    case 'BETWEEN':
      return r >= v0 && r <= values[1]!;
    case 'BEYOND':
      return r < v0 || r > values[1]!;
    default:
      return false;
  }
}

/** Set operators: the request's set against the values (strings compared case-insensitively). */
export function compareSets(operator: ConditionOperator, request: readonly string[], values: readonly string[]): boolean {
  const held = new Set(request.map((value) => value.toLowerCase()));
  switch (operator) {
    case 'ALL_CONTAINS':
      return values.every((value) => held.has(value.toLowerCase()));
    case 'ANY_CONTAINS':
      return values.some((value) => held.has(value.toLowerCase()));
    case 'NOT_CONTAINS':
      return !values.some((value) => held.has(value.toLowerCase()));
    default:
      return false;
  }
}

const NEVER = () => false;

/** A predicate over one value of a data type, for an operator and the condition's values. */
function compileOperator(dataType: ConditionDataType, operator: ConditionOperator, values: readonly string[]): (value: unknown) => boolean {
  switch (dataType) {
    case 'STRING': {
      if (operator === 'ANY_MATCH' || operator === 'NONE_MATCH') {
        const patterns = values.map(globToRegExp);
        const any = (text: string) => patterns.some((pattern) => pattern.test(text));
        return operator === 'ANY_MATCH' ? (value) => any(String(value)) : (value) => !any(String(value));
      }
      const wanted = values.map((value) => value.toLowerCase());
      return (value) => compareSets(operator, value as string[], wanted);
    }
    case 'DAY_OF_WEEK': {
      const days = new Set(values);
      if (operator === 'ANY_CONTAINS') return (value) => days.has(value as string);
      if (operator === 'NOT_CONTAINS') return (value) => !days.has(value as string);
      return NEVER;
    }
    case 'TIME': {
      const from = minuteOfTime(values[0]!);
      const to = minuteOfTime(values[1]!);
      if (operator === 'BETWEEN') return (value) => inTimeWindow(value as number, from, to);
      if (operator === 'BEYOND') return (value) => !inTimeWindow(value as number, from, to);
      return NEVER;
    }
    case 'DATETIME':
    case 'NUMERIC': {
      const numbers = values.map((value) => (dataType === 'DATETIME' ? Date.parse(value) : Number(value)));
      return (value) => compareNumbers(operator, value as number, numbers);
    }
    case 'IPADDRESS': {
      const matches = compileIpMatcher(values);
      if (operator === 'ALLOW') return (value) => matches(value as string);
      if (operator === 'NOT_ALLOW') return (value) => !matches(value as string);
      return NEVER;
    }
    case 'BOOLEAN':
      if (operator === 'TRUE') return (value) => value === true;
      if (operator === 'FALSE') return (value) => value === false;
      return NEVER;
  }
}

/** The attribute a condition reads, from the request. */
const READERS: Record<keyof typeof CONDITION_ATTRIBUTES, (attributes: RequestAttributes) => unknown> = {
  REQUEST_IP: (attributes) => attributes.clientIp,
  DATE_TIME: (attributes) => attributes.now,
  DAY_OF_WEEK: (attributes) => zonedParts(attributes.now, attributes.timeZone)?.dayOfWeek,
  TIME: (attributes) => zonedParts(attributes.now, attributes.timeZone)?.minuteOfDay,
  USER_AGENT: (attributes) => attributes.userAgent,
  REFERER: (attributes) => attributes.referer,
  PROJECT_ID_LIST: (attributes) => (attributes.projectId === undefined ? [] : [attributes.projectId]),
};

/**
 * Compiles a stored condition. A malformed one (which validation keeps out, but jsonb is only as
 * good as its writers) never holds; the engine decides what that means for allows and denies.
 */
export function compileCondition(condition: RoleCondition): CompiledCondition {
  let problem: string | undefined;
  try {
    problem = conditionProblem(condition);
  } catch {
    problem = 'INVALID_CONDITION_DATA_TYPE';
  }
  // Duplicate values (CONDITION_VALUES_EXIST) do not change the meaning: only a type problem is malformed.
  if (problem === 'INVALID_CONDITION_DATA_TYPE') return { condition, wellFormed: false, test: NEVER };
  const read = READERS[condition.attributeId];
  const holds = compileOperator(condition.attributeDataTypeCode, condition.attributeOperatorTypeCode, condition.attributeValues);
  return {
    condition,
    wellFormed: true,
    test: (attributes) => {
      const value = read(attributes);
      // An unknown time zone leaves TIME and DAY_OF_WEEK without a value: the condition fails.
      return value !== undefined && holds(value);
    },
  };
}

/** How far ahead validFrom looks. */
export const VALID_FROM_HORIZON_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * For a TIME, DAY_OF_WEEK or DATE_TIME condition that fails now: the first instant within the
 * horizon at which it holds, else undefined. The condition's truth only changes where the wall
 * clock crosses one of its values (TIME), at local midnight (DAY_OF_WEEK) or at one of its
 * instants (DATE_TIME), so those candidates are tried in order.
 */
export function nextValidFrom(compiled: CompiledCondition, attributes: RequestAttributes, horizonMs = VALID_FROM_HORIZON_MS): number | undefined {
  const { condition } = compiled;
  if (!compiled.wellFormed) return undefined;
  const end = attributes.now + horizonMs;
  const candidates: number[] = [];
  if (condition.attributeId === 'DATE_TIME') {
    for (const value of condition.attributeValues) {
      const instant = Date.parse(value);
      candidates.push(instant, instant + 1);
    }
  } else if (condition.attributeId === 'TIME' || condition.attributeId === 'DAY_OF_WEEK') {
    const today = zonedParts(attributes.now, attributes.timeZone);
    if (!today) return undefined;
    const minutes = condition.attributeId === 'TIME' ? condition.attributeValues.map(minuteOfTime) : [0];
    for (let offset = 0; offset <= 9; offset += 1) {
      // Date.UTC inside zonedInstant carries a day past the month's end into the next month.
      for (const minute of minutes) candidates.push(zonedInstant(attributes.timeZone, today.year, today.month, today.day + offset, minute));
    }
  } else {
    return undefined;
  }
  candidates.sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (candidate <= attributes.now || candidate > end) continue;
    if (compiled.test({ ...attributes, now: candidate })) return candidate;
  }
  return undefined;
}
