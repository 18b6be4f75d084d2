import { sql, type SQL } from 'drizzle-orm';
import { pgPolicy } from 'drizzle-orm/pg-core';

/** Transaction-local settings the policies read. */
export const TENANT_SETTING = 'app.company_id';
/** The companies of a transaction shared by several (`Database.withTenantGroup`), as an integer array literal. */
export const TENANT_GROUP_SETTING = 'app.company_ids';
export const SCOPE_SETTING = 'app.scope';
export const SYSTEM_SCOPE = 'system';

/**
 * The settings are read in sub-selects, so PostgreSQL evaluates each once per query (an init
 * plan) instead of calling current_setting() for every row it filters.
 */
function tenantPredicate(column: string): SQL {
  return sql.raw(
    `(${column} = (select nullif(current_setting('${TENANT_SETTING}', true), '')::integer) ` +
      `OR ${column} = any((select nullif(current_setting('${TENANT_GROUP_SETTING}', true), '')::integer[])::integer[]) ` +
      `OR (select current_setting('${SCOPE_SETTING}', true)) = '${SYSTEM_SCOPE}')`,
  );
}

/**
 * The row-level security policy of a tenant table: a row is visible and writable only inside
 * `withTenant(companyId)` for that company, inside `withTenantGroup` statements of a group of
 * companies that includes it, or inside an explicit `asSystem()` block.
 * A query that set neither sees nothing.
 */
export function tenantIsolationPolicy(column = 'company_id') {
  const predicate = tenantPredicate(column);
  return pgPolicy('tenant_isolation', { as: 'permissive', for: 'all', to: 'public', using: predicate, withCheck: predicate });
}
