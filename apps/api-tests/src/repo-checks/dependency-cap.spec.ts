import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '@atrium/testing';

/**
 * A class that needs more than eight collaborators is doing several jobs (CONVENTIONS, "Habits"):
 * split it into steps or use cases, each testable alone.
 *
 * The rule: every class declared in the production code of apps/*\/src and libs/*\/src (tests
 * left out) has at most MAX_DEPENDENCIES constructor parameters. Every parameter counts, whatever
 * its type: a Nest provider, an `@Inject(TOKEN)` value, the app's config class, a plain options
 * object. Whatever a class is handed at construction is something it depends on, and a class that
 * needs several settings takes the one config class (one parameter), not each value. Parameter
 * properties (`private readonly x: X`) and plain parameters count alike; a subclass counts its own
 * constructor.
 *
 * EXCEPTIONS lists the classes above the line today, each with its reason and its count now. The
 * list only shrinks: a listed class may not grow; when it shrinks its count here must follow;
 * when it reaches MAX_DEPENDENCIES or fewer (or disappears) its entry must be removed.
 */

const MAX_DEPENDENCIES = 8;

const TO_SPLIT = 'to be split (issue 25)';

/** `<app or lib>/<ClassName>` → its constructor's parameter count today and why it is allowed for now. */
const EXCEPTIONS: Record<string, { count: number; reason: string }> = {
  'sessions/SessionSupervisor': { count: 11, reason: `${TO_SPLIT}: leases, driver lifecycle and the events of every session` },
  'identity/CompaniesService': { count: 11, reason: `${TO_SPLIT}: company CRUD, its settings and its events` },
  'identity/UsersService': { count: 9, reason: `${TO_SPLIT}: user CRUD, invitations and their events` },
  'identity/PasswordResetService': { count: 10, reason: `${TO_SPLIT}: tokens, mail and throttling in one class` },
  'campaigns/ContactListImporter': { count: 9, reason: `${TO_SPLIT}: reading the file, storing the rows and the import job` },
};

const TEST = /\.(spec|int-spec)\.tsx?$|\.d\.ts$/;

function productionFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test') return [];
    if (statSync(full).isDirectory()) return productionFiles(full);
    return /\.tsx?$/.test(name) && !TEST.test(name) ? [full] : [];
  });
}

interface ClassDependencies {
  name: string;
  count: number;
  file: string;
}

/** Each class of the source with a constructor, and how many parameters its constructor takes. */
export function classDependencies(fileName: string, text: string): ClassDependencies[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ClassDependencies[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const constructor = node.members.find(ts.isConstructorDeclaration);
      if (constructor) found.push({ name: node.name?.text ?? '(anonymous class)', count: constructor.parameters.length, file: fileName });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every class of apps/*\/src and libs/*\/src keyed `<project>/<ClassName>`. */
function repositoryClasses(): Map<string, ClassDependencies> {
  const classes = new Map<string, ClassDependencies>();
  for (const top of ['apps', 'libs']) {
    for (const project of readdirSync(path.join(REPO_ROOT, top))) {
      for (const file of productionFiles(path.join(REPO_ROOT, top, project, 'src'))) {
        for (const found of classDependencies(path.relative(REPO_ROOT, file), readFileSync(file, 'utf8'))) {
          const key = `${project}/${found.name}`;
          const previous = classes.get(key);
          if (!previous || previous.count < found.count) classes.set(key, found);
        }
      }
    }
  }
  return classes;
}

describe('injected dependencies per class', () => {
  it('counts every constructor parameter, decorated or not', () => {
    const source = `
      @Injectable()
      export class Busy {
        constructor(private readonly a: A, @Inject(TOKEN) b: B, readonly c: C, d: D, e: E, f: F, g: G, h: H, i: I) {}
      }
      export class Small { constructor(private readonly config: Config) {} }
      export class NoConstructor {}
    `;
    expect(classDependencies('x.service.ts', source).map(({ name, count }) => ({ name, count }))).toEqual([
      { name: 'Busy', count: 9 },
      { name: 'Small', count: 1 },
    ]);
  });

  const classes = repositoryClasses();

  it('finds the classes of the apps and libs', () => {
    expect(classes.size).toBeGreaterThan(100);
    expect(classes.get('tickets/ChatbotService')?.file).toBe('apps/tickets/src/chatbot/chatbot.service.ts');
  });

  it(`keeps every class at ${MAX_DEPENDENCIES} dependencies or fewer, outside the listed exceptions`, () => {
    const over = [...classes]
      .filter(([key, found]) => found.count > MAX_DEPENDENCIES && !(key in EXCEPTIONS))
      .map(([key, found]) => `${key} (${found.file}) takes ${found.count}: split it into steps or use cases`);
    expect(over).toEqual([]);
  });

  it('only lets the listed exceptions shrink, and drops them once they are within the line', () => {
    const stale = Object.entries(EXCEPTIONS).flatMap(([key, allowed]) => {
      const found = classes.get(key);
      if (!found) return [`${key} is gone: remove it from EXCEPTIONS`];
      if (found.count <= MAX_DEPENDENCIES) return [`${key} takes ${found.count} now, within the line: remove it from EXCEPTIONS`];
      if (found.count > allowed.count) return [`${key} grew from ${allowed.count} to ${found.count}: split it rather than raise its count`];
      if (found.count < allowed.count) return [`${key} shrank from ${allowed.count} to ${found.count}: lower its count in EXCEPTIONS`];
      return [];
    });
    expect(stale).toEqual([]);
  });

  it('gives every exception its reason', () => {
    for (const [key, { reason }] of Object.entries(EXCEPTIONS)) expect(`${key}: ${reason.trim()}`).toMatch(/: \S.{10,}/);
  });
});
