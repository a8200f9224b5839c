import type { BundleLanguage } from '@console/contracts/i18n';
import { isLocale, LOCALE_COOKIE, type Locale } from '@console/contracts/locales';
import { readCookie, writeCookie } from '../lib/cookies.ts';

/** BCP 47 tag of each console locale (packages/contracts, which the API's HTML uses too). */
export { LOCALE_TAGS } from '@console/contracts/locales';

/** The upper-case spelling of the message-bundle call (ko_KR → KO_KR). */
export const bundleLanguageOf = (locale: Locale): BundleLanguage => locale.toUpperCase() as BundleLanguage;

export function readLocaleCookie(): Locale | undefined {
  const value = readCookie(LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
}

export function writeLocaleCookie(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale);
}

/**
 * The locale to use among those offered: the remembered one when it is offered, else the first
 * offered language (the edition's default).
 */
export function pickLocale(offered: readonly Locale[], remembered: Locale | undefined, fallback: Locale): Locale {
  if (remembered && (offered.length === 0 || offered.includes(remembered))) return remembered;
  return offered[0] ?? fallback;
}
