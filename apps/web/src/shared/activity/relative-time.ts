import type { Locale } from '@console/contracts/locales';
import { LOCALE_TAGS } from '../i18n/locale.ts';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 minutes ago" / "3분 전" in the console's language; under a minute reads "now". */
export function relativeTime(value: string, locale: Locale, now: number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return value;
  const format = new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'auto' });
  if (Math.abs(seconds) < 60) return format.format(0, 'second');
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return format.format(Math.trunc(seconds / size), unit);
}
