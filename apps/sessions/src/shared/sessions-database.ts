import type { Database, Tx } from '@atrium/database';
import type { SessionsSchema } from '../db/schema.js';

/** The sessions service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type SessionsDatabase = Database<SessionsSchema>;
export type SessionsTx = Tx<SessionsSchema>;
