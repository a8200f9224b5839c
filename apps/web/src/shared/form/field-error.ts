import { langOf } from '@console/contracts/locales';
import { isValidationMessageKey, validationMessage } from '@console/contracts/validation-translate';
import type { FieldError } from 'react-hook-form';
import { useLocale } from '../i18n/LocaleProvider.tsx';

/**
 * The text of a field's error in the active language. Contract schemas carry their own rules'
 * messages as keys (`validation.name.pattern`); the server answers the same keys translated, and
 * here the form translates them, so both read alike (and follow a language switch).
 */
export function useFieldErrorText(error: FieldError | undefined): string | undefined {
  const { locale } = useLocale();
  const message = error?.message;
  if (!message) return undefined;
  return isValidationMessageKey(message) ? validationMessage(message, langOf(locale)) : message;
}
