/**
 * Wall-clock date and time in an IANA time zone ⇄ instants (ISO 8601, UTC). The condition editor
 * takes DATETIME values as the organization's local date and time (the engine evaluates TIME and
 * DAY_OF_WEEK there too) and stores the instant.
 */

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a time zone. */
export function wallClockOf(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in minutes (Asia/Seoul: 540). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The instant (ISO 8601, UTC) of a local date `YYYY-MM-DD` and time `HH:mm` in a time zone, or
 * undefined when either does not parse.
 */
export function zonedToIso(date: string, time: string, timeZone: string): string | undefined {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return undefined;
  const [, y, mo, d] = dateMatch.map(Number) as [number, number, number, number];
  const [, h, mi] = timeMatch.map(Number) as [number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return undefined;
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset around a daylight-saving change.
  let instant = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  instant = naive - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** The local date `YYYY-MM-DD` and time `HH:mm` of an ISO instant in a time zone. */
export function isoToZoned(iso: string, timeZone: string): { date: string; time: string } | undefined {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return undefined;
  const wall = wallClockOf(instant, timeZone);
  return { date: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** `HH:mm` now (or at `now`) in a time zone, `minutes` later (wrapping past midnight). */
export function timeOfDayIn(timeZone: string, minutes = 0, now: Date = new Date()): string {
  const wall = wallClockOf(new Date(now.getTime() + minutes * 60_000), timeZone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
}
