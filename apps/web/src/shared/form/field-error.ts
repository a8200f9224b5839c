import { langOf } from '@console/contracts/locales';
import { fillValidationMessage } from '@console/contracts/validation-translate';
import type { FieldError } from 'react-hook-form';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import { useValidationMessages } from './validation-messages.ts';

/** Every key of the contracts' field messages starts so (validation-messages.ts). */
const KEY_PREFIX = 'validation.';

/**
 * The text of a field's error in the active language. Contract schemas carry their own rules'
 * messages as keys (`validation.name.pattern`); the server answers the same keys translated, and
 * here the form translates them, so both read alike (and follow a language switch). The messages
 * of the active language load when the field mounts (validation-messages.ts); a key shows once
 * they are there, any other text (a server's message) at once.
 */
export function useFieldErrorText(error: FieldError | undefined): string | undefined {
  const { locale } = useLocale();
  const messages = useValidationMessages(langOf(locale));
  const message = error?.message;
  if (!message) return undefined;
  if (messages && Object.hasOwn(messages, message)) return fillValidationMessage(messages[message as keyof typeof messages]);
  return message.startsWith(KEY_PREFIX) && !messages ? undefined : message;
}
