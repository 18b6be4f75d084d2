import { integer, pgSchema } from 'drizzle-orm/pg-core';

/** Everything the tickets service owns lives in this schema. */
export const ticketsDb = pgSchema('tickets');

/** Every tenant table's `company_id` (row-level security filters on it). */
export const companyId = () => integer('company_id').notNull();
