import type { ScheduleRow } from '@atrium/contracts';
import { DEFAULT_SCHEDULE } from '@atrium/contracts/identity/schedules.js';
import { HH_MM } from '../../shared/ui/time-mask';

/** All seven rows, the saved ones (company or queue) where there are some, the defaults (spec 001 section 9) elsewhere. */
export function scheduleRows(saved: readonly ScheduleRow[] | undefined): ScheduleRow[] {
  return DEFAULT_SCHEDULE.map((day) => {
    const existing = saved?.find((row) => row.weekdayEn === day.weekdayEn);
    return existing ? { ...existing, weekday: existing.weekday || day.weekday } : { ...day };
  });
}

/** The server's rule (ScheduleRowDto): with both times given, the end is not before the start (equal: closed). */
export function endNotBeforeStart(start: string | undefined, end: string | undefined): boolean {
  if (!start || !end || !HH_MM.test(start) || !HH_MM.test(end)) return true;
  return end >= start;
}
