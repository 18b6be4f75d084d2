import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateService } from '@atrium/database';
import { createTestDatabase, REPO_ROOT, TEST_APP_ROLE } from '@atrium/testing';

/**
 * Database functions and triggers come from code: apps/tickets/src/db/schema/functions.ts declares
 * each one as it is now, and tools/db-routines.mjs writes the migration that brings the database
 * there (`npx nx run tickets:db-generate`). This fails while the declarations and what the
 * migrations leave differ, or while a migration creates a routine declared nowhere.
 */

interface Routine {
  kind: 'function' | 'trigger';
  name: string;
  create: string;
}
interface Differences {
  changed: Array<Routine & { previous?: Routine }>;
  undeclared: Array<Routine & { migration: string }>;
}
interface RoutinesTool {
  differences(declared: Routine[], migrationsDir: string): Differences;
  migrationStatements(changed: Differences['changed']): string[];
  writeMigration(
    changed: Differences['changed'],
    options: { appDir: string; migrationsDir: string; config: string; name?: string },
  ): string;
}

const tool = (await import(path.join(REPO_ROOT, 'tools/db-routines.mjs'))) as RoutinesTool;
const { databaseRoutines } = (await import(path.join(REPO_ROOT, 'apps/tickets/src/db/schema/functions.ts'))) as {
  databaseRoutines: Routine[];
};

const TICKETS = path.join(REPO_ROOT, 'apps', 'tickets');
const MIGRATIONS = path.join(TICKETS, 'migrations');

const keys = (routines: Routine[]) => routines.map((routine) => `${routine.kind}:${routine.name}`);
const routine = (kind: Routine['kind'], name: string) => databaseRoutines.find((r) => r.kind === kind && r.name === name)!;
/** The body between `AS $$` and the closing `$$`, as PostgreSQL keeps it in pg_proc.prosrc. */
const bodyOf = (create: string) => /AS \$\$([\s\S]*)\$\$/.exec(create)![1]!;

describe('the tickets schema’s functions and triggers are declared in code', () => {
  it('declares every routine the migrations leave, as they leave it', () => {
    const { changed, undeclared } = tool.differences(databaseRoutines, MIGRATIONS);
    // a failure: change the routine in db/schema/functions.ts and run `npx nx run tickets:db-generate`
    expect(keys(changed)).toEqual([]);
    expect(keys(undeclared)).toEqual([]);
    expect(keys(databaseRoutines)).toEqual(
      expect.arrayContaining(['function:dashboard_daily_add', 'function:dashboard_daily_changed', 'trigger:dashboard_daily_changed']),
    );
  });

  it('tells a changed routine and one declared nowhere, and writes the statements that catch up', () => {
    const add = routine('function', 'dashboard_daily_add');
    const trigger = routine('trigger', 'dashboard_daily_changed');
    const declared = databaseRoutines
      .filter((r) => r !== routine('function', 'ticket_timelines_rated'))
      .map((r) => (r === add ? { ...r, create: r.create.replace('tickets = tickets + sign', 'tickets = tickets + 2 * sign') } : r))
      .map((r) => (r === trigger ? { ...r, create: r.create.replace('DEFERRABLE INITIALLY DEFERRED', '') } : r))
      // a comment or a line break more is no change
      .map((r) => (r.name === 'ticket_texts_rebuild' ? { ...r, create: r.create.replace('BEGIN', '-- rebuilt\nBEGIN\n') } : r));

    const { changed, undeclared } = tool.differences(declared, MIGRATIONS);
    expect(keys(changed)).toEqual(['function:dashboard_daily_add', 'trigger:dashboard_daily_changed']);
    expect(keys(undeclared)).toEqual(['function:ticket_timelines_rated']);

    const statements = tool.migrationStatements(changed);
    expect(statements).toHaveLength(3);
    expect(statements[0]).toMatch(/^CREATE OR REPLACE FUNCTION "tickets"\."dashboard_daily_add"[\s\S]*tickets \+ 2 \* sign[\s\S]*\$\$;$/);
    expect(statements[1]).toBe('DROP TRIGGER "dashboard_daily_changed" ON "tickets"."ticket_timelines";');
    expect(statements[2]).toMatch(/^CREATE CONSTRAINT TRIGGER "dashboard_daily_changed"/);
    expect(statements[2]).not.toContain('DEFERRED');
  });

  it('matches what PostgreSQL runs after the migrations, and a generated migration brings a change there', async () => {
    const database = await createTestDatabase();
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'atrium-routines-'));
    const client = new pg.Client({ connectionString: database.ownerUrl });
    await client.connect();
    try {
      const bodies = async () =>
        new Map(
          (
            await client.query<{ proname: string; prosrc: string }>(
              `select p.proname, p.prosrc from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'tickets'`,
            )
          ).rows.map((row) => [row.proname, row.prosrc]),
        );
      const functions = databaseRoutines.filter((r) => r.kind === 'function');
      const migrated = await bodies();
      expect([...migrated.keys()].sort()).toEqual(functions.map((r) => r.name).sort());
      for (const declared of functions)
        expect([declared.name, migrated.get(declared.name)]).toEqual([declared.name, bodyOf(declared.create)]);

      // the generator's migration, written by drizzle-kit into a copy of the migrations, then applied
      const copy = path.join(scratch, 'migrations');
      cpSync(MIGRATIONS, copy, { recursive: true });
      const config = path.join(scratch, 'drizzle.config.ts');
      writeFileSync(
        config,
        `import base from ${JSON.stringify(path.join(TICKETS, 'drizzle.config.ts'))};\n` +
          `export default { ...base, out: ${JSON.stringify(path.relative(TICKETS, copy))} };\n`,
      );
      const add = routine('function', 'dashboard_daily_add');
      const declared = databaseRoutines.map((r) =>
        r === add ? { ...r, create: r.create.replace('tickets = tickets + sign', 'tickets = tickets + 2 * sign') } : r,
      );
      const written = tool.writeMigration(tool.differences(declared, copy).changed, { appDir: TICKETS, migrationsDir: copy, config });
      expect(readFileSync(written, 'utf8')).toContain('CREATE OR REPLACE FUNCTION "tickets"."dashboard_daily_add"');
      expect(tool.differences(declared, copy)).toEqual({ changed: [], undeclared: [] });

      await migrateService({ ownerUrl: database.ownerUrl, schema: 'tickets', migrationsFolder: copy, appRole: TEST_APP_ROLE });
      expect((await bodies()).get('dashboard_daily_add')).toBe(bodyOf(declared.find((r) => r.name === 'dashboard_daily_add')!.create));
    } finally {
      await client.end();
      rmSync(scratch, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
