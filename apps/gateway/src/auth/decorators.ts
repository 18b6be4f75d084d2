import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { ActorState, ClientInfo, PermissionAction, PlanFlag } from '@atrium/contracts';
import type { Request } from 'express';

export const REQUIRED_ROLE = 'atrium:role';
export const REQUIRED_PLAN_FLAG = 'atrium:plan-flag';
export const REQUIRED_PERMISSION = 'atrium:permission';

export { IS_PUBLIC, Public } from '@atrium/service-kit';

/** 'admin' lets admins and super users through; 'super' only super users. */
export type RequiredRole = 'admin' | 'super';
export const Roles = (role: RequiredRole) => SetMetadata(REQUIRED_ROLE, role);

/**
 * The user must hold this action (issue 28): admins and super users always do; supervisors and
 * users by the action's defaults or what their company granted (PermissionGuard, CompanyGrantsCache).
 * A controller's and a handler's add up: both are required.
 */
export const RequiresPermission = (action: PermissionAction) => SetMetadata(REQUIRED_PERMISSION, [action]);

/** The company's plan must enable this feature (spec 000 section 2). */
export const RequiresPlan = (flag: PlanFlag) => SetMetadata(REQUIRED_PLAN_FLAG, flag);

export const OPTIONAL_LOGIN = 'atrium:optional-login';
/** A public route that still reads a valid bearer token when one is sent (the actor is then set, else undefined). */
export const OptionalLogin = () => SetMetadata(OPTIONAL_LOGIN, true);

/** The authenticated user's current state (profile, queues, plan flags), as the guard loaded it. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): ActorState => {
  return context.switchToHttp().getRequest<Request & { user: ActorState }>().user;
});

/** IP and user agent of the caller, for rate limits and session records. */
export const CurrentClient = createParamDecorator((_: unknown, context: ExecutionContext): ClientInfo => {
  const request = context.switchToHttp().getRequest<Request>();
  return { ip: request.ip, userAgent: request.get('user-agent')?.slice(0, 300) };
});
