import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { SettingsStoreModule } from './settings-store.module.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

@Module({ imports: [SharedModule, SettingsStoreModule], controllers: [SettingsController], providers: [SettingsService] })
export class SettingsModule {}
