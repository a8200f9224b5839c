import type { ParseKeys } from 'i18next';
import { useTranslation } from '../i18n/use-translation.ts';

/** Keys of texts without placeholders (a header or label needing no values). */
type PlainKey = ParseKeys;

/**
 * A text of the catalogue, rendered where it is shown: a modal header opened from outside React
 * follows a language switch like the rest of the page.
 */
export function Translated({ k }: { k: PlainKey }) {
  const { t } = useTranslation();
  return <>{(t as (key: string) => string)(k)}</>;
}
