import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the ai service owns lives in this schema. */
export const aiDb = pgSchema('ai');

export const aiSchema = {};
