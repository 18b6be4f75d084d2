import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the billing service owns lives in this schema. */
export const billingDb = pgSchema('billing');

export const billingSchema = {};
