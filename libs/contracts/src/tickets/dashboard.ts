import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { IsCalendarDay } from '../input-rules.js';
import type { Rpc } from '../contract.js';

/** NATS request/reply subjects of the admin dashboard (spec 000 "Dashboard", issue 15), served by the tickets service. */
export const DashboardSubjects = {
  /** DashboardQueryDto → DashboardView */
  summary: 'tickets.dashboard.summary',
  /** TicketsChartQueryDto → TicketsPerUserView */
  ticketsUsers: 'tickets.dashboard.tickets-users',
  /** TicketsChartQueryDto → TicketsPerDayView */
  ticketsDay: 'tickets.dashboard.tickets-day',
} as const;

/** The longest period the dashboard's filters accept, in days. */
export const DASHBOARD_MAX_DAYS = 3660;

/** '' from an empty form field means "not given". */
const emptyAsAbsent = ({ value }: { value: unknown }): unknown => (value === '' || value === null ? undefined : value);

/**
 * `GET /dashboard`: `days` (the last N days up to today) wins over `date_from`/`date_to` (days in the
 * platform's time zone, both included); with neither, the first of the month to today.
 */
export class DashboardQueryDto {
  @IsOptional() @Transform(emptyAsAbsent) @Type(() => Number) @IsInt() @Min(1) @Max(DASHBOARD_MAX_DAYS) days?: number;
  @IsOptional() @Transform(emptyAsAbsent) @IsCalendarDay() date_from?: string;
  @IsOptional() @Transform(emptyAsAbsent) @IsCalendarDay() date_to?: string;
}

/** `GET /dashboard/ticketsUsers` and `/dashboard/ticketsDay`: days in the platform's time zone, both included; companyId is the token's, whatever is sent. */
export class TicketsChartQueryDto {
  @IsOptional() @Transform(emptyAsAbsent) @IsCalendarDay() initialDate?: string;
  @IsOptional() @Transform(emptyAsAbsent) @IsCalendarDay() finalDate?: string;
  @IsOptional() @Transform(emptyAsAbsent) @Type(() => Number) @IsInt() @Min(1) companyId?: number;
}

/** The six cards, plus the first-response average (issue 15). Times in minutes, null when no ticket measured them. */
export interface DashboardCountersView {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  /** Handling: from the first accept to the resolution, over the resolved tickets. */
  avgSupportTime: number | null;
  /** Waiting: from queueing to the first accept, over the accepted tickets. */
  avgWaitTime: number | null;
  /** From queueing to the first agent reply, over the answered tickets. */
  avgFirstResponseTime: number | null;
}

/** Resolution times (queueing to resolution) of a group of tickets, in minutes. */
export interface ResolutionFiguresView {
  tickets: number;
  avgFirstResponseTime: number | null;
  medianResolutionTime: number | null;
  p90ResolutionTime: number | null;
}

export interface DashboardAttendantView extends ResolutionFiguresView {
  id: number;
  name: string;
  /** Average of the ratings (1 to 3) of the period's tickets, null when none was rated. */
  rating: number | null;
  avgSupportTime: number | null;
  /** From the gateways' live sockets (identity's record of them). */
  online: boolean;
}

export interface DashboardQueueView extends ResolutionFiguresView {
  /** null: tickets without a queue. */
  id: number | null;
  name: string;
  color: string | null;
}

export interface DashboardView {
  /** The period the figures cover (YYYY-MM-DD, both included). */
  period: { from: string; to: string };
  counters: DashboardCountersView;
  attendants: DashboardAttendantView[];
  queues: DashboardQueueView[];
}

/** Tickets per agent (only agents with tickets), as the chart reads it. */
export interface TicketsPerUserView {
  data: { nome: string; quantidade: number }[];
  count: number;
}

/** Tickets per hour (`horario` 00 to 23) when the period is one day, else per day (`data` YYYY-MM-DD); buckets without tickets are absent. */
export interface TicketsPerDayView {
  data: ({ horario: string; total: number } | { data: string; total: number })[];
  count: number;
}

/** What each dashboard subject takes and answers. */
export type DashboardContract = {
  [DashboardSubjects.summary]: Rpc<DashboardQueryDto, DashboardView>;
  [DashboardSubjects.ticketsUsers]: Rpc<TicketsChartQueryDto, TicketsPerUserView>;
  [DashboardSubjects.ticketsDay]: Rpc<TicketsChartQueryDto, TicketsPerDayView>;
};
