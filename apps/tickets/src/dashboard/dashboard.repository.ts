import { Injectable } from '@nestjs/common';
import { sql, type SQL } from 'drizzle-orm';
import { dashboardDaily as dd, queues, ticketTimelines as tl, userRefs } from '../db/schema.js';
import type { TicketsTx } from '../shared/tickets-database.js';

/** Instants [from, until) a dashboard period covers. */
export interface PeriodBounds {
  from: Date;
  until: Date;
}

/** A period as calendar days (both included) and the instants they span. */
export interface DayPeriod extends PeriodBounds {
  firstDay: string;
  lastDay: string;
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

interface RollupRow extends Record<string, unknown> {
  kind: 'u' | 'q';
  ref_id: number | null;
  tickets: string;
  open: string;
  pending: string;
  closed: string;
  leads: string;
  avg_support: string | null;
  avg_wait: string | null;
  avg_first_response: string | null;
  rating: number | null;
}

/** A group's resolutions: per bucket, how many (summed over the period's days). */
type Histogram = number[];

/** One rank of a group's sorted resolutions to read: `take` values from `skip` on in one bucket. */
interface RankRead {
  key: string;
  kind: 'u' | 'q';
  ref: number;
  bucket: number;
  skip: number;
  take: number;
  /** the rank of the first value read */
  rank: number;
}

const groupKey = (kind: 'u' | 'q', ref: number): string => `${kind}${ref}`;
const PERCENTILES = [0.5, 0.9] as const;

/**
 * The dashboard's reads (issue 15). Counters, averages, ratings and the per-day charts come from
 * `dashboard_daily`, the daily rollups per agent and per queue the trigger on ticket_timelines
 * keeps (at most days × (agents + queues) rows for a period). The median and 90th percentile of
 * resolution are exact, as `percentile_cont` over the period's timelines gives them: the rollups'
 * histograms say in which bucket each needed rank lies, and only that bucket's rows of that agent
 * or queue are walked in order up to the rank (ticket_timelines' resolution indexes, the period a filter). The per-hour
 * chart (a single day) reads ticket_timelines.
 */
@Injectable()
export class DashboardRepository {
  /** The company's totals, per agent and per queue, over the period's days. */
  async figures(tx: TicketsTx, companyId: number, period: DayPeriod): Promise<GroupedFigures> {
    const [result, percentiles] = await Promise.all([
      this.rollupFigures(tx, companyId, period),
      this.resolutionPercentiles(tx, companyId, period),
    ]);
    const grouped: GroupedFigures = { total: emptyFigures(), byUser: new Map(), byQueue: new Map() };
    for (const row of result.rows) {
      const figures = toFigures(row);
      if (row.ref_id === null) {
        if (row.kind === 'q') grouped.total = figures;
      } else if (row.kind === 'u') grouped.byUser.set(row.ref_id, figures);
      else grouped.byQueue.set(row.ref_id === 0 ? null : row.ref_id, figures);
    }
    for (const [kind, map] of [
      ['u', grouped.byUser],
      ['q', grouped.byQueue],
    ] as const) {
      for (const [id, figures] of map as Map<number | null, TimelineFigures>) {
        const found = percentiles.get(groupKey(kind, id ?? 0));
        figures.medianResolutionSeconds = found?.[0] ?? null;
        figures.p90ResolutionSeconds = found?.[1] ?? null;
      }
    }
    return grouped;
  }

  /** Sums per agent and per queue ('u' / 'q' with ref_id) and per kind (ref_id null: the 'q' one is the company's). */
  private rollupFigures(tx: TicketsTx, companyId: number, period: DayPeriod) {
    return tx.execute<RollupRow>(sql`
      select ${dd.kind} as kind, case when grouping(${dd.refId}) = 0 then ${dd.refId} end as ref_id,
             sum(${dd.tickets}) as tickets, sum(${dd.open}) as open, sum(${dd.pending}) as pending, sum(${dd.closed}) as closed, sum(${dd.leads}) as leads,
             sum(${dd.supportSum}) / nullif(sum(${dd.supportCount}), 0) as avg_support,
             sum(${dd.waitSum}) / nullif(sum(${dd.waitCount}), 0) as avg_wait,
             sum(${dd.firstResponseSum}) / nullif(sum(${dd.firstResponseCount}), 0) as avg_first_response,
             (sum(${dd.ratingSum})::numeric / nullif(sum(${dd.ratingCount}), 0))::float8 as rating
        from ${dd}
       where ${dd.companyId} = ${companyId} and ${dd.day} >= ${period.firstDay} and ${dd.day} <= ${period.lastDay}
       group by grouping sets ((${dd.kind}, ${dd.refId}), (${dd.kind}))
      having sum(${dd.tickets}) > 0`);
  }

