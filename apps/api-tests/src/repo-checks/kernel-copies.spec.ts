import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';
import { productionFiles } from './production-files.js';

/**
 * The calendar days and the paging of lists have one home, `@atrium/kernel` (ADR 007, 008): a
 * backend app that needs them imports them instead of keeping its own copy (issue 25 found
 * billing's `shared/calendar.ts` and the offset and `hasMore` arithmetic of its invoices page).
 * The web app cannot import backend libs and is left out.
 */

const KERNEL_FUNCTIONS = /\bfunction (dateIn|addDays|pageOffset|hasMore|toPage|likePattern)\b/;
const HAND_PAGING = /\(\s*\(?\s*pageNumber\b[^)]*\)?\s*-\s*1\s*\)\s*\*|pageNumber\s*\*\s*[A-Z_]*PAGE_SIZE\b/;

function isBackendApp(app: string): boolean {
  const project = path.join(REPO_ROOT, 'apps', app, 'project.json');
  return existsSync(project) && (JSON.parse(readFileSync(project, 'utf8')) as { tags?: string[] }).tags?.includes('scope:backend') === true;
}

const backendFiles = readdirSync(path.join(REPO_ROOT, 'apps'))
  .filter(isBackendApp)
  .flatMap((app) => productionFiles(path.join(REPO_ROOT, 'apps', app, 'src')));

describe("no copies of the kernel's dates and paging in the backend apps", () => {
  it('reads the backend apps', () => {
    expect(backendFiles.some((file) => file.includes(`${path.sep}billing${path.sep}`))).toBe(true);
  });

  it('no app defines its own dateIn, addDays, pageOffset, hasMore, toPage or likePattern', () => {
    const copies = backendFiles.filter((file) => KERNEL_FUNCTIONS.test(readFileSync(file, 'utf8')));
    expect(copies.map((file) => path.relative(REPO_ROOT, file))).toEqual([]);
  });

  it('no app computes a page offset or hasMore by hand', () => {
    const copies = backendFiles.filter((file) => HAND_PAGING.test(readFileSync(file, 'utf8')));
    expect(copies.map((file) => path.relative(REPO_ROOT, file))).toEqual([]);
  });
});
