import { ExecutionContext, Inject, Injectable, type CanActivate } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError, ErrorCode, type ActorState, type PlanFlag } from '@atrium/contracts';
import type { Request } from 'express';
import { planAllows, roleAllows } from './access-rules.js';
import { IS_PUBLIC, OPTIONAL_LOGIN, REQUIRED_PLAN_FLAG, REQUIRED_ROLE, type RequiredRole } from './decorators.js';

function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]) === true;
}

function actorOf(context: ExecutionContext): ActorState | undefined {
  return context.switchToHttp().getRequest<Request & { user?: ActorState }>().user;
}

/**
 * Statuses shaped for the web client (spec 000 section 4): no token or an ended session → 401
 * (the client logs out); an expired or invalid token → 403 (the client refreshes once, retries).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(OPTIONAL_LOGIN, [context.getHandler(), context.getClass()]) === true) {
      return this.passport(context).catch(() => true);
    }
    if (isPublic(this.reflector, context)) return true;
    return this.passport(context);
  }

  private async passport(context: ExecutionContext): Promise<boolean> {
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(error: unknown, user: T, info: unknown): T {
    if (error instanceof AppError) throw error;
    if (error || !user) {
      const noToken = info instanceof Error && info.message === 'No auth token';
      throw new AppError(ErrorCode.ERR_SESSION_EXPIRED, { status: noToken ? 401 : 403 });
    }
    return user;
  }
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const role = this.reflector.getAllAndOverride<RequiredRole | undefined>(REQUIRED_ROLE, [context.getHandler(), context.getClass()]);
    if (!role || context.getType() !== 'http') return true;
    const actor = actorOf(context);
    if (!actor || !roleAllows(role, actor)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
    return true;
  }
}

@Injectable()
export class PlanFlagGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const flag = this.reflector.getAllAndOverride<PlanFlag | undefined>(REQUIRED_PLAN_FLAG, [context.getHandler(), context.getClass()]);
    if (!flag || context.getType() !== 'http') return true;
    const actor = actorOf(context);
    if (!actor || !planAllows(flag, actor)) throw new AppError(ErrorCode.ERR_PLAN_FEATURE_DISABLED);
    return true;
  }
}
