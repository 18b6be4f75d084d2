import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { UsersStoreModule } from '../users/users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { ResetMailThrottle } from './reset-mail-throttle.js';
import { Mailer } from './mailer.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetsRepository } from './password-resets.repository.js';

@Module({
  imports: [SharedModule, UsersStoreModule, LoginSessionsModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService, PasswordResetsRepository, ResetMailThrottle, Mailer],
})
export class PasswordResetModule {}
