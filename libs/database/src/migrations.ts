import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const MIGRATIONS_SCHEMA = 'atrium_migrations';

export interface MigrateOptions {
  /** Owner (or superuser) connection. */
  ownerUrl: string;
  /** The service's schema, e.g. `identity`. */
  schema: string;
  migrationsFolder: string;
  /** The runtime role to grant data access to; taken from the runtime DATABASE_URL. */
  appRole: string;
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

export function roleOf(connectionString: string): string {
  const user = decodeURIComponent(new URL(connectionString).username);
  if (!user) throw new Error('DATABASE_URL names no user');
  return user;
}

/**
 * Applies a service's generated migrations, then makes sure the runtime role exists and may use
 * (only) that schema's data, but never rewrite a table commented 'append-only'. Serialised across replicas with an advisory lock.
 */
export async function migrateService(options: MigrateOptions): Promise<void> {
  const client = new pg.Client({ connectionString: options.ownerUrl });
  await client.connect();
  const schema = quoteIdent(options.schema);
  const role = quoteIdent(options.appRole);
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`atrium-migrate-${options.schema}`]);
    await migrate(drizzle(client), {
      migrationsFolder: options.migrationsFolder,
      migrationsSchema: MIGRATIONS_SCHEMA,
      migrationsTable: `${options.schema}_migrations`,
    });
    await client.query(`create schema if not exists ${schema}`);
    await client.query(
      `do $$ begin
         if not exists (select from pg_roles where rolname = '${options.appRole}') then
           create role ${role} login nosuperuser nobypassrls;
         end if;
       end $$`,
    );
    await client.query(`grant usage on schema ${schema} to ${role}`);
    await client.query(`grant select, insert, update, delete on all tables in schema ${schema} to ${role}`);
    await client.query(`grant usage, select on all sequences in schema ${schema} to ${role}`);
    // tables a migration commented 'append-only' (the audit log) are written, never rewritten
    const appendOnly = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relkind = 'r' and obj_description(c.oid, 'pg_class') like 'append-only%'`,
      [options.schema],
    );
    for (const { name } of appendOnly.rows) {
      await client.query(`revoke update, delete, truncate on ${schema}.${quoteIdent(name)} from ${role}`);
    }
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [`atrium-migrate-${options.schema}`]).catch(() => undefined);
    await client.end();
  }
}

/** Creates the database named in the URL when it does not exist (connecting to `postgres`). */
export async function ensureDatabase(ownerUrl: string): Promise<void> {
  const url = new URL(ownerUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${quoteIdent(name)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}
