/** Console languages, in the order an edition offers them (spec §1). ko_KR is the default. */
export const LOCALES = ['ko_KR', 'en_US', 'ja_JP', 'zh_CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko_KR';
/** Short language of a locale, as message tables are keyed. */
export type Lang = 'ko' | 'en' | 'ja' | 'zh';
export const LANGS: readonly Lang[] = ['ko', 'en', 'ja', 'zh'];
export const LOCALE_COOKIE = 'userLocale';
export const DEFAULT_TIME_ZONE = 'Asia/Seoul';

/** BCP 47 tag of each console locale: `<html lang>`, Intl and Cloudscape use it (the API writes it into the console's HTML). */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = {
  ko_KR: 'ko',
  en_US: 'en',
  ja_JP: 'ja',
  zh_CN: 'zh-CN',
};

export const langOf = (locale: Locale): Lang => locale.slice(0, 2) as Lang;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the locale for a request: an explicit locale (cookie or `lang` header) wins, then the
 * first supported language of Accept-Language, then the default.
 */
export function resolveLocale(explicit: string | undefined, acceptLanguage?: string): Locale {
  if (explicit) {
    const normalized = normalizeLocale(explicit);
    if (normalized) return normalized;
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const normalized = normalizeLocale(part.split(';')[0]?.trim() ?? '');
    if (normalized) return normalized;
  }
  return DEFAULT_LOCALE;
}

/** Accepts ko_KR, ko-KR, KO_KR, ko and the like. */
export function normalizeLocale(value: string): Locale | undefined {
  const lang = value.slice(0, 2).toLowerCase();
  return LOCALES.find((locale) => locale.startsWith(lang));
}
