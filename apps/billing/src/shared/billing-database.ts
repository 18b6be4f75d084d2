import type { Database, Tx } from '@atrium/database';
import type { BillingSchema } from '../db/schema.js';

/** The billing service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type BillingDatabase = Database<BillingSchema>;
export type BillingTx = Tx<BillingSchema>;
