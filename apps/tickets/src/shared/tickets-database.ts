import type { Database, TenantGroup, Tx } from '@atrium/database';
import type { TicketsSchema } from '../db/schema.js';

/** The tickets service's connection (inject with the DATABASE token of @atrium/service-kit). */
export type TicketsDatabase = Database<TicketsSchema>;
export type TicketsTx = Tx<TicketsSchema>;
/** A transaction of a group of companies, or of one seen as a group of one (`tenantGroupOf`). */
export type TicketsGroup = TenantGroup<TicketsSchema>;
