import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { LoginChallenges } from '../two-factor/login-challenges.js';
import { TotpSecrets } from '../two-factor/totp-secrets.js';
import { TwoFactorController } from '../two-factor/two-factor.controller.js';
import { TwoFactorRepository } from '../two-factor/two-factor.repository.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { SessionIssuer } from './session-issuer.js';

/** Logins: password, the two-factor step and its set up (two-factor/), refresh and logout. */
@Module({
  imports: [SharedModule, SettingsStoreModule, UsersStoreModule, LoginSessionsModule],
  controllers: [AuthController, TwoFactorController],
  providers: [AuthService, LoginRateLimiter, SessionIssuer, LoginChallenges, TotpSecrets, TwoFactorRepository, TwoFactorService],
})
export class AuthModule {}
