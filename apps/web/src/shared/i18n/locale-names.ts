import type { Locale } from '@console/contracts/locales';

/** Each language by its own name, the same whatever language the console shows (a language picker's convention). */
export const LOCALE_NAMES: Record<Locale, string> = {
  ko_KR: '한국어',
  en_US: 'English',
  ja_JP: '日本語',
  zh_CN: '简体中文',
};
