/** NATS request/reply subjects served by the billing service. */
export const BillingSubjects = {
  /** GET /invoices/all: the caller's company's invoices, or every company's for super users. */
  invoicesPage: 'billing.invoices.page',
  /** POST /subscription: a Pix charge for an open invoice of the caller's company. */
  subscriptionCreate: 'billing.subscription.create',
  /** A Stripe webhook delivery as received: `{ payload, signature }`, verified by billing. No actor. */
  stripeWebhook: 'billing.stripe.webhook',
  /** Super users: payments with invoice, company, fee and net, exceptions first. */
  reconciliationList: 'billing.reconciliation.list',
} as const;
