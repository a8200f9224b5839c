/**
 * From a zod issue to a field message key: the rule's own key when a schema carries one, else
 * the key of zod's generic check (too long, missing, wrong type…). The messages themselves are in
 * validation-messages.ts.
 */
import type { ValidationMessageKey } from './validation-messages.ts';
import { isValidationMessageKey, type ValidationMessageParams, type ValidationMessageRef } from './validation-translate.ts';

/** A zod issue as the server sees it (`reportInput` on: `input` is the value at fault). */
export interface IssueLike {
  readonly code: string;
  readonly message?: string;
  readonly input?: unknown;
  readonly origin?: string;
  readonly minimum?: number | bigint | Date;
  readonly maximum?: number | bigint | Date;
  readonly inclusive?: boolean;
  readonly expected?: string;
  readonly format?: string;
  readonly values?: readonly unknown[];
  readonly keys?: readonly string[];
  readonly params?: ValidationMessageParams;
}

const TYPE_KEYS: Readonly<Record<string, ValidationMessageKey>> = {
  string: 'validation.type.text',
  number: 'validation.type.number',
  int: 'validation.number.integer',
  bigint: 'validation.type.number',
  boolean: 'validation.type.boolean',
  array: 'validation.type.list',
  tuple: 'validation.type.list',
  object: 'validation.type.object',
  record: 'validation.type.object',
  date: 'validation.format.date',
};

const FORMAT_KEYS: Readonly<Record<string, ValidationMessageKey>> = {
  email: 'validation.email.format',
  uuid: 'validation.format.id',
  guid: 'validation.format.id',
  datetime: 'validation.format.date',
  date: 'validation.format.date',
};

const limit = (value: number | bigint | Date | undefined) => (value instanceof Date ? value.toISOString() : Number(value));

/**
 * The app's message for a zod issue, in place of zod's own English text: a rule's own key when
 * the schema carries one (`{ error: 'validation.name.pattern' }`), otherwise the key of the generic
 * check, with its limit — a missing value is 'required', a too-long text 'at most {max}
 * characters', a wrong type names the type expected.
 */
export function issueMessage(issue: IssueLike): ValidationMessageRef {
  if (isValidationMessageKey(issue.message)) {
    const params: Record<string, string | number> = { ...issue.params };
    if (issue.maximum !== undefined) params.max = limit(issue.maximum);
    if (issue.minimum !== undefined) params.min = limit(issue.minimum);
    return { key: issue.message, params };
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { key: 'validation.required' };
      return { key: TYPE_KEYS[issue.expected ?? ''] ?? 'validation.format.invalid' };
    case 'too_big': {
      const max = limit(issue.maximum);
      if (issue.origin === 'string') return { key: 'validation.text.tooLong', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.list.tooLong', params: { max } };
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return issue.inclusive === false ? { key: 'validation.number.lessThan', params: { max } } : { key: 'validation.number.tooBig', params: { max } };
      }
      return { key: 'validation.format.invalid' };
    }
    case 'too_small': {
      const min = limit(issue.minimum);
      if (issue.origin === 'string') {
        return Number(min) <= 1 ? { key: 'validation.required' } : { key: 'validation.text.tooShort', params: { min } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'validation.list.tooShort', params: { min } };
      if (issue.origin === 'number' || issue.origin === 'bigint') {
        return issue.inclusive === false ? { key: 'validation.number.greaterThan', params: { min } } : { key: 'validation.number.tooSmall', params: { min } };
      }
      return { key: 'validation.format.invalid' };
    }
    case 'invalid_format':
      if (issue.input === '') return { key: 'validation.required' };
      return { key: FORMAT_KEYS[issue.format ?? ''] ?? 'validation.format.invalid' };
    case 'invalid_value':
      return { key: 'validation.value.oneOf', params: { values: (issue.values ?? []).map(String).join(', ') } };
    case 'unrecognized_keys':
      return { key: 'validation.field.unknown', params: { keys: (issue.keys ?? []).join(', ') } };
    case 'not_multiple_of':
      return { key: 'validation.number.integer' };
    default:
      return { key: 'validation.format.invalid' };
  }
}

/** The message of the first problem of `value` under `schema`, or undefined when it passes. */
export function fieldProblem(schema: { safeParse(value: unknown, params?: { reportInput?: boolean }): { success: boolean; error?: { issues: readonly unknown[] } } }, value: unknown): ValidationMessageRef | undefined {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return undefined;
  const first = result.error?.issues[0] as IssueLike | undefined;
  return first ? issueMessage(first) : { key: 'validation.format.invalid' };
}
