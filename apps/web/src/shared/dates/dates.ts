import dayjs from 'dayjs';

/** Whole days from today to a YYYY-MM-DD date (negative when past); null without a valid date. */
export function daysUntil(date: string | null | undefined, today: dayjs.Dayjs = dayjs()): number | null {
  if (!date) return null;
  const target = dayjs(date);
  if (!target.isValid()) return null;
  return target.startOf('day').diff(today.startOf('day'), 'day');
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day it is at `now` in `timeZone` (the platform's calendar, which counts due dates),
 * not in the browser's zone: at 22:00 in São Paulo a browser on UTC is already on the next day.
 * Without a zone, or with one this browser does not know, the browser's own day.
 */
export function calendarDay(timeZone: string | undefined, now: Date = new Date()): dayjs.Dayjs {
  const local = dayjs(now).startOf('day');
  if (!timeZone) return local;
  try {
    let format = dayFormats.get(timeZone);
    if (!format) {
      // en-CA formats as YYYY-MM-DD
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      dayFormats.set(timeZone, format);
    }
    return dayjs(format.format(now));
  } catch {
    return local;
  }
}

export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const value = dayjs(date);
  return value.isValid() ? value.format('DD/MM/YYYY') : '';
}

export function formatDateTime(date: string | null | undefined): string {
  if (!date) return '';
  const value = dayjs(date);
  return value.isValid() ? value.format('DD/MM/YYYY HH:mm') : '';
}

/** YYYY-MM-DD, the API's date format. */
export function isoDate(date: dayjs.Dayjs): string {
  return date.format('YYYY-MM-DD');
}
