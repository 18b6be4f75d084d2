import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { AnnouncementMediaService } from './announcement-media.service.js';
import { AnnouncementsController } from './announcements.controller.js';
import { AuditLogsController } from './audit-logs.controller.js';
import { AuthController } from './auth.controller.js';
import { CompaniesController } from './companies.controller.js';
import { HelpsController } from './helps.controller.js';
import { OnboardingController } from './onboarding.controller.js';
import { PermissionsController } from './permissions.controller.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PlansController } from './plans.controller.js';
import { PublicController } from './public.controller.js';
import { SettingsController } from './settings.controller.js';
import { SsoController } from './sso.controller.js';
import { SsoSettingsController } from './sso-settings.controller.js';
import { UsersController } from './users.controller.js';

/** The REST face of the identity service: each controller validates, authorises and forwards over NATS. */
@Module({
  imports: [MediaModule, AuthModule],
  controllers: [
    AuthController,
    PublicController,
    UsersController,
    SettingsController,
    PasswordResetController,
    CompaniesController,
    PlansController,
    HelpsController,
    AnnouncementsController,
    OnboardingController,
    SsoController,
    SsoSettingsController,
    AuditLogsController,
    PermissionsController,
  ],
  providers: [AnnouncementMediaService],
})
export class IdentityApiModule {}
