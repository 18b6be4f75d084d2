import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '@atrium/testing';

/**
 * The deployment files describe the same apps as the code: the Helm chart, the Docker bake
 * file, `npm start`'s app list and the configuration docs. Helm itself cannot be installed on
 * these machines, so the chart is checked structurally here and rendered by apps/api-tests/src/helm
 * (chart.spec.ts: every object, the Secret's keys included); deploy/README.md says how to lint it
 * where Helm exists.
 */

interface AppDefinition {
  name: string;
  port: number;
  portEnv: string;
  migrates: boolean;
}
interface ConfigField {
  name: string;
}
interface ConfigClass {
  app: string;
  usesServiceConfig: boolean;
  fields: ConfigField[];
}
interface HelmApp {
  enabled: boolean;
  port: number;
  portEnv: string;
  migrate: boolean;
  database: boolean;
  secretEnv: string[];
  env?: Record<string, string>;
}
interface HelmValues {
  config: Record<string, string>;
  apps: Record<string, HelmApp>;
}

const read = (...segments: string[]): string => readFileSync(path.join(REPO_ROOT, ...segments), 'utf8');
const chartDir = path.join(REPO_ROOT, 'helm', 'atrium');

function backendApps(): string[] {
  return readdirSync(path.join(REPO_ROOT, 'apps'))
    .filter((name) => existsSync(path.join(REPO_ROOT, 'apps', name, 'src', 'main.ts')))
    .filter((name) => {
      const tags = (JSON.parse(read('apps', name, 'project.json')) as { tags?: string[] }).tags ?? [];
      return tags.includes('scope:backend') && tags.includes('type:app');
    })
    .sort();
}

async function importTool<T>(relativePath: string): Promise<T> {
  const modulePath: string = path.join(REPO_ROOT, relativePath);
  return (await import(modulePath)) as T;
}

