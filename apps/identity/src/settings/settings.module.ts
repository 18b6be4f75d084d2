import { Module } from '@nestjs/common';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ controllers: [SettingsController], providers: [SettingsService] })
export class SettingsModule {}
