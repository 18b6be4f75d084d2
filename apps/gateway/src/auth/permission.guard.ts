import { ExecutionContext, Inject, Injectable, type CanActivate } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, ErrorCode, type ActorState, type PermissionAction } from '@atrium/contracts';
import type { Request } from 'express';
import { permissionAllows } from './access-rules.js';
import { CompanyGrantsCache } from './company-grants.cache.js';
import { REQUIRED_PERMISSION } from './decorators.js';

/** `@RequiresPermission(action)`: the user holds the actions (controller's and handler's) in their company now, else ERR_NO_PERMISSION (403). */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(CompanyGrantsCache) private readonly grants: CompanyGrantsCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const actions = this.reflector.getAllAndMerge<PermissionAction[]>(REQUIRED_PERMISSION, [context.getHandler(), context.getClass()]);
    if (actions.length === 0 || context.getType() !== 'http') return true;
    const actor = context.switchToHttp().getRequest<Request & { user?: ActorState }>().user;
    // admins and super users hold every action: no need to know the company's grants
    const grants = !actor || actor.super || actor.profile === 'admin' ? undefined : await this.grants.get(actor.companyId);
    if (!actor || !permissionAllows(actions, actor, grants)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return true;
  }
}
