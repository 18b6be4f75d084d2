import { Module } from '@nestjs/common';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { CompanyProvisioner } from './company-provisioner.js';
import { CompanySessionsRefresher } from './company-sessions.refresher.js';
import { CompanyViewLoader } from './company-view.loader.js';
import { SignupRateLimiter } from './signup-rate-limiter.js';
import { SignupService } from './signup.service.js';

@Module({
  controllers: [CompaniesController],
  providers: [CompaniesService, SignupService, CompanyProvisioner, CompanyViewLoader, CompanySessionsRefresher, SignupRateLimiter],
  exports: [CompanySessionsRefresher],
})
export class CompaniesModule {}
