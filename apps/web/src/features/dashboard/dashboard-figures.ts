import type { DashboardAttendantView, TicketsPerDayView } from '@atrium/contracts';

/** The spec's period options, in days. */
export const PERIOD_OPTIONS = [3, 7, 15, 30, 60, 90] as const;

/** What the dashboard asks for: the last N days, or a date range (YYYY-MM-DD, both included). */
export type DashboardFilter = { days: number } | { from: string; to: string };

/** The date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The default filter: the first of the month to today. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * The filter the form's fields make: a period wins over the dates; with neither (or half a range),
 * none, and the page asks to set the filter ('Parametrize o filtro').
 */
export function filterOf(days: number | null, from: string | null, to: string | null): DashboardFilter | null {
  if (days !== null) return { days };
  if (from && to) return { from, to };
  return null;
}

/** The charts' days for a filter (the last N days end today). */
export function chartRangeOf(filter: DashboardFilter, today: string): { initialDate: string; finalDate: string } {
  return 'days' in filter
    ? { initialDate: addDays(today, 1 - filter.days), finalDate: today }
    : { initialDate: filter.from, finalDate: filter.to };
}

/** Minutes as the spec shows average times: `HHh MMm` (rounded to the minute); '-' when nothing was measured. */
export function formatDuration(minutes: number | null): string {
  if (minutes === null) return '-';
  const total = Math.round(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}h ${pad(total % 60)}m`;
}

/** The per-day chart's points: an hour's label (`09h`) or a day's (`dd/MM`). */
export function dayChartPoints(view: TicketsPerDayView): { label: string; total: number }[] {
  return view.data.map((point) =>
    'horario' in point
      ? { label: `${point.horario}h`, total: point.total }
      : { label: `${point.data.slice(8, 10)}/${point.data.slice(5, 7)}`, total: point.total },
  );
}

/** One CSV field: quoted when it holds a separator, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The attendants table as CSV (RFC 4180, comma separated): the given headers, then per attendant
 * name, tickets, rating, online, and the times as shown (`HHh MMm`).
 */
export function attendantsCsv(attendants: DashboardAttendantView[], headers: string[], onlineText: (online: boolean) => string): string {
  const rows = attendants.map((a) => [
    a.name,
    String(a.tickets),
    a.rating === null ? '' : a.rating.toFixed(2),
    formatDuration(a.avgSupportTime),
    formatDuration(a.avgFirstResponseTime),
    formatDuration(a.medianResolutionTime),
    formatDuration(a.p90ResolutionTime),
    onlineText(a.online),
  ]);
  return [headers, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
