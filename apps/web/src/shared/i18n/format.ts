import { DEFAULT_TIME_ZONE, type Locale } from '@console/contracts/locales';
import { LOCALE_TAGS } from './locale.ts';

export interface Formatters {
  /** Date and time, e.g. 2026. 11. 22. 오후 8:45 (Asia/Seoul). */
  dateTime(value: string | number | Date): string;
  date(value: string | number | Date): string;
  number(value: number): string;
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** Formats a date, or answers the raw value when it is not a date (never "Invalid Date"). */
function formatDate(format: Intl.DateTimeFormat, value: string | number | Date): string {
  const parsed = toDate(value);
  return Number.isNaN(parsed.getTime()) ? String(value) : format.format(parsed);
}

/** Intl formatters of a locale; times are shown in the console's time zone (Asia/Seoul). */
export function createFormatters(locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): Formatters {
  const tag = LOCALE_TAGS[locale];
  const dateTime = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const date = new Intl.DateTimeFormat(tag, { timeZone, dateStyle: 'medium' });
  const number = new Intl.NumberFormat(tag);
  return {
    dateTime: (value) => formatDate(dateTime, value),
    date: (value) => formatDate(date, value),
    number: (value) => number.format(value),
  };
}
