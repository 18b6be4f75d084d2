import { AppError, ErrorCode, isAdmin, type Actor } from '@atrium/contracts';

/**
 * The gateway's `@Roles('admin')` is the first wall; services check again, since NATS callers
 * are not only the gateway. ERR_NO_PERMISSION unless the actor is an admin (or a super user).
 */
export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
}

/** Platform administration (companies, plans) is for super users only; `@Roles('super')` in the gateway is the first wall. */
export function requireSuper(actor: Actor): void {
  if (!actor.super) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
}
