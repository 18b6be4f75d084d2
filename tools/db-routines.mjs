#!/usr/bin/env node
// Database functions and triggers come from code (docs: apps/tickets/src/db/schema/functions.ts).
// drizzle-kit does not model them, so a service declares each one's current CREATE statement in
// its `db/schema/functions.ts` (`databaseRoutines`), and this tool compares those declarations
// with what the service's migrations, replayed in journal order, leave in the database:
//
//   node tools/db-routines.mjs <app>            writes a migration for every routine that differs
//                                               (through `drizzle-kit generate --custom`, so the
//                                               journal and snapshot follow), nothing when in step
//   node tools/db-routines.mjs <app> --check    only reports the differences (exit code 1)
//
// It reads the app's built declarations (`apps/<app>/dist/db/schema/functions.js`): the nx target
// `<app>:db-generate` builds the app first. apps/api-tests/src/repo-checks/db-routines.int-spec.ts runs
// the same comparison on the sources (db-routines.int-spec.ts), so CI fails when code and migrations disagree.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const IDENT = String.raw`"?([A-Za-z_][A-Za-z0-9_]*)"?`;
const QUALIFIED = String.raw`(?:"?[A-Za-z_][A-Za-z0-9_]*"?\.)?${IDENT}`;
const CREATE_FUNCTION = new RegExp(String.raw`^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+${QUALIFIED}`, 'i');
const CREATE_TRIGGER = new RegExp(String.raw`^CREATE\s+(?:CONSTRAINT\s+)?TRIGGER\s+${IDENT}`, 'i');
const DROP_FUNCTION = new RegExp(String.raw`^DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?${QUALIFIED}`, 'i');
const DROP_TRIGGER = new RegExp(String.raw`^DROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?${IDENT}`, 'i');
const TRIGGER_TABLE = new RegExp(String.raw`\sON\s+((?:"?[A-Za-z_][A-Za-z0-9_]*"?\.)?"?[A-Za-z_][A-Za-z0-9_]*"?)`, 'i');

/** A statement without its leading comment lines and blank lines, and without the final semicolon. */
function statementOf(text) {
  const lines = text.split('\n');
  while (lines.length > 0 && (lines[0].trim() === '' || lines[0].trim().startsWith('--'))) lines.shift();
  return lines.join('\n').trim().replace(/;\s*$/, '');
}

/** `kind:name`, the key of a routine (a function and a trigger may share a name). */
export function routineKey(routine) {
  return `${routine.kind}:${routine.name}`;
}

/** What a statement creates or drops, if it is a routine's. */
export function classify(statement) {
  let match;
  if ((match = CREATE_FUNCTION.exec(statement))) return { action: 'create', kind: 'function', name: match[1] };
  if ((match = CREATE_TRIGGER.exec(statement))) return { action: 'create', kind: 'trigger', name: match[1] };
  if ((match = DROP_FUNCTION.exec(statement))) return { action: 'drop', kind: 'function', name: match[1] };
  if ((match = DROP_TRIGGER.exec(statement))) return { action: 'drop', kind: 'trigger', name: match[1] };
  return undefined;
}

/** The migrations' SQL files in the order the journal applies them. */
export function migrationFiles(migrationsDir) {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  return journal.entries.map((entry) => path.join(migrationsDir, `${entry.tag}.sql`));
}

/**
 * The routines the migrations leave behind, each as the statement that last created it (with the
 * migration it is in): `Map<kind:name, { kind, name, create, migration }>`.
 */
export function routinesInMigrations(migrationsDir) {
  const routines = new Map();
  for (const file of migrationFiles(migrationsDir)) {
    for (const part of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      const statement = statementOf(part);
      const found = classify(statement);
      if (!found) continue;
      const key = routineKey(found);
      if (found.action === 'drop') routines.delete(key);
      else routines.set(key, { kind: found.kind, name: found.name, create: statement, migration: path.basename(file) });
    }
  }
  return routines;
}

/**
 * A statement as PostgreSQL stores its routine, for comparing: comments and spacing left out, and
 * `CREATE FUNCTION` the same as `CREATE OR REPLACE FUNCTION`.
 */
