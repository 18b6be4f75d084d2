import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The monorepo root (this file sits at libs/testing/src). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The first services' migrations, in the order they have always been applied; later ones follow by name. */
const FIRST = ['identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai'];

/** Services whose migrations build the shared test template, by convention at apps/<service>/migrations. */
export function servicesWithMigrations(): string[] {
  const withMigrations = readdirSync(path.join(REPO_ROOT, 'apps')).filter((service) =>
    existsSync(path.join(REPO_ROOT, 'apps', service, 'migrations', 'meta', '_journal.json')),
  );
  return [
    ...FIRST.filter((service) => withMigrations.includes(service)),
    ...withMigrations.filter((service) => !FIRST.includes(service)).sort(),
  ];
}
