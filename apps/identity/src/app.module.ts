import { Module, type DynamicModule } from '@nestjs/common';
import { JobName, JobsModule } from '@atrium/jobs';
import { CoreModule } from '@atrium/service-kit';
import { AuditLogsModule } from './audit-logs/audit-logs.module.js';
import { AnnouncementsModule } from './announcements/announcements.module.js';
import { AuthModule } from './auth/auth.module.js';
import { TwoFactorModule } from './two-factor/two-factor.module.js';
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
import { SsoModule } from './sso/sso.module.js';
import { SsoSettingsModule } from './sso-settings/sso-settings.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class IdentityAppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityAppModule,
      imports: [
        CoreModule.forRoot({ service: 'identity', config, schema: identitySchema, outbox }),
        JobsModule.forRoot({ policies: { [JobName.AuditLogsPurge]: { attempts: 3, backoff: { type: 'exponential', delayMs: 1_000 } } } }),
        AuthModule,
        TwoFactorModule,
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
        SsoModule,
        SsoSettingsModule,
        AuditLogsModule,
        PermissionsModule,
      ],
    };
  }
}
