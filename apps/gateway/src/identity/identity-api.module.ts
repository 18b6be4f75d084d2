import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { CompaniesController } from './companies.controller.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PlansController } from './plans.controller.js';
import { PublicController } from './public.controller.js';
import { SettingsController } from './settings.controller.js';
import { UsersController } from './users.controller.js';

/** The REST face of the identity service: each controller validates, authorises and forwards over NATS. */
@Module({
  controllers: [AuthController, PublicController, UsersController, SettingsController, PasswordResetController, CompaniesController, PlansController],
})
export class IdentityApiModule {}
