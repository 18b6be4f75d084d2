import { Module } from '@nestjs/common';
import { AnnouncementEvents } from './announcement.events.js';
import { AnnouncementImages } from './announcement-images.js';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementsRepository } from './announcements.repository.js';
import { AnnouncementsService } from './announcements.service.js';

@Module({
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService, AnnouncementsRepository, AnnouncementEvents, AnnouncementImages],
})
export class AnnouncementsModule {}
