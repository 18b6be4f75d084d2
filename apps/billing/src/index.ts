export { BillingConfig } from './config.js';
export { BillingAppModule } from './app.module.js';
