import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE, SERVICE_CONFIG } from '@atrium/service-kit';
import type { TicketsConfig } from '../config.js';
import type { TicketsDatabase } from '../shared/tickets-database.js';

/**
 * Keeps `dashboard_calendar` on the service's TIME_ZONE before the service answers: the daily
 * rollups are kept in that zone's calendar days, so a changed TIME_ZONE rebuilds them (every
 * company, in one transaction; the row lock makes concurrent boots wait for the first one's work).
 */
@Injectable()
export class DashboardCalendarSync implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly database: TicketsDatabase,
    @Inject(SERVICE_CONFIG) private readonly config: TicketsConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const timeZone = this.config.TIME_ZONE;
    await this.database.asSystem(async (tx) => {
      const current = await tx.execute<{ time_zone: string }>(
        sql`select time_zone from tickets.dashboard_calendar where id = 1 for update`,
      );
      if (current.rows[0]?.time_zone === timeZone) return;
      await tx.execute(
        sql`insert into tickets.dashboard_calendar (id, time_zone) values (1, ${timeZone}) on conflict (id) do update set time_zone = excluded.time_zone`,
      );
      await tx.execute(sql`select tickets.dashboard_daily_rebuild(null)`);
    });
  }
}
