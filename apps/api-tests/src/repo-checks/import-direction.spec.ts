import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

/**
 * Imports between the folders of each app, and between projects, go one way: no two folders of
 * an app import each other, even through others (a test may boot the whole app, so tests are
 * left out), no lib imports an app, and the libs import each other without a cycle. Each folder
 * directly under `src/` is one node; a file directly under `src/` (main.ts, app.module.ts,
 * config.ts) is a node of its own. The web app is also checked one level down: each folder of
 * `src/features/` is one node, so two features that import each other (even through others) fail.
 */

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.(spec|int-spec)\.(ts|tsx)$|\/test\//;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') && !TEST.test(full) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2]!);
}

/** `a -> b` edges between the nodes of one graph. */
type Graph = Map<string, Set<string>>;

function addEdge(graph: Graph, from: string, to: string): void {
  if (from === to) return;
  if (!graph.has(from)) graph.set(from, new Set());
  graph.get(from)!.add(to);
}

/** The knots of the graph: each set of nodes that reach each other (Tarjan), as sorted names joined by ' <-> '. */
function knotsOf(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const knots: string[] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const knot: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      knot.push(member);
    } while (member !== node);
    if (knot.length > 1) knots.push(knot.sort().join(' <-> '));
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return knots.sort();
}

/** The folder (or root file) of `src/` a file belongs to. */
function nodeOf(srcDir: string, file: string): string {
  const [first] = path.relative(srcDir, file).split(path.sep);
  return first!;
}

function folderGraph(srcDir: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(srcDir + path.sep)) continue;
      addEdge(graph, nodeOf(srcDir, file), nodeOf(srcDir, target));
    }
  }
  return graph;
}

const projectsIn = (kind: 'apps' | 'libs'): string[] =>
  readdirSync(path.join(REPO_ROOT, kind)).filter((name) => existsSync(path.join(REPO_ROOT, kind, name, 'src')));

function packageNameOf(lib: string): string {
  return (JSON.parse(readFileSync(path.join(REPO_ROOT, 'libs', lib, 'package.json'), 'utf8')) as { name: string }).name;
}

/**
 * Knots that were there before this check, listed so that a new one fails and a removed one
 * must be struck from here. Web: the store composes the features' slices and the features reach
 * it through its typed hooks (Redux Toolkit's layout), and the shared components, the routes and
 * i18n are reached from both sides.
 */
const KNOWN_KNOTS: Record<string, string[]> = {
  // plans and companies refresh the sessions of their users; users read companies and plans
  identity: ['companies <-> plans <-> users'],
  web: ['app <-> features <-> i18n <-> routes <-> shared'],
};

describe('imports go one way', () => {
  it.each(projectsIn('apps'))('the folders of apps/%s import each other one way (beyond the known knots)', (app) => {
    const srcDir = path.join(REPO_ROOT, 'apps', app, 'src');
    expect(knotsOf(folderGraph(srcDir))).toEqual(KNOWN_KNOTS[app] ?? []);
  });

  it('the features of apps/web import each other one way', () => {
    const featuresDir = path.join(REPO_ROOT, 'apps', 'web', 'src', 'features');
    expect(readdirSync(featuresDir).length).toBeGreaterThan(1);
    expect(knotsOf(folderGraph(featuresDir))).toEqual([]);
  });

  it.each(projectsIn('libs'))('the folders of libs/%s import each other without a cycle', (lib) => {
    const srcDir = path.join(REPO_ROOT, 'libs', lib, 'src');
    expect(knotsOf(folderGraph(srcDir))).toEqual([]);
  });

  it('no lib imports an app, and the libs import each other without a cycle', () => {
    const libs = projectsIn('libs');
    const byPackage = new Map(libs.map((lib) => [packageNameOf(lib), lib]));
    const graph: Graph = new Map();
    const intoApps: string[] = [];
    for (const lib of libs) {
      for (const file of sourceFiles(path.join(REPO_ROOT, 'libs', lib, 'src'))) {
        for (const specifier of importsOf(file)) {
          const resolved = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : '';
          if (specifier.startsWith('@atrium/app-') || resolved.startsWith(path.join(REPO_ROOT, 'apps') + path.sep)) {
            intoApps.push(`${path.relative(REPO_ROOT, file)} imports ${specifier}`);
          }
          const target = byPackage.get(specifier.split('/').slice(0, 2).join('/'));
          if (target) addEdge(graph, lib, target);
        }
      }
    }
    expect(intoApps).toEqual([]);
    expect(knotsOf(graph)).toEqual([]);
  });

  it('finds a cycle where there is one (the check can fail)', () => {
    const graph: Graph = new Map();
    addEdge(graph, 'tickets', 'messages');
    addEdge(graph, 'messages', 'directory');
    addEdge(graph, 'messages', 'media');
    expect(knotsOf(graph)).toEqual([]);
    addEdge(graph, 'directory', 'tickets');
    addEdge(graph, 'media', 'notes');
    addEdge(graph, 'notes', 'media');
    expect(knotsOf(graph)).toEqual(['directory <-> messages <-> tickets', 'media <-> notes']);
  });
});
