import { Module } from '@nestjs/common';
import { CompaniesStoreModule } from '../companies/companies-store.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';

@Module({
  imports: [SharedModule, UsersStoreModule, LoginSessionsModule, CompaniesStoreModule],
  controllers: [AuthController],
  providers: [AuthService, LoginRateLimiter],
})
export class AuthModule {}
