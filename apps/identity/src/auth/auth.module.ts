import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SsoStoreModule } from '../sso/sso-store.module.js';

@Module({
  imports: [SharedModule, UsersStoreModule, LoginSessionsModule, SsoStoreModule],
  controllers: [AuthController],
  providers: [AuthService, LoginRateLimiter],
  exports: [AuthService],
})
export class AuthModule {}
