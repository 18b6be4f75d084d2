import { Module } from '@nestjs/common';
import { UsersStoreModule } from '../users/users-store.module.js';
import { SsoSettingsController } from './sso-settings.controller.js';
import { SsoSettingsService } from './sso-settings.service.js';
import { SsoSettingsStoreModule } from './sso-settings-store.module.js';

/** GET and PUT /sso-settings (issue 28): the company's OpenID Connect provider, for admins. */
@Module({ imports: [SsoSettingsStoreModule, UsersStoreModule], controllers: [SsoSettingsController], providers: [SsoSettingsService] })
export class SsoSettingsModule {}
