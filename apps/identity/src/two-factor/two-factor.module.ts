import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { SharedModule } from '../shared/shared.module.js';
import { SecondFactors } from './second-factors.js';
import { TotpSecrets } from './totp-secrets.js';
import { TwoFactorEnrolmentService } from './two-factor-enrolment.service.js';
import { TwoFactorLoginService } from './two-factor-login.service.js';
import { TwoFactorRemovalService } from './two-factor-removal.service.js';
import { TwoFactorController } from './two-factor.controller.js';
import { TwoFactorRepository } from './two-factor.repository.js';

/** Two-factor login (issue 28, docs/adr/024): set up, enable, disable, reset, and a login's second step. */
@Module({
  imports: [SharedModule, SettingsStoreModule, AuthModule],
  controllers: [TwoFactorController],
  providers: [TwoFactorRepository, TotpSecrets, SecondFactors, TwoFactorEnrolmentService, TwoFactorLoginService, TwoFactorRemovalService],
})
export class TwoFactorModule {}
