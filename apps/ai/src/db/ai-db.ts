import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the ai service owns lives in the PostgreSQL schema `ai` (db/schema.ts re-exports it). */
export const aiDb = pgSchema('ai');
