import type { Lang } from './locales.ts';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from './validation-messages.ts';

/*
 * The field messages' lookup; the messages themselves (four languages a key) are the data of
 * validation-messages.ts.
 */

/** Values of a message's `{name}` placeholders (a limit, the roles at fault…). */
export type ValidationMessageParams = Readonly<Record<string, string | number>>;

/** A message as a rule answers it: the key, and the values of its placeholders. */
export interface ValidationMessageRef {
  readonly key: ValidationMessageKey;
  readonly params?: ValidationMessageParams;
}

export function isValidationMessageKey(value: unknown): value is ValidationMessageKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

/** The message of `key` in `lang`, its `{name}` placeholders filled from `params`. */
export function validationMessage(key: ValidationMessageKey, lang: Lang, params: ValidationMessageParams = {}): string {
  return VALIDATION_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
