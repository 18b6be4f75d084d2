import type { Database, Tx } from '@atrium/database';
import type { AiSchema } from '../db/schema.js';

/** The ai service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type AiDatabase = Database<AiSchema>;
export type AiTx = Tx<AiSchema>;
