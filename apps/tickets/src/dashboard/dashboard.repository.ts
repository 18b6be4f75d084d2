import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { queues, ticketTimelines as tl, userRefs } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** Instants [from, until) a dashboard period covers. */
export interface PeriodBounds {
  from: Date;
  until: Date;
}

/** Sums over the tickets queued in a period: the whole company, one agent or one queue (seconds for times). */
export interface TimelineFigures {
  tickets: number;
  open: number;
  pending: number;
  closed: number;
  leads: number;
  avgSupportSeconds: number | null;
  avgWaitSeconds: number | null;
  avgFirstResponseSeconds: number | null;
  medianResolutionSeconds: number | null;
  p90ResolutionSeconds: number | null;
  rating: number | null;
}

export interface GroupedFigures {
  total: TimelineFigures;
  byUser: Map<number, TimelineFigures>;
  byQueue: Map<number | null, TimelineFigures>;
}

interface FiguresRow extends Record<string, unknown> {
  by_user: number;
  by_queue: number;
  user_id: number | null;
  queue_id: number | null;
  tickets: string;
  open: string;
  pending: string;
  closed: string;
  leads: string;
  avg_support: number | null;
  avg_wait: number | null;
  avg_first_response: number | null;
  median_resolution: number | null;
  p90_resolution: number | null;
  rating: number | null;
}

const seconds = (later: SQL, earlier: SQL): SQL => sql`extract(epoch from ${later} - ${earlier})`;

/**
 * The dashboard's reads (issue 15): only `ticket_timelines`, a company's period at a time, through
 * its (company, queued_at, …) index that holds every column read (index-only scans).
 */
@Injectable()
export class DashboardRepository {
  /** The company's totals, per agent and per queue, in one scan of the period (grouping sets). */
  async figures(tx: TicketsTx, companyId: number, period: PeriodBounds): Promise<GroupedFigures> {
    const resolution = seconds(sql`${tl.resolvedAt}`, sql`${tl.queuedAt}`);
    const result = await tx.execute<FiguresRow>(sql`
      select grouping(${tl.userId})::int as by_user, grouping(${tl.queueId})::int as by_queue,
             ${tl.userId} as user_id, ${tl.queueId} as queue_id,
             count(*) as tickets,
             count(*) filter (where ${tl.status} = 'open') as open,
             count(*) filter (where ${tl.status} = 'pending') as pending,
             count(*) filter (where ${tl.status} = 'closed') as closed,
             count(*) filter (where ${tl.firstOfContact}) as leads,
             avg(${seconds(sql`${tl.resolvedAt}`, sql`coalesce(${tl.acceptedAt}, ${tl.queuedAt})`)}) as avg_support,
             avg(${seconds(sql`${tl.acceptedAt}`, sql`${tl.queuedAt}`)}) as avg_wait,
             avg(${seconds(sql`${tl.firstReplyAt}`, sql`${tl.queuedAt}`)}) as avg_first_response,
             percentile_cont(0.5) within group (order by ${resolution}) as median_resolution,
             percentile_cont(0.9) within group (order by ${resolution}) as p90_resolution,
             avg(${tl.rating})::float8 as rating
        from ${tl}
       where ${tl.companyId} = ${companyId} and ${tl.queuedAt} >= ${period.from} and ${tl.queuedAt} < ${period.until}
       group by grouping sets ((), (${tl.userId}), (${tl.queueId}))`);
    const grouped: GroupedFigures = { total: emptyFigures(), byUser: new Map(), byQueue: new Map() };
    for (const row of result.rows) {
      const figures = toFigures(row);
      if (row.by_user === 1 && row.by_queue === 1) grouped.total = figures;
      else if (row.by_user === 0 && row.user_id !== null) grouped.byUser.set(row.user_id, figures);
      else if (row.by_queue === 0) grouped.byQueue.set(row.queue_id, figures);
    }
    return grouped;
  }

  /** Tickets queued in the period per agent (agents with tickets only). */
  async ticketsPerUser(tx: TicketsTx, companyId: number, period: PeriodBounds): Promise<{ userId: number; tickets: number }[]> {
    const result = await tx.execute<{ user_id: number; tickets: string }>(sql`
      select ${tl.userId} as user_id, count(*) as tickets
        from ${tl}
       where ${tl.companyId} = ${companyId} and ${tl.queuedAt} >= ${period.from} and ${tl.queuedAt} < ${period.until} and ${tl.userId} is not null
       group by ${tl.userId}`);
    return result.rows.map((row) => ({ userId: row.user_id, tickets: Number(row.tickets) }));
  }

  /** Tickets queued in the period per hour or day of the platform's calendar (`YYYY-MM-DD` or `YYYY-MM-DD HH`), in order. */
  async ticketsPer(tx: TicketsTx, companyId: number, period: PeriodBounds, unit: 'hour' | 'day', timeZone: string): Promise<{ bucket: string; tickets: number }[]> {
    const format = unit === 'hour' ? 'YYYY-MM-DD HH24' : 'YYYY-MM-DD';
    const result = await tx.execute<{ bucket: string; tickets: string }>(sql`
      select to_char(${tl.queuedAt} at time zone ${timeZone}, ${format}) as bucket, count(*) as tickets
        from ${tl}
       where ${tl.companyId} = ${companyId} and ${tl.queuedAt} >= ${period.from} and ${tl.queuedAt} < ${period.until}
       group by 1 order by 1`);
    return result.rows.map((row) => ({ bucket: row.bucket, tickets: Number(row.tickets) }));
  }

  async userNames(tx: TicketsTx, companyId: number): Promise<{ id: number; name: string }[]> {
    return tx.select({ id: userRefs.id, name: userRefs.name }).from(userRefs).where(sql`${userRefs.companyId} = ${companyId}`);
  }

  async queueNames(tx: TicketsTx, companyId: number): Promise<{ id: number; name: string; color: string }[]> {
    return tx.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(sql`${queues.companyId} = ${companyId}`);
  }
}

function emptyFigures(): TimelineFigures {
  return {
    tickets: 0,
    open: 0,
    pending: 0,
    closed: 0,
    leads: 0,
    avgSupportSeconds: null,
    avgWaitSeconds: null,
    avgFirstResponseSeconds: null,
    medianResolutionSeconds: null,
    p90ResolutionSeconds: null,
    rating: null,
  };
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function toFigures(row: FiguresRow): TimelineFigures {
  return {
    tickets: Number(row.tickets),
    open: Number(row.open),
    pending: Number(row.pending),
    closed: Number(row.closed),
    leads: Number(row.leads),
    avgSupportSeconds: num(row.avg_support),
    avgWaitSeconds: num(row.avg_wait),
    avgFirstResponseSeconds: num(row.avg_first_response),
    medianResolutionSeconds: num(row.median_resolution),
    p90ResolutionSeconds: num(row.p90_resolution),
    rating: num(row.rating),
  };
}
