import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@atrium/testing';

/**
 * The house's generators (tools/generators, tools/README.md) run by `nx g` in a copy of the
 * workspace (its tools, libs and root configuration; node_modules linked): a new service, a
 * context in it, then a job (BullMQ through @atrium/jobs) and an integration-event consumer in
 * that context. What they write type-checks, lints, builds, and its own tests pass against the
 * real servers (the app boots with the job's processor and the consumer registered), migrations
 * from drizzle-kit included.
 */

const SERVICE = 'helpdesk';
const CONTEXT = 'desks';
const JOB = 'desk-reminder';
const CONSUMER = 'deleted-users';
const STEP_MS = 300_000;

let workspace: string;

/** Runs a command in the copy; a failure shows its output. */
function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      cwd: workspace,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: 'true', CI: 'true' },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}\n${failed.message}`);
  }
}

const nx = (...args: string[]) => run('node', ['node_modules/nx/dist/bin/nx.js', ...args]);
const read = (...parts: string[]) => readFileSync(path.join(workspace, ...parts), 'utf8');

/** The workspace without its apps: root configuration, tools, libs' sources, the files that list every app; node_modules linked, @atrium/* to the copied libs. */
function copyWorkspace(): string {
  const target = mkdtempSync(path.join(os.tmpdir(), 'atrium-generators-'));
  for (const file of [
    'package.json',
    'nx.json',
    'tsconfig.base.json',
    'tsconfig.json',
    '.swcrc',
    'eslint.config.js',
    'jest.config.js',
    'README.md',
  ]) {
    copyFileSync(path.join(REPO_ROOT, file), path.join(target, file));
  }
  const skipBuilt = (source: string) => !/[/\\](dist|node_modules|\.nx)([/\\]|$)/.test(source);
  cpSync(path.join(REPO_ROOT, 'tools'), path.join(target, 'tools'), { recursive: true, filter: skipBuilt });
  cpSync(path.join(REPO_ROOT, 'libs'), path.join(target, 'libs'), { recursive: true, filter: skipBuilt });
  for (const file of ['docker/docker-bake.hcl', 'helm/atrium/values.yaml']) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    copyFileSync(path.join(REPO_ROOT, file), path.join(target, file));
  }
  mkdirSync(path.join(target, 'apps'));
  const modules = path.join(target, 'node_modules');
  mkdirSync(path.join(modules, '@atrium'), { recursive: true });
  for (const entry of readdirSync(path.join(REPO_ROOT, 'node_modules'))) {
    if (entry !== '@atrium') symlinkSync(path.join(REPO_ROOT, 'node_modules', entry), path.join(modules, entry));
  }
  for (const lib of readdirSync(path.join(target, 'libs'))) symlinkSync(path.join(target, 'libs', lib), path.join(modules, '@atrium', lib));
  // Only the backend project: the copy has no web app.
  writeFileSync(
    path.join(target, 'jest.generated.config.js'),
    "import base from './jest.config.js';\nexport default { ...base, projects: base.projects.filter((project) => project.displayName === 'backend') };\n",
  );
  return target;
}

describe('generators', () => {
  beforeAll(() => {
    workspace = copyWorkspace();
    nx('g', '@atrium/generators:service', SERVICE, '--port=8097', '--owns=help desks', '--no-interactive');
    nx('g', '@atrium/generators:context', CONTEXT, `--project=${SERVICE}`, '--no-interactive');
    nx('g', '@atrium/generators:job', JOB, `--project=${SERVICE}`, `--context=${CONTEXT}`, '--no-interactive');
    nx(
      'g',
      '@atrium/generators:consumer',
      CONSUMER,
      `--project=${SERVICE}`,
      `--context=${CONTEXT}`,
      '--event=user.deleted',
      '--no-interactive',
    );
  }, STEP_MS);
  afterAll(() => {
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('writes the service and the context the way the house lays them out', () => {
    const src = path.join(workspace, 'apps', SERVICE, 'src');
    for (const file of [
      'main.ts',
      'index.ts',
      'app.module.ts',
      'config.ts',
      'db/schema.ts',
      'app.int-spec.ts',
      'shared/helpdesk-database.ts',
    ]) {
      expect(existsSync(path.join(src, file))).toBe(true);
    }
    for (const role of ['module', 'controller', 'service', 'repository', 'int-spec'])
      expect(existsSync(path.join(src, CONTEXT, `${CONTEXT}.${role}.ts`))).toBe(true);
    expect(read('libs/contracts/src/helpdesk/subjects.ts')).toContain("desksCreate: 'helpdesk.desks.create'");
    // the typed contract (ADR 007): the subjects' request and reply types, joined to RpcContract
    expect(read('libs/contracts/src/helpdesk/contract.ts')).toContain('[S.desksCreate]: Rpc<CreateDeskDto, DeskView>;');
    expect(read('libs/contracts/src/rpc-contract.ts')).toMatch(
      /export type RpcContract = [^;]*\bAiContract &\s+HelpdeskContract &\s+HealthContract;/,
    );
    expect(JSON.parse(read('tsconfig.base.json')).compilerOptions.paths['@atrium/app-helpdesk']).toEqual(['apps/helpdesk/src/index.ts']);
    expect(read('tools/lib/apps.mjs')).toContain(
      "{ name: 'helpdesk', port: 8097, portEnv: 'HEALTH_PORT', migrates: true, replicable: true }",
    );
    expect(read('apps', SERVICE, '.env.example')).toContain('HEALTH_PORT=8097');
    expect(read('apps', SERVICE, 'README.md')).toContain('| `desks/` |');
  });

  it('writes a job keyed by its row and a consumer of one integration event, registered in the context', () => {
    const folder = path.join(workspace, 'apps', SERVICE, 'src', CONTEXT);
    const jobNames = read('libs/jobs/src/job-names.ts');
    expect(jobNames).toContain("DeskReminder = 'helpdesk.desk-reminder',");
    expect(jobNames).toContain('[JobName.DeskReminder]: { companyId: number; deskId: number };');
    const processor = read('apps', SERVICE, 'src', CONTEXT, `${JOB}.processor.ts`);
    expect(processor).toContain('export class DeskReminderProcessor');
    expect(processor).toContain('this.jobs.on(JobName.DeskReminder');
    expect(processor).toContain('{ id: deskReminderJobId(deskId), delayMs }');
    const consumer = read('apps', SERVICE, 'src', CONTEXT, `${CONSUMER}.consumer.ts`);
    expect(consumer).toContain('export class DeletedUsersConsumer');
    expect(consumer).toContain("this.integration.on('user.deleted'");
    expect(
      readdirSync(folder)
        .filter((file) => /\.(subscriber|processor|consumer)\.(int-spec\.)?ts$/.test(file))
        .sort(),
    ).toEqual([`${CONSUMER}.consumer.int-spec.ts`, `${CONSUMER}.consumer.ts`, `${JOB}.processor.int-spec.ts`, `${JOB}.processor.ts`]);
    // the consumer's test publishes the event with an example of its payload
    expect(read('apps', SERVICE, 'src', CONTEXT, `${CONSUMER}.consumer.int-spec.ts`)).toContain(
      "const payload: IntegrationEventMap['user.deleted'] = { userId: 1 };",
    );
    expect(read('apps', SERVICE, 'src', CONTEXT, `${CONTEXT}.module.ts`)).toMatch(
      /providers: \[DesksRepository, DesksService, DeskReminderProcessor, DeletedUsersConsumer\]/,
    );
    expect(read('apps', SERVICE, 'src', 'app.module.ts')).toContain('JobsModule.forRoot(),');
  });

  it(
    'refuses a job or a consumer it cannot place: an unknown context, an event that does not exist',
    () => {
      expect(() => nx('g', '@atrium/generators:job', 'x-ray', `--project=${SERVICE}`, '--context=nowhere', '--no-interactive')).toThrow(
        /nowhere\.module\.ts is missing/,
      );
      expect(() =>
        nx(
          'g',
          '@atrium/generators:consumer',
          'x-ray',
          `--project=${SERVICE}`,
          `--context=${CONTEXT}`,
          '--event=desk.exploded',
          '--no-interactive',
        ),
      ).toThrow(/desk\.exploded is not an integration event/);
    },
    STEP_MS,
  );

  it('gets its migrations from drizzle-kit: the schema, then the tenant table with row-level security', () => {
    const migrations = readdirSync(path.join(workspace, 'apps', SERVICE, 'migrations')).filter((file) => file.endsWith('.sql'));
    expect(migrations).toEqual(['0000_init.sql', '0001_desks.sql']);
    expect(read('apps', SERVICE, 'migrations', '0000_init.sql')).toContain('CREATE SCHEMA "helpdesk"');
    const table = read('apps', SERVICE, 'migrations', '0001_desks.sql');
    expect(table).toContain('CREATE TABLE "helpdesk"."desks"');
    expect(table).toContain('ENABLE ROW LEVEL SECURITY');
    expect(table).toContain('CREATE POLICY "tenant_isolation"');
  });

  it(
    'type-checks',
    () => {
      run('node', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
    },
    STEP_MS,
  );

  it(
    'lints',
    () => {
      run('node', ['node_modules/eslint/bin/eslint.js', `apps/${SERVICE}`, `libs/contracts/src/${SERVICE}`, 'libs/jobs/src/job-names.ts']);
    },
    STEP_MS,
  );

  it(
    'builds',
    () => {
      nx('build', SERVICE, '--output-style=static');
      expect(existsSync(path.join(workspace, 'apps', SERVICE, 'dist', 'main.js'))).toBe(true);
    },
    STEP_MS,
  );

  it(
    'passes its own tests against the real servers',
    () => {
      run('node', [
        '--experimental-vm-modules',
        'node_modules/jest/bin/jest.js',
        '-c',
        'jest.generated.config.js',
        `apps/${SERVICE}`,
        '--ci',
        '--json',
        '--outputFile=jest-generated.json',
      ]);
      const result = JSON.parse(read('jest-generated.json')) as { numFailedTests: number; testResults: { name: string; status: string }[] };
      // every generated test file ran and passed: the service's, the context's, the job's and the consumer's
      expect(
        result.testResults
          .map(({ name, status }) => `${path.relative(path.join(workspace, 'apps', SERVICE, 'src'), name)} ${status}`)
          .sort(),
      ).toEqual(
        [
          'app.int-spec.ts passed',
          `${CONTEXT}/${CONSUMER}.consumer.int-spec.ts passed`,
          `${CONTEXT}/${CONTEXT}.int-spec.ts passed`,
          `${CONTEXT}/${JOB}.processor.int-spec.ts passed`,
        ].sort(),
      );
      expect(result.numFailedTests).toBe(0);
    },
    STEP_MS,
  );
});
