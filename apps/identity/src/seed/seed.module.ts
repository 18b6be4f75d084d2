import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { CompaniesStoreModule } from '../companies/companies-store.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { SeedService } from './seed.service.js';

@Module({ imports: [SharedModule, CompaniesStoreModule, SettingsStoreModule], providers: [SeedService] })
export class SeedModule {}
