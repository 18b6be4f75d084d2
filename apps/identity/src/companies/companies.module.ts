import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { CompaniesStoreModule } from './companies-store.module.js';
import { PlansStoreModule } from '../plans/plans-store.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { CompanyProvisioner } from './company-provisioner.js';
import { CompanySessionsRefresher } from './company-sessions.refresher.js';
import { CompanyViewLoader } from './company-view.loader.js';
import { SignupRateLimiter } from './signup-rate-limiter.js';
import { SignupService } from './signup.service.js';

@Module({
  imports: [SharedModule, CompaniesStoreModule, PlansStoreModule, SettingsStoreModule, UsersStoreModule, LoginSessionsModule],
  controllers: [CompaniesController],
  providers: [CompaniesService, SignupService, CompanyProvisioner, CompanyViewLoader, CompanySessionsRefresher, SignupRateLimiter],
  exports: [CompanySessionsRefresher],
})
export class CompaniesModule {}
