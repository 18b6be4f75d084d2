import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@atrium/testing';

/**
 * ADR 002 / CONVENTIONS: migrations are generated from the schema and never edited, so CI fails
 * when a schema and its migrations disagree. For each service with a drizzle.config.ts this runs
 * `drizzle-kit generate` against a temporary copy of its migrations folder: a new file there
 * means someone changed schema.ts without generating the migration (or edited a migration).
 * drizzle-kit reads the schema through the libs' dist/, so build first (npm test does).
 */

const run = promisify(execFile);
const DRIZZLE_KIT = path.join(REPO_ROOT, 'node_modules', 'drizzle-kit', 'bin.cjs');

function servicesWithDrizzleConfig(): string[] {
  const apps = path.join(REPO_ROOT, 'apps');
  return readdirSync(apps)
    .filter((name) => existsSync(path.join(apps, name, 'drizzle.config.ts')))
    .sort();
}

function sqlFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort();
}

/**
 * Runs drizzle-kit generate for one service into a scratch copy of its migrations and returns
 * the migration files it wrote (none when schema and migrations agree).
 */
async function migrationsDrizzleWouldWrite(service: string, prepare: (copy: string) => void = () => undefined): Promise<string[]> {
  const appDir = path.join(REPO_ROOT, 'apps', service);
  const scratch = mkdtempSync(path.join(os.tmpdir(), `atrium-drift-${service}-`));
  try {
    const copy = path.join(scratch, 'migrations');
    cpSync(path.join(appDir, 'migrations'), copy, { recursive: true });
    prepare(copy);
    const before = sqlFiles(copy);
    const config = path.join(scratch, 'drizzle.config.ts');
    // drizzle-kit resolves `out` against the working directory (the app's folder, for its schema path).
    writeFileSync(
      config,
      `import base from ${JSON.stringify(path.join(appDir, 'drizzle.config.ts'))};\n` +
        `export default { ...base, out: ${JSON.stringify(path.relative(appDir, copy))} };\n`,
    );
    try {
      await run(process.execPath, [DRIZZLE_KIT, 'generate', `--config=${config}`], { cwd: appDir, timeout: 60_000 });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`drizzle-kit generate failed for ${service} (are the libs built? npm run build)\n${stdout ?? ''}${stderr ?? ''}`);
    }
    return sqlFiles(copy).filter((file) => !before.includes(file));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('database migrations match the schemas', () => {
  const services = servicesWithDrizzleConfig();

  it('finds the services that own a schema', () => {
    expect(services).toEqual(expect.arrayContaining(['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai']));
  });

  // One drizzle-kit process at a time: the machine has two cores shared with the other tests.
  it('generates no new migration for any service', async () => {
    const drift: Record<string, string[]> = {};
    for (const service of services) {
      const written = await migrationsDrizzleWouldWrite(service);
      if (written.length > 0) drift[service] = written;
    }
    // A failure names the service: run `cd apps/<service> && npx drizzle-kit generate --name <what>` and commit the result.
    expect(drift).toEqual({});
  }, 180_000);

  it('notices a schema without migrations (the check itself works)', async () => {
    const written = await migrationsDrizzleWouldWrite('identity', (copy) => {
      rmSync(copy, { recursive: true });
      mkdirSync(copy);
    });
    expect(written).toHaveLength(1);
  }, 60_000);
});
