import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { OidcProviderClient } from './oidc-provider.client.js';
import { SsoClientSecrets } from './sso-client-secrets.js';
import { SsoController } from './sso.controller.js';
import { SsoLoginService } from './sso-login.service.js';
import { SsoLoginStates } from './sso-login-states.js';
import { SsoSettingsService } from './sso-settings.service.js';
import { SsoStoreModule } from './sso-store.module.js';

/** Single sign-on with OpenID Connect (issue 28): the admins' settings and the login through the provider. */
@Module({
  imports: [SsoStoreModule, AuthModule, UsersModule, UsersStoreModule],
  controllers: [SsoController],
  providers: [SsoLoginService, SsoSettingsService, SsoClientSecrets, OidcProviderClient, SsoLoginStates],
})
export class SsoModule {}
