import { Module } from '@nestjs/common';
import { CompaniesStoreModule } from '../companies/companies-store.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SsoSettingsStoreModule } from '../sso-settings/sso-settings-store.module.js';
import { LoginPolicy } from './login-policy.js';

@Module({
  imports: [SharedModule, UsersStoreModule, LoginSessionsModule, SsoSettingsStoreModule, CompaniesStoreModule],
  controllers: [AuthController],
  providers: [AuthService, LoginRateLimiter, LoginPolicy],
  exports: [AuthService],
})
export class AuthModule {}
