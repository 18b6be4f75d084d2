import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginChallenges } from './login-challenges.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionIssuer } from './session-issuer.js';

/** What a login's later steps (two-factor/) share with the password step. */
const exported = [LoginRateLimiter, SessionIssuer, LoginChallenges];

/** Logins: password (then a two-factor challenge where one is due), refresh and logout. */
@Module({
  imports: [SharedModule, SettingsStoreModule, UsersStoreModule, LoginSessionsModule],
  controllers: [AuthController],
  providers: [AuthService, ...exported],
  exports: exported,
})
export class AuthModule {}
