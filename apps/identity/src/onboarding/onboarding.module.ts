import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { SettingsStoreModule } from '../settings/settings-store.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { OnboardingController } from './onboarding.controller.js';
import { OnboardingService } from './onboarding.service.js';

@Module({
  imports: [SharedModule, SettingsStoreModule, UsersStoreModule],
  controllers: [OnboardingController],
  providers: [OnboardingService],
})
export class OnboardingModule {}
