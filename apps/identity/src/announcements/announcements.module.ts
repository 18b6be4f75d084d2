import { Module } from '@nestjs/common';
import { AnnouncementEvents } from './announcement-events.js';
import { AnnouncementsController } from './announcements.controller.js';
import { AnnouncementsRepository } from './announcements.repository.js';
import { AnnouncementsService } from './announcements.service.js';

@Module({ controllers: [AnnouncementsController], providers: [AnnouncementsService, AnnouncementsRepository, AnnouncementEvents] })
export class AnnouncementsModule {}
