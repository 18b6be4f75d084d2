import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const TEST = /\.(spec|int-spec)\.ts$/;

/** The TypeScript files under `dir` that ship (no tests, declarations, dist or node_modules). */
export function productionFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return productionFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') && !TEST.test(name) ? [full] : [];
  });
}
