import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` and `updated_at` (timestamptz, now() by default): spread into a table's columns. */
export function timestamps() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}
