import type { Rpc } from '../contract.js';
import type { InvoiceQueryDto, ReconciliationQueryDto, StripeWebhookDto, SubscriptionDto } from './dto.js';
import { BillingSubjects as S } from './subjects.js';
import type { InvoicePage, PixChargeView, ReconciliationRow } from './views.js';

/** What each billing subject takes and answers. */
export type BillingContract = {
  [S.invoicesPage]: Rpc<InvoiceQueryDto, InvoicePage>;
  [S.subscriptionCreate]: Rpc<SubscriptionDto, PixChargeView>;
  /** A Stripe webhook delivery as received (no actor). */
  [S.stripeWebhook]: Rpc<StripeWebhookDto, { received: true; duplicate: boolean }>;
  [S.reconciliationList]: Rpc<ReconciliationQueryDto, ReconciliationRow[]>;
};
