/**
 * Meta's customer-service window (issue 26): on a `cloud` connection a business may send free
 * text to a customer only within 24 hours of the customer's last message to that number; after
 * it, only an approved template (Meta refuses anything else with its error 131047).
 */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Whether free text may go to a customer who last wrote at `lastCustomerMessageAt` (null: never). */
export function windowOpen(lastCustomerMessageAt: Date | null, now: Date = new Date()): boolean {
  return lastCustomerMessageAt !== null && now.getTime() - lastCustomerMessageAt.getTime() < CUSTOMER_WINDOW_MS;
}

/** When the window closes (null: it is closed, the customer never wrote). */
export function windowClosesAt(lastCustomerMessageAt: Date | null): Date | null {
  return lastCustomerMessageAt === null ? null : new Date(lastCustomerMessageAt.getTime() + CUSTOMER_WINDOW_MS);
}
