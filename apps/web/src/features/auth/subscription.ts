import { calendarDay, daysUntil } from '../../shared/dates/dates';

/** Warning threshold of spec 000 section 4: fewer than 5 days left. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export type SubscriptionState = { kind: 'ok' } | { kind: 'expiring'; days: number } | { kind: 'expired' };

/** The company's due date and the calendar it is counted in (the session user's `company`). */
export interface CompanyCalendar {
  dueDate: string | null | undefined;
  calendarTimeZone?: string;
}

/**
 * Days left to the due date, rounded up (spec 001 'Trial days left'), counted on the platform's
 * calendar: a trial signed up at 22:00 in São Paulo has 3 days left in every browser, not 2 in one
 * already on the next UTC day. 0 on the due date itself, which still works; null without a due date.
 */
export function subscriptionDaysLeft(company: CompanyCalendar, now: Date = new Date()): number | null {
  return daysUntil(company.dueDate, calendarDay(company.calendarTimeZone, now));
}

/** Where a company stands with its due date (null due date: no limit). */
export function subscriptionState(company: CompanyCalendar, now: Date = new Date()): SubscriptionState {
  const days = subscriptionDaysLeft(company, now);
  if (days === null) return { kind: 'ok' };
  if (days < 0) return { kind: 'expired' };
  if (days < SUBSCRIPTION_WARNING_DAYS) return { kind: 'expiring', days };
  return { kind: 'ok' };
}
