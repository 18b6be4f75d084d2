import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The monorepo root (this file sits at libs/testing/src). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Services whose migrations build the shared test template, by convention at apps/<service>/migrations. */
export function servicesWithMigrations(): string[] {
  return ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'].filter((service) =>
    existsSync(path.join(REPO_ROOT, 'apps', service, 'migrations', 'meta', '_journal.json')),
  );
}
