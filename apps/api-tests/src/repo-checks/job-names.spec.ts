import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

/**
 * Every name of the one job enum (`JobName`, libs/jobs/src/job-names.ts) is live: some app's
 * production code handles it (`jobs.on(JobName.X, …)`) and enqueues it (`jobs.add(JobName.X, …)` or
 * `jobs.repeat(…, JobName.X, …)`). A name nobody runs is a promise the house does not keep
 * (issue 25 found two: campaign shippings and ticket inactivity); delete it with its payload.
 */

const TEST = /\.(spec|int-spec)\.ts$/;

function productionFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return productionFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !TEST.test(name) ? [full] : [];
  });
}

const enumText = readFileSync(path.join(REPO_ROOT, 'libs/jobs/src/job-names.ts'), 'utf8');
const enumBody = /export enum JobName \{([\s\S]*?)\n\}/.exec(enumText)?.[1] ?? '';
const names = [...enumBody.matchAll(/^\s*(\w+) = '/gm)].map((match) => match[1]!);

const appsRoot = path.join(REPO_ROOT, 'apps');
const code = readdirSync(appsRoot)
  .flatMap((app) => productionFiles(path.join(appsRoot, app, 'src')))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

describe('job names', () => {
  it('reads the enum', () => {
    expect(names).toContain('ScheduleSend');
  });

  it.each(names)('JobName.%s is handled and enqueued by an app', (name) => {
    const handled = new RegExp(`\\.on\\(\\s*JobName\\.${name}\\b`).test(code);
    const enqueued = new RegExp(`\\.(add\\(\\s*|repeat\\([^,]+,\\s*)JobName\\.${name}\\b`).test(code);
    expect({ name, handled, enqueued }).toEqual({ name, handled: true, enqueued: true });
  });
});
