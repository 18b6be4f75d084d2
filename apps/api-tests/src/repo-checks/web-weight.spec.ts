import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

/**
 * The web app's first screen stays light: the JavaScript the login screen downloads (index.html's
 * entry and modulepreloads, and the login route's chunk with its imports, from the Vite manifest),
 * brotli-compressed as the servers send it, within the budget bench/README.md states. Reads the
 * build in apps/web/dist (`npm test` builds before Jest; alone: `npx nx run web:build`).
 */

interface LoginScreenWeight {
  files: { file: string; raw: number; gzip: number; brotli: number }[];
  raw: number;
  gzip: number;
  brotli: number;
}
interface WebWeightTool {
  LOGIN_SCREEN_BUDGET_BYTES: number;
  loginScreenWeight(dist: string): Promise<LoginScreenWeight>;
}

const dist = path.join(REPO_ROOT, 'apps/web/dist');
const toolPath = path.join(REPO_ROOT, 'tools/lib/web-weight.mjs');

describe("the web app's weight", () => {
  let tool: WebWeightTool;
  beforeAll(async () => {
    tool = (await import(toolPath)) as WebWeightTool;
  });

  it('has a build to measure', () => {
    expect({ built: existsSync(path.join(dist, '.vite', 'manifest.json')), fix: 'npx nx run web:build' }).toEqual({
      built: true,
      fix: 'npx nx run web:build',
    });
  });

  it('keeps the login screen within its budget of brotli-compressed JavaScript', async () => {
    const weight = await tool.loginScreenWeight(dist);
    // On failure the figure and the five largest files show in the diff (`node tools/web-weight.mjs` lists all).
    const largest = weight.files.slice(0, 5).map((file) => `${file.file} ${file.brotli} B`);
    expect({ withinBudget: weight.brotli <= tool.LOGIN_SCREEN_BUDGET_BYTES, brotli: weight.brotli, largest }).toMatchObject({
      withinBudget: true,
    });
    // Nothing of the signed-in app on the login screen: the shell, the socket, the pages.
    expect(weight.files.map((file) => file.file).filter((file) => /private-shell|socket\.io|dashboard|tickets\.page/.test(file))).toEqual(
      [],
    );
  });

  it('ships a brotli and a gzip copy of every script the login screen loads', async () => {
    const weight = await tool.loginScreenWeight(dist);
    const missing = weight.files
      .filter((file) => file.raw >= 1024)
      .flatMap((file) => ['.br', '.gz'].map((suffix) => `${file.file}${suffix}`))
      .filter((file) => !existsSync(path.join(dist, file)));
    expect(missing).toEqual([]);
  });

  it('states the budget in bench/README.md', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'bench/README.md'), 'utf8');
    expect(readme).toContain(`${tool.LOGIN_SCREEN_BUDGET_BYTES / 1000} KB`);
    expect(readme).toContain('tools/web-weight.mjs');
  });
});
