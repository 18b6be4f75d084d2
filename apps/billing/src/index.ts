import { fileURLToPath } from 'node:url';
export { BillingConfig } from './config.js';
export { BillingAppModule } from './app.module.js';
export { InvoiceIssuer } from './invoices/invoice-issuer.js';
export { PaymentRecovery } from './payments/payment-recovery.js';

/** The service's generated migrations (apps/billing/migrations), for a process that composes services (apps/single). */
export const BILLING_MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
