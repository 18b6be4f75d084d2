import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the tickets service owns lives in this schema. */
export const ticketsDb = pgSchema('tickets');

export const ticketsSchema = {};
