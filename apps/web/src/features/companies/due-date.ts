import type { Recurrence } from '@atrium/contracts';
import dayjs from 'dayjs';
import { daysUntil, isoDate } from '../../shared/dates/dates';

export type DueDateTone = 'yellow' | 'orange' | 'red';

/**
 * Row colour of a company by its due date (spec 001 section 4): 5 days ahead yellow, from 4 days
 * ahead to 3 days past orange, 4 or more days past red.
 */
export function dueDateTone(dueDate: string | null | undefined, today?: dayjs.Dayjs): DueDateTone | null {
  const days = daysUntil(dueDate, today);
  if (days === null) return null;
  if (days === 5) return 'yellow';
  if (days <= 4 && days >= -3) return 'orange';
  if (days <= -4) return 'red';
  return null;
}

export const RECURRENCE_MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/** '+ Vencimento': the due date moved on by one recurrence interval (from today when there is none). */
export function extendDueDate(dueDate: string | null | undefined, recurrence: Recurrence, today: dayjs.Dayjs = dayjs()): string {
  const base = dueDate && dayjs(dueDate).isValid() ? dayjs(dueDate) : today;
  return isoDate(base.add(RECURRENCE_MONTHS[recurrence], 'month'));
}
