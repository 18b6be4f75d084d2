import type { Database, Tx } from '@atrium/database';
import type { TicketsSchema } from '../db/schema.js';

/** The tickets service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type TicketsDatabase = Database<TicketsSchema>;
export type TicketsTx = Tx<TicketsSchema>;
