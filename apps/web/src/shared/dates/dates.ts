import dayjs from 'dayjs';

/** Whole days from today to a YYYY-MM-DD date (negative when past); null without a valid date. */
export function daysUntil(date: string | null | undefined, today: dayjs.Dayjs = dayjs()): number | null {
  if (!date) return null;
  const target = dayjs(date);
  if (!target.isValid()) return null;
  return target.startOf('day').diff(today.startOf('day'), 'day');
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
