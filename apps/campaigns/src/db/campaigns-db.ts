import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the campaigns service owns lives in this schema (its tables are split by context: `<context>.schema.ts`). */
export const campaignsDb = pgSchema('campaigns');
