export { BillingConfig } from './config.js';
export { BillingAppModule } from './app.module.js';
export { InvoiceIssuer } from './invoices/invoice-issuer.js';
export { PaymentRecovery } from './payments/payment-recovery.js';
