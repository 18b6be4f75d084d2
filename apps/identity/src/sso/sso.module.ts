import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SsoSettingsStoreModule } from '../sso-settings/sso-settings-store.module.js';
import { UsersModule } from '../users/users.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { SsoController } from './sso.controller.js';
import { SsoLoginService } from './sso-login.service.js';
import { SsoLoginStates } from './sso-login-states.js';

/** Login through the company's OpenID Connect provider (issue 28). */
@Module({
  imports: [SsoSettingsStoreModule, AuthModule, UsersModule, UsersStoreModule],
  controllers: [SsoController],
  providers: [SsoLoginService, SsoLoginStates],
})
export class SsoModule {}
