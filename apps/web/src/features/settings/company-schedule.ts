import type { ScheduleRow } from '@atrium/contracts';
import i18n from '../../i18n/i18n';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Default hours (spec 001 section 9): Monday to Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00. */
const DEFAULT_HOURS: Record<Weekday, [string, string]> = {
  monday: ['08:00', '18:00'],
  tuesday: ['08:00', '18:00'],
  wednesday: ['08:00', '18:00'],
  thursday: ['08:00', '18:00'],
  friday: ['08:00', '18:00'],
  saturday: ['08:00', '12:00'],
  sunday: ['00:00', '00:00'],
};

/** The stored `weekday` name is data in Portuguese, as existing clients store it. */
function storedWeekdayName(day: Weekday): string {
  return i18n.getFixedT('pt', 'settings')(`weekdays.${day}`);
}

/** All seven rows, the company's where it has them, the defaults elsewhere. */
export function scheduleRows(saved: readonly ScheduleRow[] | undefined): ScheduleRow[] {
  return WEEKDAYS.map((day) => {
    const existing = saved?.find((row) => row.weekdayEn === day);
    if (existing) return { ...existing, weekday: existing.weekday || storedWeekdayName(day) };
    const [startTime, endTime] = DEFAULT_HOURS[day];
    return { weekday: storedWeekdayName(day), weekdayEn: day, startTime, endTime };
  });
}
