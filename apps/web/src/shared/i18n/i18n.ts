import { langOf, type Lang, type Locale } from '@console/contracts/locales';
import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiMessages } from './locales/en.ts';

/** Namespaces: the console's own strings, and result-code texts from the server's bundle. */
export const UI_NAMESPACE = 'translation';
export const SERVER_NAMESPACE = 'server';

export const i18n = createInstance();

const uiMessageLoaders: Readonly<Record<Lang, () => Promise<UiMessages>>> = {
  en: () => import('./locales/en.ts').then((module) => module.en),
  ko: () => import('./locales/ko.ts').then((module) => module.ko),
  ja: () => import('./locales/ja.ts').then((module) => module.ja),
  zh: () => import('./locales/zh.ts').then((module) => module.zh),
};

let initialized: Promise<unknown> | undefined;

function ensureInitialized(lang: Lang): Promise<unknown> {
  initialized ??= i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: [UI_NAMESPACE, SERVER_NAMESPACE],
    defaultNS: UI_NAMESPACE,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  return initialized;
}

/** Loads the UI strings of a language (once) into i18next. */
export async function loadUiMessages(locale: Locale): Promise<void> {
  const lang = langOf(locale);
  await ensureInitialized(lang);
  if (i18n.hasResourceBundle(lang, UI_NAMESPACE)) return;
  const messages = await uiMessageLoaders[lang]();
  i18n.addResourceBundle(lang, UI_NAMESPACE, messages, true, true);
}

/** Adds result-code texts of the server's bundle (`errors.<code>` → text) for a language. */
export function addServerMessages(locale: Locale, messages: Readonly<Record<string, string>>): void {
  i18n.addResourceBundle(langOf(locale), SERVER_NAMESPACE, messages, true, true);
}

/** The server's text for a key such as `errors.-6` in the active language, if the bundle has it. */
export function serverMessage(key: string): string | undefined {
  const text = i18n.t(key, { ns: SERVER_NAMESPACE, keySeparator: false, defaultValue: '' });
  return typeof text === 'string' && text !== '' ? text : undefined;
}
