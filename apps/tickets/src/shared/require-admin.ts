import { AppError, ErrorCode, isAdmin, type Actor } from '@atrium/contracts';

/** The gateway's @Roles('admin') is the first wall; services check again, since NATS callers are not only the gateway. */
export function requireAdmin(actor: Actor): void {
  if (!isAdmin(actor)) throw new AppError(ErrorCode.ERR_NO_PERMISSION);
}
