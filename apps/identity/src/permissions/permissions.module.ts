import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { PermissionsController } from './permissions.controller.js';
import { PermissionsRepository } from './permissions.repository.js';
import { PermissionsService } from './permissions.service.js';

/** Per-company grants of actions to supervisors and users (issue 28). */
@Module({
  imports: [SharedModule],
  controllers: [PermissionsController],
  providers: [PermissionsService, PermissionsRepository],
})
export class PermissionsModule {}
