import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';

/** Formats an instant as its date (YYYY-MM-DD: en-CA's way) in `timeZone`. */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
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

/**
 * Subscription dates on the platform's calendar (TIME_ZONE): a company in São Paulo is not past
 * due at 21:00 of its due date because it is already the next day in UTC.
 */
@Injectable()
export class CompanyCalendar {
  /** Built once: every login and refresh asks for today. */
  private readonly days: Intl.DateTimeFormat;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.days = dayFormatter(config.TIME_ZONE);
  }

  today(now: Date = new Date()): string {
    return this.days.format(now);
  }

  daysFromToday(days: number, now: Date = new Date()): string {
    return addDays(this.today(now), days);
  }

  /** A subscription is expired once its due date is before today (the due date itself still works). */
  isPastDue(dueDate: string | null, now: Date = new Date()): boolean {
    return dueDate !== null && dueDate < this.today(now);
  }
}
