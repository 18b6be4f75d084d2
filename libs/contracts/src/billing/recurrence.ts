import type { Recurrence } from '../identity/views.js';

const MONTHS: Record<Recurrence, number> = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 };

/**
 * The due date one billing period after `dueDate` (YYYY-MM-DD): MENSAL one month, ... ANUAL a
 * year; the 31st of a month followed by a shorter one lands on that month's last day.
 */
export function nextDueDate(dueDate: string, recurrence: Recurrence): string {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + (MONTHS[recurrence] ?? 1), 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
