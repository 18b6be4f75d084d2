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

/** Which hours count (setting `scheduleType`: `company`, `queue`, or anything else for none) and the company's own, read before the transaction. */
export interface HoursThatCount {
  scheduleType: string;
  /** The company's hours, when scheduleType is `company`. */
  companyHours: readonly ScheduleRow[];
  timeZone: string;
}

/** A queue as business hours see it. */
export interface QueueHours {
  schedules: readonly ScheduleRow[];
  outOfHoursMessage: string | null;
}

/**
 * The out-of-hours text when the hours that count are closed at `now`, in the company's time
 * zone; undefined when open or not checked. Before a queue is chosen (type queue), a conversation
 * that starts while every queue of the connection's menu is closed is answered at its first
 * message: the connection's out-of-hours message, else the first queue's (a menu with an open
 * queue is shown, and a closed queue chosen answers with its own).
 */
export function outOfHoursText(
  hours: HoursThatCount,
  connectionText: string,
  queue: QueueHours | undefined,
  menuQueues: readonly QueueHours[],
  now: Date,
): string | undefined {
  const { timeZone, scheduleType } = hours;
  if (scheduleType === 'company') return isOpenAt(hours.companyHours, now, timeZone) ? undefined : connectionText;
  if (scheduleType !== 'queue') return undefined;
  if (queue) return isOpenAt(queue.schedules, now, timeZone) ? undefined : (queue.outOfHoursMessage ?? '');
  if (menuQueues.length === 0 || menuQueues.some((candidate) => isOpenAt(candidate.schedules, now, timeZone))) return undefined;
  if (connectionText.trim() !== '') return connectionText;
  return menuQueues.map((candidate) => candidate.outOfHoursMessage ?? '').find((text) => text.trim() !== '') ?? '';
}

/**
 * What business hours answer a customer's message: undefined when open (the conversation goes
 * on); closed, the notice to send (`notice`, at most once per OUT_OF_HOURS_REPEAT_MS per ticket,
 * never an empty one) or null when nothing is sent this time.
 */
export function outOfHoursAnswer(
  hours: HoursThatCount,
  connectionText: string,
  queue: QueueHours | undefined,
  menuQueues: readonly QueueHours[],
  lastNoticeAt: Date | null | undefined,
  now: Date,
): { notice: string | null } | undefined {
  const text = outOfHoursText(hours, connectionText, queue, menuQueues, now);
  if (text === undefined) return undefined;
  const recently = !!lastNoticeAt && now.getTime() - lastNoticeAt.getTime() < OUT_OF_HOURS_REPEAT_MS;
  return { notice: recently || text.trim() === '' ? null : text };
}
