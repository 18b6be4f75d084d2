import { Global, Module } from '@nestjs/common';
import { ActorStateWriter } from './login-sessions/actor-state.writer.js';
import { RefreshSessionsRepository } from './login-sessions/refresh-sessions.repository.js';
import { CompaniesRepository } from './companies/companies.repository.js';
import { PlansRepository } from './plans/plans.repository.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { CompanyCalendar } from './shared/dates.js';
import { IdentityEvents } from './shared/identity.events.js';
import { PasswordHasher } from './shared/password-hasher.js';
import { SessionUserLoader } from './users/session-user.loader.js';
import { UsersRepository } from './users/users.repository.js';

const shared = [
  CompanyCalendar,
  PlansRepository,
  CompaniesRepository,
  UsersRepository,
  SettingsRepository,
  RefreshSessionsRepository,
  SessionUserLoader,
  ActorStateWriter,
  PasswordHasher,
  IdentityEvents,
];

/** Repositories and helpers the identity feature modules share. */
@Global()
@Module({ providers: shared, exports: shared })
export class IdentityCoreModule {}
