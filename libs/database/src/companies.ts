import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Whose rows a statement touches: one company, or the companies of a group's transaction
 * (`Database.withTenantGroup`), whose statements name their companies themselves.
 */
export type Companies = number | readonly number[];

export function companyList(companies: Companies): number[] {
  return typeof companies === 'number' ? [companies] : [...companies];
}

/** `column = company`, or `column = any(companies)` for a group. */
export function ofCompanies(column: AnyColumn, companies: Companies): SQL {
  return typeof companies === 'number' ? eq(column, companies) : sql`${column} = any(${sql.param(companyList(companies))}::int[])`;
}
