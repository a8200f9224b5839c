import type { Lang } from '@console/contracts/locales';
import type { ValidationMessageColumn } from '@console/contracts/validation-translate';
import { useEffect, useSyncExternalStore } from 'react';
import { addLanguageResource } from '../i18n/switch-locale.ts';

/**
 * The contracts' field messages, one language at a time: a form loads the active language's
 * column (`virtual:validation-messages/<lang>`, apps/web/build/validation-messages-plugin.ts)
 * when its first field mounts, long before a rule can fail, instead of every page carrying the
 * whole four-language table in its first paint. A language switch loads the new column before it
 * switches (switch-locale.ts, `addLanguageResource`), once a form has needed one.
 */
const loaders: Readonly<Record<Lang, () => Promise<{ default: ValidationMessageColumn }>>> = {
  ko: () => import('virtual:validation-messages/ko'),
  en: () => import('virtual:validation-messages/en'),
  ja: () => import('virtual:validation-messages/ja'),
  zh: () => import('virtual:validation-messages/zh'),
};

const columns = new Map<Lang, ValidationMessageColumn>();
const pending = new Map<Lang, Promise<ValidationMessageColumn>>();
const listeners = new Set<() => void>();

/** Loads `lang`'s messages (once; a failed load is tried again by the next caller). */
export function loadValidationMessages(lang: Lang): Promise<ValidationMessageColumn> {
  const loaded = columns.get(lang);
  if (loaded) return Promise.resolve(loaded);
  let load = pending.get(lang);
  if (!load) {
    load = loaders[lang]().then(
      (module) => {
        columns.set(lang, module.default);
        pending.delete(lang);
        for (const listener of listeners) listener();
        return module.default;
      },
      (error: unknown) => {
        pending.delete(lang);
        throw error;
      },
    );
    pending.set(lang, load);
  }
  return load;
}

/** Whether a form has needed the messages yet (a language switch then brings the new language's). */
export const validationMessagesInUse = (): boolean => columns.size > 0 || pending.size > 0;

// Loaded with the first form: from then on a language switch brings the new language's messages
// before it switches (a field never shows a blank or the old language in between).
addLanguageResource((lang) => (validationMessagesInUse() ? loadValidationMessages(lang) : Promise.resolve()));

/** The messages already loaded for `lang`, if any. */
export const loadedValidationMessages = (lang: Lang): ValidationMessageColumn | undefined => columns.get(lang);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `lang`'s messages for a render: undefined until they have loaded (the load starts on mount). */
export function useValidationMessages(lang: Lang): ValidationMessageColumn | undefined {
  const column = useSyncExternalStore(subscribe, () => columns.get(lang));
  useEffect(() => {
    // A failed load leaves the key's own text out; the next field to mount tries again.
    if (!columns.has(lang)) loadValidationMessages(lang).catch(() => undefined);
  }, [lang]);
  return column;
}
