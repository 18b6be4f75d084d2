import { Module } from '@nestjs/common';
import { SettingsRepository } from './settings.repository.js';

/** The company settings table, for the contexts that read or seed settings. */
@Module({ providers: [SettingsRepository], exports: [SettingsRepository] })
export class SettingsStoreModule {}
