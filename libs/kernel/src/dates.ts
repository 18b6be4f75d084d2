/**
 * Dates on the platform's calendar (`TIME_ZONE` of ServiceConfig): what day and time it is in a
 * time zone, and when a day starts there. Formatters are built once per zone.
 */

/** Wall-clock parts of an instant in a time zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function once(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = cache.get(timeZone);
  if (!found) {
    found = make();
    cache.set(timeZone, found);
  }
  return found;
}

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  return once(
    partFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  );
}

/** Formats an instant as its date (YYYY-MM-DD: en-CA's way) in `timeZone`. */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  return once(
    dayFormatters,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
}

export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(
    partFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  return dayFormatter(timeZone).format(now);
}

/** The date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a day (YYYY-MM-DD) starts in a time zone. */
export function startOfDay(isoDate: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  let instant = midnightUtc - offsetMinutes(new Date(midnightUtc), timeZone) * 60_000;
  // a daylight-saving change between the guess and the result moves the offset once more
  instant = midnightUtc - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** [start, end) of a day in a time zone. */
export function dayRange(isoDate: string, timeZone: string): { from: Date; until: Date } {
  return { from: startOfDay(isoDate, timeZone), until: startOfDay(addDays(isoDate, 1), timeZone) };
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
