import { Module } from '@nestjs/common';
import { DashboardCache } from './dashboard-cache.js';
import { DashboardCalendarSync } from './dashboard-calendar.sync.js';
import { DashboardClock } from './dashboard.clock.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';

/** The admin dashboard's figures, read from the daily rollups and ticket timelines the database triggers keep (migrations 0013, 0018), cached until those of the period change (0020). */
@Module({
  controllers: [DashboardController],
  providers: [DashboardRepository, DashboardService, DashboardCache, DashboardClock, DashboardCalendarSync],
})
export class DashboardModule {}
