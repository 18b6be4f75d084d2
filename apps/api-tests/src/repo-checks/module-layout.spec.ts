import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';
import { productionFiles } from './production-files.js';

/**
 * ADR 008: no global module in a service of ours (the libs' `CoreModule` stays global: it is
 * infrastructure), and each context of a service is its own Nest module, so the root module of an
 * app only composes them: it declares no controller and no provider of its own.
 */

const appsRoot = path.join(REPO_ROOT, 'apps');
const apps = readdirSync(appsRoot).filter((app) => existsSync(path.join(appsRoot, app, 'src')));
const appModules = apps.map((app) => path.join(appsRoot, app, 'src', 'app.module.ts')).filter((file) => existsSync(file));

describe('module layout (ADR 008)', () => {
  it('finds the apps and their root modules', () => {
    expect(appModules.map((file) => path.relative(REPO_ROOT, file))).toEqual(
      expect.arrayContaining(['apps/identity/src/app.module.ts', 'apps/billing/src/app.module.ts', 'apps/tickets/src/app.module.ts']),
    );
  });

  it('no app declares a global module', () => {
    const globals = apps
      .flatMap((app) => productionFiles(path.join(appsRoot, app, 'src')))
      .filter((file) => /@Global\(\)/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(REPO_ROOT, file));
    expect(globals).toEqual([]);
  });

  it.each(appModules.map((file) => [path.relative(REPO_ROOT, file), file]))(
    '%s only composes context modules (no controllers or providers of its own)',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      expect({ controllers: /\bcontrollers\s*:/.test(text), providers: /\bproviders\s*:/.test(text) }).toEqual({
        controllers: false,
        providers: false,
      });
    },
  );
});
