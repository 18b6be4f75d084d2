import type { IntegrationOutbox } from '@atrium/messaging';
import type { IdentityTx } from '../shared/identity-database.js';

export interface TwoFactorTarget {
  companyId: number;
  userId: number;
}

/** States `user.twoFactorChanged` in the change's transaction (the audit log's source; issue 28). */
export async function stateTwoFactorChange(
  outbox: IntegrationOutbox,
  tx: IdentityTx,
  target: TwoFactorTarget,
  change: 'enabled' | 'disabled' | 'reset',
  byUserId: number,
): Promise<void> {
  await outbox.add(tx, 'user.twoFactorChanged', target.companyId, {
    userId: target.userId,
    change,
    byUserId,
    at: new Date().toISOString(),
  });
}
