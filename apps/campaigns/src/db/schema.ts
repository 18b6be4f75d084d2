import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the campaigns service owns lives in this schema. */
export const campaignsDb = pgSchema('campaigns');

export const campaignsSchema = {};
