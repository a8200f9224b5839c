import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error.ts';
import { i18n, serverMessage } from './i18n.ts';

/** The text of an account restriction (contracts ACCOUNT_RESTRICTIONS), if the catalogue has one. */
function restrictionText(t: TFunction, restriction: string | undefined): string | undefined {
  const key = `restrictions.${restriction}`;
  return restriction && i18n.exists(key) ? (t as (key: string) => string)(key) : undefined;
}

/**
 * The text to show for a failed call: the server bundle's text for the result code in the active
 * language, else the server's own resultMessage, else a generic text. A bundle text with `{name}`
 * placeholders is skipped because only the server's resultMessage has them filled in. A refusal
 * because of the account (ACCOUNT_RESTRICTED) adds what the restriction is.
 */
export function apiErrorMessage(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.api.generic');
  if (error.kind === 'network') return t('errors.api.network');
  if (error.kind === 'timeout') return t('errors.api.timeout');
  if (error.code === undefined) return t('errors.api.generic');
  const translated = serverMessage(`errors.${error.code}`);
  const text = translated && !/\{\w+\}/.test(translated) ? translated : error.message || t('errors.api.generic');
  const restriction = restrictionText(t, error.restriction);
  return restriction ? `${text} ${restriction}` : text;
}
