import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
import { langOf, type Lang, type Locale } from '@console/contracts/locales';
import { updateRequestContext } from '../api/request-context.ts';
import { i18n, loadUiMessages } from './i18n.ts';
import { LOCALE_TAGS, writeLocaleCookie } from './locale.ts';

export type CloudscapeMessages = I18nProviderProps.Messages;

const cloudscapeMessageLoaders: Readonly<Record<Lang, () => Promise<CloudscapeMessages>>> = {
  ko: () => import('@cloudscape-design/components/i18n/messages/all.ko').then((module) => module.default),
  en: () => import('@cloudscape-design/components/i18n/messages/all.en').then((module) => module.default),
  ja: () => import('@cloudscape-design/components/i18n/messages/all.ja').then((module) => module.default),
  zh: () => import('@cloudscape-design/components/i18n/messages/all.zh-CN').then((module) => module.default),
};

/**
 * Per-language resources of code that loads on demand (a form's field messages): such a module
 * adds its loader when it loads, and every later switch waits for it, so the screen still never
 * shows two languages; the shell carries none of that code.
 */
const languageResources = new Set<(lang: Lang) => Promise<unknown>>();
export function addLanguageResource(load: (lang: Lang) => Promise<unknown>): void {
  languageResources.add(load);
}

export interface LocaleResources {
  readonly locale: Locale;
  readonly cloudscapeMessages: CloudscapeMessages;
}

/**
 * Switches the whole console to a locale, in one place: i18next, what on-demand code added
 * (`addLanguageResource`: forms' field messages and zod's error locale), the API's
 * `lang` header, `<html lang>` and (with `remember`) the userLocale cookie. Everything is loaded
 * before anything switches, so the screen never shows two languages. Answers the Cloudscape
 * messages for the I18nProvider; Intl formatting follows the locale through `useFormatters`.
 */
export async function switchLocale(locale: Locale, options: { remember?: boolean } = {}): Promise<LocaleResources> {
  const lang = langOf(locale);
  const [cloudscapeMessages] = await Promise.all([
    cloudscapeMessageLoaders[lang](),
    loadUiMessages(locale),
    ...[...languageResources].map((load) => load(lang)),
  ]);
  // Parts a route asked for while the others loaded (a navigation during the switch) come too.
  await loadUiMessages(locale);
  await i18n.changeLanguage(lang);
  updateRequestContext({ locale });
  document.documentElement.lang = LOCALE_TAGS[locale];
  if (options.remember) writeLocaleCookie(locale);
  return { locale, cloudscapeMessages };
}