describe('deployment files cover every app', () => {
  const apps = backendApps();
  const values = parse(read('helm', 'atrium', 'values.yaml')) as HelmValues;
  let toolApps: AppDefinition[];
  let configs: { shared: { fields: ConfigField[] }; apps: ConfigClass[] };

  beforeAll(async () => {
    toolApps = (await importTool<{ APPS: AppDefinition[] }>('tools/lib/apps.mjs')).APPS;
    configs = (await importTool<{ readAllConfigs(root: string): typeof configs }>('tools/lib/config-classes.mjs')).readAllConfigs(
      REPO_ROOT,
    );
  });

  it('finds the backend apps', () => {
    expect(apps).toEqual(expect.arrayContaining(['gateway', 'identity', 'tickets', 'sessions', 'campaigns', 'billing', 'ai']));
  });

  it('starts every backend app with npm start, on one port each', () => {
    for (const app of apps) expect(toolApps.map((entry) => entry.name)).toContain(app);
    const ports = toolApps.map((entry) => entry.port);
    expect(new Set(ports).size).toBe(ports.length);
  });

  describe('helm/atrium', () => {
    it('is a v2 chart whose appVersion is the platform version', () => {
      const chart = parse(read('helm', 'atrium', 'Chart.yaml')) as { apiVersion: string; name: string; appVersion: string };
      const { version } = JSON.parse(read('package.json')) as { version: string };
      expect(chart).toMatchObject({ apiVersion: 'v2', name: 'atrium', appVersion: version });
    });

    it.each(backendApps())('has values for %s matching npm start and its migrations', (app) => {
      const entry = values.apps[app];
      const tool = toolApps.find((candidate) => candidate.name === app)!;
      expect(entry).toBeDefined();
      expect({ port: entry!.port, portEnv: entry!.portEnv }).toEqual({ port: tool.port, portEnv: tool.portEnv });
      const hasMigrations = existsSync(path.join(REPO_ROOT, 'apps', app, 'migrations', 'meta', '_journal.json'));
      expect(entry!.migrate).toBe(hasMigrations);
      expect(tool.migrates).toBe(hasMigrations);
      if (hasMigrations) expect(entry!.database).toBe(true);
    });

    it('has no values for apps that do not exist', () => {
      expect(Object.keys(values.apps).filter((app) => !apps.includes(app))).toEqual([]);
    });

    it('sets only variables the apps read', () => {
      const known = (app: string): Set<string> => {
        const config = configs.apps.find((candidate) => candidate.app === app);
        return new Set([...(config?.usesServiceConfig ? configs.shared.fields : []), ...(config?.fields ?? [])].map((field) => field.name));
      };
      const everyVariable = new Set(configs.apps.flatMap((config) => [...known(config.app)]));
      for (const file of ['helm/atrium/values.yaml', 'deploy/values-large.yaml']) {
        const fileValues = parse(read(file)) as Partial<HelmValues>;
        const unknownShared = Object.keys(fileValues.config ?? {}).filter((name) => !everyVariable.has(name));
        expect({ file, unknownShared }).toEqual({ file, unknownShared: [] });
        for (const [app, entry] of Object.entries(fileValues.apps ?? {})) {
          const unknown = [...Object.keys(entry.env ?? {}), ...(entry.secretEnv ?? [])].filter((name) => !known(app).has(name));
          expect({ file, app, unknown }).toEqual({ file, app, unknown: [] });
        }
      }
    });

    it('has templates whose blocks all end', () => {
      const templates = readdirSync(path.join(chartDir, 'templates')).filter((file) => /\.(yaml|tpl|txt)$/.test(file));
      expect(templates).toEqual(
        expect.arrayContaining([
          'deployments.yaml',
          'services.yaml',
          'configmap.yaml',
          'secret.yaml',
          'pdb.yaml',
          'hpa.yaml',
          'networkpolicies.yaml',
          'migrate-job.yaml',
          'web.yaml',
        ]),
      );
      for (const file of templates) {
        const text = readFileSync(path.join(chartDir, 'templates', file), 'utf8').replace(/\{\{-?\s*\/\*[\s\S]*?\*\/\s*-?\}\}/g, '');
        const actions = [...text.matchAll(/\{\{-?\s*(if|range|with|define|block|end)\b/g)].map((match) => match[1]);
        let depth = 0;
        for (const action of actions) {
          depth += action === 'end' ? -1 : 1;
          expect({ file, depth: Math.min(depth, 0) }).toEqual({ file, depth: 0 });
        }
        expect({ file, unclosed: depth }).toEqual({ file, unclosed: 0 });
        expect({ file, unbalancedBraces: text.split('{{').length - text.split('}}').length }).toEqual({ file, unbalancedBraces: 0 });
      }
    });
  });

  describe('docker/', () => {
    const bake = read('docker', 'docker-bake.hcl');

    const images = new Map([...bake.matchAll(/\{ app = "([^"]+)", port = "(\d+)"/g)].map((match) => [match[1]!, Number(match[2])]));

    it.each(backendApps())('builds an image for %s with its port', (app) => {
      expect(images.get(app)).toBe(toolApps.find((candidate) => candidate.name === app)!.port);
    });

    it('builds only existing apps, and the web image, by default', () => {
      expect([...images.keys()].filter((app) => !apps.includes(app))).toEqual([]);
      expect(bake).toMatch(/group "default" \{\s*targets = \["services", "web"\]/);
      expect(bake).toContain('dockerfile = "docker/web.Dockerfile"');
    });
  });

  describe('configuration docs', () => {
    const readme = read('README.md');
    const FIX = 'after changing a config class, run `node tools/config-docs.mjs` and commit README.md and the .env.example files';

    it.each(backendApps())('%s has a .env.example naming every variable it reads, and no other', (app) => {
      const config = configs.apps.find((candidate) => candidate.app === app)!;
      const expected = [...(config.usesServiceConfig ? configs.shared.fields : []), ...config.fields].map((field) => field.name);
      const example = read('apps', app, '.env.example');
      const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
      const missing = expected.filter((name) => !listed.has(name));
      const unknown = [...listed].filter((name) => !expected.includes(name!));
      expect({ missing, unknown, fix: FIX }).toEqual({ missing: [], unknown: [], fix: FIX });
    });

    it('documents every variable in the README configuration table', () => {
      const every = [...configs.shared.fields, ...configs.apps.flatMap((config) => config.fields)].map((field) => field.name);
      const missing = every.filter((name) => !readme.includes(`| \`${name}\` |`));
      expect({ missing, fix: FIX }).toEqual({ missing: [], fix: FIX });
    });
  });
});
