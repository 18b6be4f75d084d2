import { Module } from '@nestjs/common';
import { CompaniesStoreModule } from '../companies/companies-store.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { SsoSettingsStoreModule } from '../sso-settings/sso-settings-store.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginAudit } from './login-audit.js';
import { LoginChallenges } from './login-challenges.js';
import { LoginPolicy } from './login-policy.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PasswordLogin } from './password-login.js';
import { SecondFactorGate } from './second-factor-gate.js';
import { SessionIssuer } from './session-issuer.js';

/** What a login's other ways in (two-factor/, sso/) share with the password step. */
const exported = [LoginRateLimiter, SessionIssuer, LoginChallenges, LoginPolicy];

/** Logins: password (then a two-factor challenge where one is due), refresh and logout. */
@Module({
  imports: [SharedModule, SettingsStoreModule, UsersStoreModule, LoginSessionsModule, SsoSettingsStoreModule, CompaniesStoreModule],
  controllers: [AuthController],
  providers: [AuthService, PasswordLogin, SecondFactorGate, LoginAudit, ...exported],
  exports: exported,
})
export class AuthModule {}
