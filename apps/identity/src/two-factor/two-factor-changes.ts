import type { AuditTrail } from '@atrium/messaging';
import type { IdentityTx } from '../shared/identity-database.js';

export interface TwoFactorTarget {
  companyId: number;
  userId: number;
}

/** The audit log's entry of a two-factor change, in the change's transaction (filed under the user's company). */
export function auditTwoFactorChange(
  audit: AuditTrail,
  tx: IdentityTx,
  target: TwoFactorTarget,
  change: 'enabled' | 'disabled' | 'reset',
  byUserId: number,
): Promise<void> {
  return audit.record(tx, target.companyId, {
    actor: { userId: byUserId },
    action: `2fa.${change}`,
    entityType: 'user',
    entityId: target.userId,
  });
}
