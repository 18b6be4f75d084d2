import { Module } from '@nestjs/common';
import { DashboardClock } from './dashboard.clock.js';
import { DashboardController } from './dashboard.controller.js';
import { DashboardRepository } from './dashboard.repository.js';
import { DashboardService } from './dashboard.service.js';

/** The admin dashboard's figures, read from the ticket timelines the database triggers keep (migration 0013). */
@Module({ controllers: [DashboardController], providers: [DashboardRepository, DashboardService, DashboardClock] })
export class DashboardModule {}
