import { Module } from '@nestjs/common';
import { CampaignFiles } from '../shared/campaign-files.js';
import { ConnectionTemplates } from '../shared/connection-templates.js';
import { ScheduleParties } from './schedule-parties.js';
import { ScheduleSender } from './schedule-sender.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesRepository } from './schedules.repository.js';
import { SchedulesEvents } from './schedules.events.js';
import { SchedulesService } from './schedules.service.js';

/** Schedules of the campaigns service: NATS `campaigns.schedules.*`, and the job that sends them (ScheduleSender). */
@Module({
  controllers: [SchedulesController],
  providers: [SchedulesRepository, SchedulesService, SchedulesEvents, ScheduleSender, ScheduleParties, CampaignFiles, ConnectionTemplates],
  exports: [SchedulesService],
})
export class SchedulesModule {}