  /**
   * Each agent's and queue's median and 90th percentile of resolution seconds in the period
   * (percentile_cont's definition: the values at floor and ceil of p × (n − 1), interpolated).
   */
  private async resolutionPercentiles(tx: TicketsTx, companyId: number, period: DayPeriod): Promise<Map<string, [number, number]>> {
    const result = await tx.execute<{ kind: 'u' | 'q'; ref_id: number; resolutions: number[] }>(sql`
      select ${dd.kind} as kind, ${dd.refId} as ref_id, ${dd.resolutions} as resolutions
        from ${dd}
       where ${dd.companyId} = ${companyId} and ${dd.day} >= ${period.firstDay} and ${dd.day} <= ${period.lastDay} and ${dd.supportCount} > 0`);
    const histograms = new Map<string, { kind: 'u' | 'q'; ref: number; counts: Histogram }>();
    for (const row of result.rows) {
      const key = groupKey(row.kind, row.ref_id);
      let found = histograms.get(key);
      if (!found)
        histograms.set(key, (found = { kind: row.kind, ref: row.ref_id, counts: new Array<number>(row.resolutions.length).fill(0) }));
      row.resolutions.forEach((count, bucket) => (found.counts[bucket] += Number(count)));
    }
    const reads: RankRead[] = [];
    const needs = new Map<string, { n: number }>();
    for (const [key, { kind, ref, counts }] of histograms) {
      const n = counts.reduce((sum, count) => sum + count, 0);
      if (n === 0) continue;
      needs.set(key, { n });
      const ranks = [...new Set(PERCENTILES.flatMap((p) => [Math.floor(p * (n - 1)), Math.ceil(p * (n - 1))]))].sort((a, b) => a - b);
      let bucket = 0;
      let before = 0;
      for (const rank of ranks) {
        while (before + counts[bucket]! <= rank) before += counts[bucket++]!;
        const last = reads.at(-1);
        if (last && last.key === key && last.bucket === bucket) last.take = rank - before - last.skip + 1;
        else reads.push({ key, kind, ref, bucket, skip: rank - before, take: 1, rank });
      }
    }
    const values = new Map<string, Map<number, number>>();
    if (reads.length > 0) {
      const indexed = reads.map((read, i) => ({ i, ref: read.ref, bucket: read.bucket, skip: read.skip, take: read.take }));
      const part = (kind: 'u' | 'q', noQueue: boolean) =>
        JSON.stringify(indexed.filter((_, i) => reads[i]!.kind === kind && (kind === 'u' || (reads[i]!.ref === 0) === noQueue)));
      const window = sql`${tl.companyId} = ${companyId} and ${tl.queuedAt} >= ${period.from} and ${tl.queuedAt} < ${period.until} and ${tl.resolutionBucket} = r.bucket`;
      const lateral = (owner: SQL, json: string) => sql`
        select r.i, v.k, v.seconds from jsonb_to_recordset(${json}::jsonb) as r(i int, ref int, bucket int, skip int, take int)
        cross join lateral (
          select s.seconds, r.skip + row_number() over (order by s.seconds) - 1 as k
            from (select ${tl.resolutionSeconds} as seconds from ${tl} where ${owner} and ${window} order by ${tl.resolutionSeconds} offset r.skip limit r.take) s) v`;
      const rows = await tx.execute<{ i: number; k: string; seconds: number }>(sql`
        ${lateral(sql`${tl.userId} = r.ref`, part('u', false))}
        union all ${lateral(sql`${tl.queueId} = r.ref`, part('q', false))}
        union all ${lateral(sql`${tl.queueId} is null`, part('q', true))}`);
      for (const row of rows.rows) {
        const read = reads[row.i]!;
        let own = values.get(read.key);
        if (!own) values.set(read.key, (own = new Map()));
        own.set(read.rank - read.skip + Number(row.k), Number(row.seconds));
      }
    }
    const answers = new Map<string, [number, number]>();
    for (const [key, { n }] of needs) {
      const own = values.get(key);
      if (!own) continue;
      const [median, p90] = PERCENTILES.map((p) => percentileCont(own, p, n));
      answers.set(key, [median!, p90!]);
    }
    return answers;
  }

