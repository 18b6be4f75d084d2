import { outboxTable } from '@atrium/database';
import { ticketsDb } from './tickets-db.js';

/** Integration events stated by this service's transactions, until the relay publishes them (docs/adr/006). */
export const outbox = outboxTable(ticketsDb);
