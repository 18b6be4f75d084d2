import { Inject, Injectable } from '@nestjs/common';
import { addDays, dateIn } from '@atrium/kernel';
import { SERVICE_CONFIG } from '@atrium/service-kit';
import type { IdentityConfig } from '../config.js';

/**
 * Subscription dates on the platform's calendar (TIME_ZONE): a company in São Paulo is not past
 * due at 21:00 of its due date because it is already the next day in UTC.
 */
@Injectable()
export class CompanyCalendar {
  readonly timeZone: string;

  constructor(@Inject(SERVICE_CONFIG) config: IdentityConfig) {
    this.timeZone = config.TIME_ZONE;
  }

  /** Every login and refresh asks: the zone's formatter is built once (@atrium/kernel). */
  today(now: Date = new Date()): string {
    return dateIn(this.timeZone, now);
  }

  daysFromToday(days: number, now: Date = new Date()): string {
    return addDays(this.today(now), days);
  }

  /** A subscription is expired once its due date is before today (the due date itself still works). */
  isPastDue(dueDate: string | null, now: Date = new Date()): boolean {
    return dueDate !== null && dueDate < this.today(now);
  }
}
