import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ActorStateStore } from './actor-state.store.js';
import { JwtAuthGuard, PlanFlagGuard, RolesGuard } from './auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { CompanyGrantsCache } from './company-grants.cache.js';
import { PermissionGuard } from './permission.guard.js';

/** Every route needs a valid login unless marked @Public(); @Roles, @RequiresPermission and @RequiresPlan narrow it further. */
@Module({
  imports: [PassportModule],
  providers: [
    ActorStateStore,
    JwtStrategy,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: PermissionGuard },
    CompanyGrantsCache,
    { provide: APP_GUARD, useClass: PlanFlagGuard },
  ],
  exports: [ActorStateStore, CompanyGrantsCache],
})
export class AuthModule {}
