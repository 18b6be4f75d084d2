import { pgSchema } from 'drizzle-orm/pg-core';

/** Everything the sessions service owns lives in this schema. */
export const sessionsDb = pgSchema('sessions');

export const sessionsSchema = {};
