import { Module } from '@nestjs/common';
import { SharedModule } from '../shared/shared.module.js';
import { CompaniesStoreModule } from '../companies/companies-store.module.js';
import { UsersStoreModule } from './users-store.module.js';
import { LoginSessionsModule } from '../login-sessions/login-sessions.module.js';
import { UsersController } from './users.controller.js';
import { UserLogins } from './user-logins.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [SharedModule, CompaniesStoreModule, UsersStoreModule, LoginSessionsModule],
  controllers: [UsersController],
  providers: [UsersService, UserLogins],
  exports: [UsersService],
})
export class UsersModule {}