  /**
   * The version of the company's rollups of the period's days: their count and the sum of their
   * `changed_seq` (renumbered upwards at every change, migration 0020), so any timeline change
   * queued in those days, a new rollup row or a rebuild gives another one.
   */
  async version(tx: TicketsTx, companyId: number, period: Pick<DayPeriod, 'firstDay' | 'lastDay'>): Promise<string> {
    const result = await tx.execute<{ version: string }>(sql`
      select count(*) || ':' || coalesce(sum(${dd.changedSeq}), 0) as version
        from ${dd}
       where ${dd.companyId} = ${companyId} and ${dd.day} >= ${period.firstDay} and ${dd.day} <= ${period.lastDay}`);
    return result.rows[0]!.version;
  }

  /** Tickets queued in the period per agent (agents with tickets only). */
  async ticketsPerUser(tx: TicketsTx, companyId: number, period: DayPeriod): Promise<{ userId: number; tickets: number }[]> {
    const result = await tx.execute<{ user_id: number; tickets: string }>(sql`
      select ${dd.refId} as user_id, sum(${dd.tickets}) as tickets
        from ${dd}
       where ${dd.companyId} = ${companyId} and ${dd.kind} = 'u' and ${dd.day} >= ${period.firstDay} and ${dd.day} <= ${period.lastDay}
       group by ${dd.refId}
      having sum(${dd.tickets}) > 0`);
    return result.rows.map((row) => ({ userId: row.user_id, tickets: Number(row.tickets) }));
  }

  /** Tickets queued in the period per day (`YYYY-MM-DD`, days with tickets, in order). */
  async ticketsPerDay(tx: TicketsTx, companyId: number, period: DayPeriod): Promise<{ bucket: string; tickets: number }[]> {
    const result = await tx.execute<{ bucket: string; tickets: string }>(sql`
      select to_char(${dd.day}, 'YYYY-MM-DD') as bucket, sum(${dd.tickets}) as tickets
        from ${dd}
       where ${dd.companyId} = ${companyId} and ${dd.kind} = 'q' and ${dd.day} >= ${period.firstDay} and ${dd.day} <= ${period.lastDay}
       group by ${dd.day}
      having sum(${dd.tickets}) > 0
       order by ${dd.day}`);
    return result.rows.map((row) => ({ bucket: row.bucket, tickets: Number(row.tickets) }));
  }

  /** Tickets queued in the period (a day) per hour of the platform's calendar (`YYYY-MM-DD HH`), in order. */
  async ticketsPerHour(
    tx: TicketsTx,
    companyId: number,
    period: PeriodBounds,
    timeZone: string,
  ): Promise<{ bucket: string; tickets: number }[]> {
    const result = await tx.execute<{ bucket: string; tickets: string }>(sql`
      select to_char(${tl.queuedAt} at time zone ${timeZone}, 'YYYY-MM-DD HH24') as bucket, count(*) as tickets
        from ${tl}
       where ${tl.companyId} = ${companyId} and ${tl.queuedAt} >= ${period.from} and ${tl.queuedAt} < ${period.until}
       group by 1 order by 1`);
    return result.rows.map((row) => ({ bucket: row.bucket, tickets: Number(row.tickets) }));
  }

  async userNames(tx: TicketsTx, companyId: number): Promise<{ id: number; name: string }[]> {
    return tx
      .select({ id: userRefs.id, name: userRefs.name })
      .from(userRefs)
      .where(sql`${userRefs.companyId} = ${companyId}`);
  }

  async queueNames(tx: TicketsTx, companyId: number): Promise<{ id: number; name: string; color: string }[]> {
    return tx
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(queues)
      .where(sql`${queues.companyId} = ${companyId}`);
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

function toFigures(row: RollupRow): TimelineFigures {
  return {
    tickets: Number(row.tickets),
    open: Number(row.open),
    pending: Number(row.pending),
    closed: Number(row.closed),
    leads: Number(row.leads),
    avgSupportSeconds: num(row.avg_support),
    avgWaitSeconds: num(row.avg_wait),
    avgFirstResponseSeconds: num(row.avg_first_response),
    medianResolutionSeconds: null,
    p90ResolutionSeconds: null,
    rating: num(row.rating),
  };
}

/** PostgreSQL's percentile_cont over n sorted values of which `values` holds the ranks needed. */
function percentileCont(values: Map<number, number>, p: number, n: number): number {
  const position = p * (n - 1);
  const first = Math.floor(position);
  const second = Math.ceil(position);
  const low = values.get(first)!;
  if (first === second) return low;
  return low + (position - first) * (values.get(second)! - low);
}
