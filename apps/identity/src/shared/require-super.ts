import { AppError, ErrorCode, type Actor } from '@atrium/contracts';

/**
 * Platform administration (companies, plans) is for super users only. The gateway's
 * @Roles('super') is the first wall; services check again, since NATS callers are not only the gateway.
 */
export function requireSuper(actor: Actor): void {
  if (!actor.super) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
}
