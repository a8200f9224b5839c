import { DAYS_OF_WEEK, type DayOfWeek } from '@console/contracts/conditions';

/**
 * Wall-clock time in an IANA time zone with Intl (no dependency): the day of the week and the
 * minute of the day an instant has there, and the instant a local date and time has there.
 * Formatters are cached per zone, and the last answer per zone is kept for its minute, so the
 * many checks of one request (or of a benchmark) format once.
 */
export interface ZonedParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  /** 0 = MON ... 6 = SUN. */
  readonly weekday: number;
  readonly dayOfWeek: DayOfWeek;
  /** 0 ... 1439. */
  readonly minuteOfDay: number;
}

const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const formatters = new Map<string, Intl.DateTimeFormat | null>();
const lastByZone = new Map<string, { minute: number; parts: ZonedParts }>();

function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        weekday: 'short',
        hour: 'numeric',
        minute: 'numeric',
      });
    } catch {
      formatter = null;
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export const isTimeZone = (timeZone: string) => formatterOf(timeZone) !== null;

/** The wall-clock parts of an instant in a zone; undefined for an unknown zone. */
export function zonedParts(epochMs: number, timeZone: string): ZonedParts | undefined {
  const minute = Math.floor(epochMs / 60_000);
  const last = lastByZone.get(timeZone);
  if (last && last.minute === minute) return last.parts;
  const formatter = formatterOf(timeZone);
  if (!formatter) return undefined;
  let year = 0;
  let month = 0;
  let day = 0;
  let weekday = 0;
  let hour = 0;
  let minuteOfHour = 0;
  for (const part of formatter.formatToParts(epochMs)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'weekday':
        weekday = WEEKDAY_INDEX[part.value] ?? 0;
        break;
      case 'hour':
        hour = Number(part.value);
        break;
      case 'minute':
        minuteOfHour = Number(part.value);
        break;
      default:
        break;
    }
  }
  const parts: ZonedParts = { year, month, day, weekday, dayOfWeek: DAYS_OF_WEEK[weekday]!, minuteOfDay: hour * 60 + minuteOfHour };
  lastByZone.set(timeZone, { minute, parts });
  return parts;
}

/**
 * The instant at which the wall clock of a zone shows a local date and minute of the day (the
 * earlier one when it shows it twice; just after the gap when it never does, at a DST jump).
 */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, minuteOfDay: number): number {
  const wall = Date.UTC(year, month - 1, day, 0, minuteOfDay);
  let guess = wall;
  // Two rounds of "guess minus the offset seen at the guess" settle every real zone.
  for (let round = 0; round < 3; round += 1) {
    const parts = zonedParts(guess, timeZone);
    if (!parts) return wall;
    const seen = Date.UTC(parts.year, parts.month - 1, parts.day, 0, parts.minuteOfDay);
    const next = guess + (wall - seen);
    if (next === guess) break;
    guess = next;
  }
  return guess;
}
