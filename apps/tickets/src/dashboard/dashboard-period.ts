import { AppError, ErrorCode, DASHBOARD_MAX_DAYS, type DashboardQueryDto } from '@atrium/contracts';
import { addDays, dateIn, startOfDay } from '@atrium/kernel';
import type { DayPeriod } from './dashboard.repository.js';

/** A dashboard period: calendar days of the platform (both included) and the instants they span. */
export type DashboardPeriod = DayPeriod;

/**
 * The period of `GET /dashboard`: `days` is the last N days up to today; else `date_from` to
 * `date_to` (either missing: the first of the month, today); a start after the end or a span over
 * DASHBOARD_MAX_DAYS is ERR_VALIDATION.
 */
export function dashboardPeriod(query: DashboardQueryDto, timeZone: string, now: Date): DashboardPeriod {
  const today = dateIn(timeZone, now);
  if (query.days !== undefined) return periodOf(addDays(today, 1 - query.days), today, timeZone);
  return periodOf(query.date_from ?? `${today.slice(0, 8)}01`, query.date_to ?? today, timeZone);
}

/** The days of the charts' `initialDate`/`finalDate` (the same defaults). */
export function chartPeriod(initialDate: string | undefined, finalDate: string | undefined, timeZone: string, now: Date): DashboardPeriod {
  const today = dateIn(timeZone, now);
  return periodOf(initialDate ?? `${today.slice(0, 8)}01`, finalDate ?? today, timeZone);
}

function periodOf(firstDay: string, lastDay: string, timeZone: string): DashboardPeriod {
  if (firstDay > lastDay)
    throw new AppError(ErrorCode.ERR_VALIDATION, { fields: [{ field: 'date_from', messages: ['the period starts after it ends'] }] });
  if (addDays(firstDay, DASHBOARD_MAX_DAYS) <= lastDay)
    throw new AppError(ErrorCode.ERR_VALIDATION, {
      fields: [{ field: 'date_to', messages: [`the period is longer than ${DASHBOARD_MAX_DAYS} days`] }],
    });
  return { firstDay, lastDay, from: startOfDay(firstDay, timeZone), until: startOfDay(addDays(lastDay, 1), timeZone) };
}
