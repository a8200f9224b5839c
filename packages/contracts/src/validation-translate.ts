import type { Lang } from './locales.ts';
import { VALIDATION_MESSAGES, type ValidationMessageKey, type ValidationMessageParams } from './validation-messages.ts';

export type { ValidationMessageParams, ValidationMessageRef } from './validation-messages.ts';

/*
 * The field messages' lookup; the messages themselves (four languages a key) are the data of
 * validation-messages.ts.
 */

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** One language's column of the table, `{ key: text }` (what the web loads for its active language). */
export type ValidationMessageColumn = Readonly<Record<ValidationMessageKey, string>>;

/** A message's `{name}` placeholders filled from `params` (a placeholder without a value stays). */
export function fillValidationMessage(text: string, params: ValidationMessageParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The message of `key` in `lang`, its `{name}` placeholders filled from `params`. */
export function validationMessage(key: ValidationMessageKey, lang: Lang, params: ValidationMessageParams = {}): string {
  return fillValidationMessage(VALIDATION_MESSAGES[key][lang], params);
}
