import { daysUntil } from '../../shared/dates/dates';

/** Warning threshold of spec 000 section 4: fewer than 5 days left. */
export const SUBSCRIPTION_WARNING_DAYS = 5;

export type SubscriptionState = { kind: 'ok' } | { kind: 'expiring'; days: number } | { kind: 'expired' };

/** Where a company stands with its due date (null due date: no limit). */
export function subscriptionState(dueDate: string | null | undefined, today?: Parameters<typeof daysUntil>[1]): SubscriptionState {
  const days = daysUntil(dueDate, today);
  if (days === null) return { kind: 'ok' };
  if (days < 0) return { kind: 'expired' };
  if (days < SUBSCRIPTION_WARNING_DAYS) return { kind: 'expiring', days };
  return { kind: 'ok' };
}
