import type { ScheduleRow } from '@atrium/contracts';
import { pad2, zonedParts } from '@atrium/kernel';

const WEEKDAY_OF_INDEX = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The weekday (English, lowercase) it is at `now` in `timeZone`. */
function weekdayIn(now: Date, timeZone: string): string {
  const p = zonedParts(now, timeZone);
  return WEEKDAY_OF_INDEX[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]!;
}

/**
 * Whether `now` falls in the opening hours (spec 001 "Schedule row"): the row of the weekday it is
 * in `timeZone`, open from `startTime` (included) to `endTime` (excluded), HH:MM. A day whose start
 * and end are equal (the default Sunday 00:00-00:00) is closed; a day without a row is closed; no
 * rows at all means no hours were set: always open.
 */
export function isOpenAt(schedules: readonly ScheduleRow[], now: Date, timeZone: string): boolean {
  if (schedules.length === 0) return true;
  const row = schedules.find((candidate) => candidate.weekdayEn.toLowerCase() === weekdayIn(now, timeZone));
  if (!row || row.startTime === row.endTime) return false;
  const p = zonedParts(now, timeZone);
  const time = `${pad2(p.hour)}:${pad2(p.minute)}`;
  return row.startTime <= time && time < row.endTime;
}

/** The out-of-hours notice goes at most once per this long per ticket. */
export const OUT_OF_HOURS_REPEAT_MS = 30 * 60_000;
