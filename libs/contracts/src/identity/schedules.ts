import type { ScheduleRow } from './views.js';

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayEn = (typeof WEEKDAYS_EN)[number];

/** 'HH:MM', 00:00 to 23:59 (spec 001 section 5: schedule times use an HH:MM mask). */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The default hours of a queue or company (spec 001 section 9): Monday to Friday 08:00-18:00,
 * Saturday 08:00-12:00, Sunday 00:00-00:00 (closed). `weekday` is data in Portuguese, as existing
 * clients store it.
 */
export const DEFAULT_SCHEDULE: readonly ScheduleRow[] = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];
