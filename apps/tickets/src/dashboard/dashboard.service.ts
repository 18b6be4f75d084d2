import { Inject, Injectable } from '@nestjs/common';
import type {
  Actor,
  DashboardAttendantView,
  DashboardQueryDto,
  DashboardQueueView,
  DashboardView,
  ResolutionFiguresView,
  TicketsChartQueryDto,
  TicketsPerDayView,
  TicketsPerUserView,
} from '@atrium/contracts';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';
import { DashboardCache } from './dashboard-cache.js';
import { DashboardClock } from './dashboard.clock.js';
import { chartPeriod, dashboardPeriod } from './dashboard-period.js';
import { DashboardRepository, type TimelineFigures } from './dashboard.repository.js';

/** Seconds to minutes with two decimals (null stays null). */
export function minutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round((seconds / 60) * 100) / 100;
}

/**
 * The admin dashboard (spec 000 "Dashboard", issue 15): counters, attendants and queues with
 * first-response, median and 90th-percentile resolution times, and the two charts, over the tickets
 * queued in a period of the platform's calendar. `online` is the gateway's to add.
 */
@Injectable()
export class DashboardService {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(DashboardRepository) private readonly dashboard: DashboardRepository,
    @Inject(DashboardClock) private readonly clock: DashboardClock,
    @Inject(DashboardCache) private readonly cache: DashboardCache,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  summary(actor: Actor, query: DashboardQueryDto): Promise<DashboardView> {
    const period = dashboardPeriod(query, this.config.TIME_ZONE, this.clock.now());
    return this.database.withTenant(actor.companyId, async (tx) => {
      // pipelined on the transaction's connection: one round trip for the three; the figures are
      // computed only when the period's rollups changed since this process last did
      const [version, users, queueRows] = await Promise.all([
        this.dashboard.version(tx, actor.companyId, period),
        this.dashboard.userNames(tx, actor.companyId),
        this.dashboard.queueNames(tx, actor.companyId),
      ]);
      const figures = await this.cache.read(`summary:${actor.companyId}:${period.firstDay}:${period.lastDay}`, version, () =>
        this.dashboard.figures(tx, actor.companyId, period),
      );
      const names = new Map(users.map((user) => [user.id, user.name]));
      for (const id of figures.byUser.keys()) if (!names.has(id)) names.set(id, `#${id}`);
      const attendants: DashboardAttendantView[] = [...names]
        .map(([id, name]) => {
          const own = figures.byUser.get(id);
          return {
            id,
            name,
            online: false,
            rating: own?.rating ?? null,
            avgSupportTime: minutes(own?.avgSupportSeconds ?? null),
            ...resolutionFigures(own),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      const queues: DashboardQueueView[] = queueRows
        .map((queue) => ({
          id: queue.id as number | null,
          name: queue.name,
          color: queue.color as string | null,
          ...resolutionFigures(figures.byQueue.get(queue.id)),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const unqueued = figures.byQueue.get(null);
      if (unqueued) queues.push({ id: null, name: '', color: null, ...resolutionFigures(unqueued) });
      const total = figures.total;
      return {
        period: { from: period.firstDay, to: period.lastDay },
        counters: {
          supportHappening: total.open,
          supportPending: total.pending,
          supportFinished: total.closed,
          leads: total.leads,
          avgSupportTime: minutes(total.avgSupportSeconds),
          avgWaitTime: minutes(total.avgWaitSeconds),
          avgFirstResponseTime: minutes(total.avgFirstResponseSeconds),
        },
        attendants,
        queues,
      };
    });
  }

  ticketsUsers(actor: Actor, query: TicketsChartQueryDto): Promise<TicketsPerUserView> {
    const period = chartPeriod(query.initialDate, query.finalDate, this.config.TIME_ZONE, this.clock.now());
    return this.database.withTenant(actor.companyId, async (tx) => {
      const [counts, users] = await Promise.all([
        this.dashboard.ticketsPerUser(tx, actor.companyId, period),
        this.dashboard.userNames(tx, actor.companyId),
      ]);
      const names = new Map(users.map((user) => [user.id, user.name]));
      const data = counts
        .map((row) => ({ nome: names.get(row.userId) ?? `#${row.userId}`, quantidade: row.tickets }))
        .sort((a, b) => b.quantidade - a.quantidade || a.nome.localeCompare(b.nome));
      return { data, count: data.reduce((sum, row) => sum + row.quantidade, 0) };
    });
  }

  ticketsDay(actor: Actor, query: TicketsChartQueryDto): Promise<TicketsPerDayView> {
    const period = chartPeriod(query.initialDate, query.finalDate, this.config.TIME_ZONE, this.clock.now());
    const byHour = period.firstDay === period.lastDay;
    return this.database.withTenant(actor.companyId, async (tx) => {
      // a day's hours are read from its timelines: kept until that day's rollups change
      const rows = byHour
        ? await this.cache.read(
            `hours:${actor.companyId}:${period.firstDay}`,
            await this.dashboard.version(tx, actor.companyId, period),
            () => this.dashboard.ticketsPerHour(tx, actor.companyId, period, this.config.TIME_ZONE),
          )
        : await this.dashboard.ticketsPerDay(tx, actor.companyId, period);
      const data = rows.map((row) =>
        byHour ? { horario: row.bucket.slice(11, 13), total: row.tickets } : { data: row.bucket, total: row.tickets },
      );
      return { data, count: rows.reduce((sum, row) => sum + row.tickets, 0) };
    });
  }
}

function resolutionFigures(figures: TimelineFigures | undefined): ResolutionFiguresView {
  return {
    tickets: figures?.tickets ?? 0,
    avgFirstResponseTime: minutes(figures?.avgFirstResponseSeconds ?? null),
    medianResolutionTime: minutes(figures?.medianResolutionSeconds ?? null),
    p90ResolutionTime: minutes(figures?.p90ResolutionSeconds ?? null),
  };
}
