import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';

const getRevision = () => i18n.revision;

/**
 * The active language's `t` for a component, which renders again when the language changes or
 * messages are added (a message part, the server's result texts) with a `t` of a new identity, so
 * what is memoized on `t` follows, as react-i18next's hook did (with `bindI18nStore: 'added'`).
 * `i18n` is the console's one translator.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  useSyncExternalStore(i18n.subscribe, getRevision, getRevision);
  return { t: i18n.currentT(), i18n };
}
