import { Module } from '@nestjs/common';
import { CompaniesStoreModule } from '../companies/companies-store.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { SessionUserLoader } from './session-user.loader.js';
import { UsersRepository } from './users.repository.js';

const exported = [UsersRepository, SessionUserLoader];

/** The users table and the loader of a user's session view (user, company, settings). */
@Module({ imports: [SharedModule, CompaniesStoreModule, SettingsStoreModule], providers: exported, exports: exported })
export class UsersStoreModule {}
