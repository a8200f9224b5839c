import type { Lang } from '@console/contracts/locales';
import { z } from 'zod';
import { i18n } from '../i18n/i18n.ts';
import { addLanguageResource } from '../i18n/switch-locale.ts';

type ZodLocale = () => Parameters<typeof z.config>[0];
const loaders: Readonly<Record<Lang, () => Promise<ZodLocale>>> = {
  ko: () => import('zod/v4/locales/ko.js').then((module) => module.default),
  en: () => import('zod/v4/locales/en.js').then((module) => module.default),
  ja: () => import('zod/v4/locales/ja.js').then((module) => module.default),
  zh: () => import('zod/v4/locales/zh-CN.js').then((module) => module.default),
};

/** Sets zod's own messages (what a form's error map leaves to zod) to `lang`. */
export async function applyZodLocale(lang: Lang): Promise<void> {
  const locale = await loaders[lang]();
  z.config(locale());
}

/**
 * zod's messages follow the console's language from the first form on: zod loads with forms only
 * (issue 16), so this module comes with them (use-server-form.ts imports it), sets the language
 * shown now, and has every later switch set the new one before it switches
 * (switch-locale.ts, `addLanguageResource`).
 */
export const zodLocaleReady: Promise<void> = applyZodLocale(i18n.language as Lang).catch(() => undefined);
addLanguageResource(applyZodLocale);
