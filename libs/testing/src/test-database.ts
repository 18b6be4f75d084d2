import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, migrateService } from '@atrium/database';
import { REPO_ROOT, servicesWithMigrations } from './repo.js';

/** Where tests find PostgreSQL; override with TEST_DATABASE_OWNER_URL. */
export const TEST_OWNER_URL = process.env.TEST_DATABASE_OWNER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The runtime role tests connect as: row-level security applies to it. */
export const TEST_APP_ROLE = 'atrium_app';

function withDatabase(url: string, database: string, user?: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  if (user) next.username = user;
  return next.toString();
}

function migrationsHash(services: string[]): string {
  const hash = createHash('sha256');
  for (const service of services) {
    const folder = path.join(REPO_ROOT, 'apps', service, 'migrations');
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      hash
        .update(service)
        .update(file)
        .update(readFileSync(path.join(folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

export function templateDatabaseName(): string {
  return `atrium_tpl_${migrationsHash(servicesWithMigrations())}`;
}

/**
 * Builds (once per migration set) a template database with every service's migrations applied.
 * Jest's global setup calls it; each test file then clones the template in milliseconds.
 */
export async function prepareTemplateDatabase(): Promise<string> {
  const name = templateDatabaseName();
  const admin = new pg.Client({ connectionString: TEST_OWNER_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      const url = withDatabase(TEST_OWNER_URL, building);
      await ensureDatabase(url);
      for (const service of servicesWithMigrations()) {
        await migrateService({
          ownerUrl: url,
          schema: service,
          migrationsFolder: path.join(REPO_ROOT, 'apps', service, 'migrations'),
          appRole: TEST_APP_ROLE,
        });
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
    await admin.end();
  }
  return name;
}

export interface TestDatabase {
  name: string;
  /** Runtime URL (role atrium_app, RLS applies). */
  url: string;
  /** Owner URL (superuser: bypasses RLS; for assertions and fixtures only). */
  ownerUrl: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await prepareTemplateDatabase();
  const name = `atrium_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_OWNER_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(TEST_OWNER_URL, name, TEST_APP_ROLE),
    ownerUrl: withDatabase(TEST_OWNER_URL, name),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_OWNER_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
