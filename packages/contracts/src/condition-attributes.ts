/**
 * Role conditions without their schemas: the attributes, operators, days, limits and the checks of
 * a condition (conditions.ts re-exports all of it with the schemas). Zod-free, so the web's
 * permission texts name conditions without loading zod (issue 16).
 */
import type { Lang } from './locales.ts';

export const CONDITION_DATA_TYPES = ['STRING', 'NUMERIC', 'DAY_OF_WEEK', 'DATETIME', 'TIME', 'IPADDRESS', 'BOOLEAN'] as const;
export type ConditionDataType = (typeof CONDITION_DATA_TYPES)[number];

export const CONDITION_OPERATORS = [
  'ALL_CONTAINS',
  'ANY_CONTAINS',
  'NOT_CONTAINS',
  'ANY_MATCH',
  'NONE_MATCH',
  'BETWEEN',
  'BEYOND',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL_TO',
  'ALLOW',
  'NOT_ALLOW',
  'TRUE',
  'FALSE',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const COMPARISONS = ['GREATER_THAN', 'GREATER_THAN_OR_EQUAL_TO', 'LESS_THAN', 'LESS_THAN_OR_EQUAL_TO'] as const;
const RANGES = ['BETWEEN', 'BEYOND'] as const;
const SETS = ['ALL_CONTAINS', 'ANY_CONTAINS', 'NOT_CONTAINS'] as const;

/**
 * What each operator means, for a request value r and the condition's values v:
 * - ALL_CONTAINS: the request's set holds every v; ANY_CONTAINS: at least one; NOT_CONTAINS: none.
 *   (A single request value is a set of one: DAY_OF_WEEK, the project id.)
 * - ANY_MATCH / NONE_MATCH: r matches some / no pattern of v; `*` matches any run of characters,
 *   case-insensitive (user agent, referer).
 * - BETWEEN [v0, v1] inclusive; BEYOND: outside it. For TIME, v0 > v1 wraps past midnight
 *   ("22:00"–"06:00"). The end of a TIME range is exclusive ("12:00"–"14:00" ends at 14:00).
 * - GREATER_THAN ... LESS_THAN_OR_EQUAL_TO: r compared with v0.
 * - ALLOW / NOT_ALLOW: r (an IP address) is / is not inside any v (an address or CIDR block).
 * - TRUE / FALSE: r is true / false; no values.
 */
export const OPERATORS_BY_DATA_TYPE: Readonly<Record<ConditionDataType, readonly ConditionOperator[]>> = {
  STRING: [...SETS, 'ANY_MATCH', 'NONE_MATCH'],
  NUMERIC: [...COMPARISONS, ...RANGES],
  DAY_OF_WEEK: ['ANY_CONTAINS', 'NOT_CONTAINS'],
  DATETIME: [...COMPARISONS, ...RANGES],
  TIME: RANGES,
  IPADDRESS: ['ALLOW', 'NOT_ALLOW'],
  BOOLEAN: ['TRUE', 'FALSE'],
};

/** The attributes a condition may test (spec §3: "Attributes offered"). */
export const CONDITION_ATTRIBUTES = {
  /** The client's IP address (after the trusted proxy). */
  REQUEST_IP: { dataType: 'IPADDRESS', operators: ['ALLOW', 'NOT_ALLOW'] },
  /** The request's instant. */
  DATE_TIME: { dataType: 'DATETIME', operators: [...COMPARISONS, ...RANGES] },
  /** The day of the week in the organization's time zone. */
  DAY_OF_WEEK: { dataType: 'DAY_OF_WEEK', operators: ['ANY_CONTAINS', 'NOT_CONTAINS'] },
  /** The time of day in the organization's time zone. */
  TIME: { dataType: 'TIME', operators: RANGES },
  /** The browser's User-Agent header. */
  USER_AGENT: { dataType: 'STRING', operators: ['ANY_MATCH', 'NONE_MATCH'] },
  /** The Referer header. */
  REFERER: { dataType: 'STRING', operators: ['ANY_MATCH', 'NONE_MATCH'] },
  /** The project the call is about. */
  PROJECT_ID_LIST: { dataType: 'STRING', operators: ['ANY_CONTAINS', 'NOT_CONTAINS'] },
} as const satisfies Record<string, { dataType: ConditionDataType; operators: readonly ConditionOperator[] }>;
export type ConditionAttributeId = keyof typeof CONDITION_ATTRIBUTES;
export const CONDITION_ATTRIBUTE_IDS = Object.keys(CONDITION_ATTRIBUTES) as ConditionAttributeId[];

type AttributeText = { readonly name: string; readonly description: string };

/**
 * Each attribute's name and description (spec §3 RoleDetail conditions: attributeName,
 * attributeDescription) in the console languages, written once: the API answers them in the
 * caller's language and the web's condition editor shows the same words.
 */
export const CONDITION_ATTRIBUTE_TEXTS: Readonly<Record<ConditionAttributeId, Readonly<Record<Lang, AttributeText>>>> = {
  REQUEST_IP: {
    ko: { name: '요청 IP', description: '요청을 보낸 주소입니다.' },
    en: { name: 'Request IP', description: 'The address the request comes from.' },
    ja: { name: 'リクエストIP', description: 'リクエストの送信元アドレスです。' },
    zh: { name: '请求 IP', description: '请求的来源地址。' },
  },
  DATE_TIME: {
    ko: { name: '날짜 및 시간', description: '요청 시각입니다.' },
    en: { name: 'Date and time', description: 'The moment of the request.' },
    ja: { name: '日時', description: 'リクエストの日時です。' },
    zh: { name: '日期时间', description: '请求的时刻。' },
  },
  DAY_OF_WEEK: {
    ko: { name: '요일', description: '조직 시간대 기준 요청 요일입니다.' },
    en: { name: 'Day of week', description: 'The day of the request in the organization’s time zone.' },
    ja: { name: '曜日', description: '組織のタイムゾーンでのリクエストの曜日です。' },
    zh: { name: '星期', description: '按组织时区计算的请求星期。' },
  },
  TIME: {
    ko: { name: '시간', description: '조직 시간대 기준 요청 시각(시:분)입니다.' },
    en: { name: 'Time', description: 'The time of day of the request in the organization’s time zone.' },
    ja: { name: '時刻', description: '組織のタイムゾーンでのリクエストの時刻です。' },
    zh: { name: '时间', description: '按组织时区计算的请求时间。' },
  },
  USER_AGENT: {
    ko: { name: '브라우저 사용자 에이전트', description: '브라우저의 User-Agent 값입니다.' },
    en: { name: 'Browser user agent', description: 'The browser’s User-Agent text.' },
    ja: { name: 'ブラウザのユーザーエージェント', description: 'ブラウザのUser-Agentの値です。' },
    zh: { name: '浏览器用户代理', description: '浏览器的 User-Agent 值。' },
  },
  REFERER: {
    ko: { name: '리퍼러', description: '요청을 보낸 페이지입니다.' },
    en: { name: 'Referer', description: 'The page the request comes from.' },
    ja: { name: 'リファラー', description: 'リクエスト元のページです。' },
    zh: { name: '来源页面', description: '发出请求的页面。' },
  },
  PROJECT_ID_LIST: {
    ko: { name: '프로젝트 ID 목록', description: '요청 대상 프로젝트입니다.' },
    en: { name: 'Project ID list', description: 'The project the request is about.' },
    ja: { name: 'プロジェクトIDリスト', description: 'リクエスト対象のプロジェクトです。' },
    zh: { name: '项目 ID 列表', description: '请求涉及的项目。' },
  },
};

/** An attribute's name and description in a language. */
export const conditionAttributeText = (attributeId: ConditionAttributeId, lang: Lang): AttributeText =>
  CONDITION_ATTRIBUTE_TEXTS[attributeId][lang];

export const DAYS_OF_WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export const MAX_CONDITION_VALUES = 50;
export const MAX_CONDITIONS_PER_ROLE = 10;

export const DENIAL_SETTINGS = ['ALLOW', 'DENY'] as const;
export type DenialSetting = (typeof DENIAL_SETTINGS)[number];

/**
 * A condition's own fields. conditions.ts's schema validates a request into exactly this shape (it
 * checks so); the catalogue's helpers below take it without importing the schema, so the web's
 * condition editor gets them without zod.
 */
export interface RoleCondition {
  attributeId: ConditionAttributeId;
  attributeDataTypeCode: ConditionDataType;
  attributeOperatorTypeCode: ConditionOperator;
  attributeValues: string[];
}

/** A condition as answers show it: with the attribute's name and description in a language. */
export interface RoleConditionDetail extends RoleCondition {
  attributeName: string;
  attributeDescription: string;
}

/** A stored condition as answers show it, named in `lang`. */
export function conditionDetailOf(condition: RoleCondition, lang: Lang): RoleConditionDetail {
  const text = conditionAttributeText(condition.attributeId, lang);
  return { ...condition, attributeName: text.name, attributeDescription: text.description };
}

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const NUMERIC_RE = /^-?\d+(\.\d+)?$/;
/** ISO 8601 with a zone: 2026-11-22T09:00:00+09:00 or ...Z. */
const DATETIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const IPV4 = String.raw`(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}`;
const IPV4_OR_CIDR_RE = new RegExp(String.raw`^${IPV4}(\/(3[0-2]|[12]?\d))?$`);
const IPV6_OR_CIDR_RE = /^[0-9a-fA-F:]*:[0-9a-fA-F:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?$/;

/** Whether one value is well-formed for a data type. */
export function isConditionValueOfType(dataType: ConditionDataType, value: string): boolean {
  switch (dataType) {
    case 'STRING':
      return value.length > 0;
    case 'NUMERIC':
      return NUMERIC_RE.test(value) && Number.isFinite(Number(value));
    case 'DAY_OF_WEEK':
      return (DAYS_OF_WEEK as readonly string[]).includes(value);
    case 'DATETIME':
      return DATETIME_RE.test(value) && !Number.isNaN(Date.parse(value));
    case 'TIME':
      return TIME_RE.test(value);
    case 'IPADDRESS':
      return IPV4_OR_CIDR_RE.test(value) || IPV6_OR_CIDR_RE.test(value);
    case 'BOOLEAN':
      return false;
  }
}

/** How many values an operator takes: [min, max]. */
export function valueCountOf(operator: ConditionOperator): readonly [number, number] {
  if (operator === 'TRUE' || operator === 'FALSE') return [0, 0];
  if (operator === 'BETWEEN' || operator === 'BEYOND') return [2, 2];
  if ((COMPARISONS as readonly string[]).includes(operator)) return [1, 1];
  return [1, MAX_CONDITION_VALUES];
}

/**
 * What is wrong with a condition, as a result-code name, or undefined:
 * - INVALID_CONDITION_DATA_TYPE: the data type is not the attribute's, the operator is
 *   not one of the attribute's, a value does not parse as the type, the number of values does
 *   not fit the operator, or a range runs backwards (except a TIME range, which may wrap).
 * - CONDITION_VALUES_EXIST: the same value twice.
 */
export function conditionProblem(condition: RoleCondition): 'INVALID_CONDITION_DATA_TYPE' | 'CONDITION_VALUES_EXIST' | undefined {
  const attribute: { dataType: ConditionDataType; operators: readonly ConditionOperator[] } | undefined =
    CONDITION_ATTRIBUTES[condition.attributeId];
  if (!attribute || attribute.dataType !== condition.attributeDataTypeCode) return 'INVALID_CONDITION_DATA_TYPE';
  if (!(attribute.operators as readonly string[]).includes(condition.attributeOperatorTypeCode)) return 'INVALID_CONDITION_DATA_TYPE';
  const values = condition.attributeValues;
  const [min, max] = valueCountOf(condition.attributeOperatorTypeCode);
  if (values.length < min || values.length > max) return 'INVALID_CONDITION_DATA_TYPE';
  if (!values.every((value) => isConditionValueOfType(attribute.dataType, value))) return 'INVALID_CONDITION_DATA_TYPE';
  const normalized = values.map((value) => (attribute.dataType === 'STRING' ? value.toLowerCase() : value));
  if (new Set(normalized).size !== normalized.length) return 'CONDITION_VALUES_EXIST';
  if (condition.attributeOperatorTypeCode === 'BETWEEN' || condition.attributeOperatorTypeCode === 'BEYOND') {
    const [low, high] = values as [string, string];
    if (attribute.dataType === 'DATETIME' && Date.parse(low) > Date.parse(high)) return 'INVALID_CONDITION_DATA_TYPE';
    if (attribute.dataType === 'NUMERIC' && Number(low) > Number(high)) return 'INVALID_CONDITION_DATA_TYPE';
  }
  return undefined;
}

/**
 * Role properties (spec §3 RoleTreeNode): CONDITION_DISABLED — the role takes no conditions;
 * DENY_POLICY_DISABLED — the role cannot be a deny; SERVICE_CONSOLE_DENY — the role gives no
 * access to the service's console.
 */
export const ROLE_PROPERTIES = ['CONDITION_DISABLED', 'DENY_POLICY_DISABLED', 'SERVICE_CONSOLE_DENY'] as const;
export type RoleProperty = (typeof ROLE_PROPERTIES)[number];

/** Why a condition (authorize.ts, a PERMISSION_DENIED answer's failedConditions) of a role-group role did not hold for the request. */
export const FAILED_CONDITION_REASONS = [
  /** TIME: the time of day in the organization's time zone is outside (or, BEYOND, inside) the range. */
  'OUTSIDE_TIME',
  /** DAY_OF_WEEK: today, in the organization's time zone, is not an allowed day. */
  'DAY_NOT_ALLOWED',
  /** DATE_TIME: the request's instant is not in the allowed period. */
  'DATE_OUTSIDE',
  /** REQUEST_IP: the client's address is not allowed. */
  'IP_NOT_ALLOWED',
  /** USER_AGENT: the browser's user agent does not fit the patterns. */
  'USER_AGENT',
  /** REFERER: the referer does not fit the patterns. */
  'REFERER',
  /** PROJECT_ID_LIST: the call's project is not one the condition allows. */
  'PROJECT',
] as const;
export type FailedConditionReason = (typeof FAILED_CONDITION_REASONS)[number];
