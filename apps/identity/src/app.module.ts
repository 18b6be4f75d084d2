import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@atrium/service-kit';
import { AnnouncementsModule } from './announcements/announcements.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CompaniesModule } from './companies/companies.module.js';
import { HelpsModule } from './helps/helps.module.js';
import { PlansModule } from './plans/plans.module.js';
import { QueuesModule } from './queues/queues.module.js';
import type { IdentityConfig } from './config.js';
import { identitySchema, outbox } from './db/schema.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { PermissionsModule } from './permissions/permissions.module.js';
import { PasswordResetModule } from './password-reset/password-reset.module.js';
import { SeedModule } from './seed/seed.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class IdentityAppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityAppModule,
      imports: [
        CoreModule.forRoot({ service: 'identity', config, schema: identitySchema, outbox }),
        AuthModule,
        CompaniesModule,
        PlansModule,
        UsersModule,
        SettingsModule,
        PasswordResetModule,
        SeedModule,
        HelpsModule,
        AnnouncementsModule,
        QueuesModule,
        OnboardingModule,
        PermissionsModule,
      ],
    };
  }
}
