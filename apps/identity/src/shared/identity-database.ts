import type { Database, Tx } from '@atrium/database';
import type { IdentitySchema } from '../db/schema.js';

/** The identity service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type IdentityDatabase = Database<IdentitySchema>;
export type IdentityTx = Tx<IdentitySchema>;
