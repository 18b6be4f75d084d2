import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Whose rows a statement touches: one company, or the companies of a group's transaction
 * (`Database.withTenantGroup`), whose statements name their companies themselves.
 */
export type Companies = number | readonly number[];

export function companyList(companies: Companies): number[] {
  return typeof companies === 'number' ? [companies] : [...companies];
}

/** A group's companies as its statements name them: a group of one as that company (the statements one company's transaction sends). */
export function companiesOfGroup(group: { companyIds: readonly number[] }): Companies {
  return group.companyIds.length === 1 ? group.companyIds[0]! : group.companyIds;
}

/** `column = company`, or `column = any(companies)` for a group. */
export function ofCompanies(column: AnyColumn, companies: Companies): SQL {
  return typeof companies === 'number' ? eq(column, companies) : sql`${column} = any(${sql.param(companyList(companies))}::int[])`;
}
