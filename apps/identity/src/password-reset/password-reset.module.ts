import { Module } from '@nestjs/common';
import { Mailer } from './mailer.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetsRepository } from './password-resets.repository.js';

@Module({ controllers: [PasswordResetController], providers: [PasswordResetService, PasswordResetsRepository, Mailer] })
export class PasswordResetModule {}