export function normalized(statement) {
  return statementOf(statement)
    .split('\n')
    .map((line) => line.replace(/(^|\s)--.*$/, '$1'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/^CREATE\s+OR\s+REPLACE\s+FUNCTION/i, 'CREATE FUNCTION')
    .trim();
}

/**
 * How the declared routines (`[{ kind, name, create }]`) differ from the migrations': `changed`
 * (declared differently, or not created by any migration yet) and `undeclared` (left by the
 * migrations, declared nowhere: database logic outside the code).
 */
export function differences(declared, migrationsDir) {
  const migrated = routinesInMigrations(migrationsDir);
  const declaredKeys = new Set();
  const changed = [];
  for (const routine of declared) {
    const key = routineKey(routine);
    if (declaredKeys.has(key)) throw new Error(`${key} is declared twice`);
    declaredKeys.add(key);
    const found = classify(statementOf(routine.create));
    if (!found || found.action !== 'create' || routineKey(found) !== key) {
      throw new Error(`${key}: its statement does not create a ${routine.kind} named ${routine.name}`);
    }
    const current = migrated.get(key);
    if (!current || normalized(current.create) !== normalized(routine.create)) changed.push({ ...routine, previous: current });
  }
  const undeclared = [...migrated.values()].filter((routine) => !declaredKeys.has(routineKey(routine)));
  return { changed, undeclared };
}

/** The statements that bring the database from the migrations' routines to the declared ones. */
export function migrationStatements(changed) {
  const statements = [];
  // functions first: a new trigger may call a new function
  for (const routine of [...changed].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'function' ? -1 : 1))) {
    const create = statementOf(routine.create);
    if (routine.kind === 'function') {
      statements.push(`${create.replace(/^CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION/i, 'CREATE OR REPLACE FUNCTION')};`);
      continue;
    }
    const table = TRIGGER_TABLE.exec(create)?.[1];
    if (!table) throw new Error(`trigger ${routine.name}: no table found in its statement`);
    if (routine.previous) statements.push(`DROP TRIGGER "${routine.name}" ON ${table};`);
    statements.push(`${create};`);
  }
  return statements;
}

/**
 * Writes the migration of these changes with drizzle-kit (journal and snapshot included) into
 * `migrationsDir` (the app's own by default; `config` points drizzle-kit elsewhere); answers its path.
 */
export function writeMigration(changed, { appDir, migrationsDir = path.join(appDir, 'migrations'), config, name = 'database_routines' }) {
  const before = new Set(readdirSync(migrationsDir));
  const args = ['generate', '--custom', '--name', name, ...(config ? [`--config=${config}`] : [])];
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'drizzle-kit', 'bin.cjs'), ...args], {
    cwd: appDir,
    stdio: 'ignore',
  });
  const created = readdirSync(migrationsDir).find((file) => file.endsWith('.sql') && !before.has(file));
  if (!created) throw new Error('drizzle-kit wrote no migration');
  const header =
    '-- Generated by tools/db-routines.mjs from db/schema/functions.ts (the declared routines that differ\n' +
    "-- from the previous migrations' definitions); change them there and generate again.\n";
  writeFileSync(path.join(migrationsDir, created), header + migrationStatements(changed).join('\n--> statement-breakpoint\n') + '\n');
  return path.join(migrationsDir, created);
}

async function main() {
  const [app, flag] = process.argv.slice(2);
  if (!app) throw new Error('usage: node tools/db-routines.mjs <app> [--check]');
  const appDir = path.join(REPO_ROOT, 'apps', app);
  const built = path.join(appDir, 'dist', 'db', 'schema', 'functions.js');
  const { databaseRoutines } = await import(pathToFileURL(built).href);
  const { changed, undeclared } = differences(databaseRoutines, path.join(appDir, 'migrations'));
  if (undeclared.length > 0) {
    const names = undeclared.map((routine) => `${routineKey(routine)} (${routine.migration})`).join(', ');
    throw new Error(`routines created by migrations but declared nowhere in db/schema/functions.ts: ${names}`);
  }
  if (changed.length === 0) {
    console.log(`${app}: database routines and migrations agree`);
    return;
  }
  const names = changed.map(routineKey).join(', ');
  if (flag === '--check') {
    console.error(`${app}: declared routines differ from the migrations: ${names} (npx nx run ${app}:db-generate)`);
    process.exitCode = 1;
    return;
  }
  console.log(`${app}: ${names} → ${path.relative(REPO_ROOT, writeMigration(changed, { appDir }))}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
