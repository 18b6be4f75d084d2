/** Today's date as YYYY-MM-DD in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The date `days` after today, as YYYY-MM-DD. */
export function daysFromToday(days: number, now: Date = new Date()): string {
  const date = new Date(now.getTime());
  date.setUTCDate(date.getUTCDate() + days);
  return todayIso(date);
}

/** A subscription is expired once its due date is before today (the due date itself still works). */
export function isPastDue(dueDate: string | null, now: Date = new Date()): boolean {
  return dueDate !== null && dueDate < todayIso(now);
}
