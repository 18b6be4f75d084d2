import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse } from 'yaml';
import { TemplateSet, type Value } from './go-template.js';

/**
 * `helm template` for helm/atrium, in-process: reads Chart.yaml and values.yaml, lays the given
 * values files over them (maps merge, anything else replaces, null removes, as Helm does), renders
 * every template with go-template.ts and splits the output into parsed YAML documents.
 */

/** The repository's root (as @atrium/testing's REPO_ROOT, without loading its database and server helpers: this test stays fast). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface RenderOptions {
  /** Values laid over values.yaml, in order (the parsed contents of `-f` files or `--set`s). */
  values?: Record<string, unknown>[];
  /** API versions the cluster serves beyond the built-in ones (`--api-versions`). */
  apiVersions?: string[];
  releaseName?: string;
  namespace?: string;
  isUpgrade?: boolean;
}

export interface Manifest {
  /** The template file it came from, e.g. `atrium/templates/deployments.yaml`. */
  source: string;
  kind: string;
  name: string;
  // A Kubernetes object: tests read its fields by path.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  object: Record<string, any>;
}

const BUILT_IN_APIS = ['v1', 'apps/v1', 'batch/v1', 'policy/v1', 'autoscaling/v2', 'networking.k8s.io/v1', 'rbac.authorization.k8s.io/v1'];

type Values = Record<string, unknown>;
const isMap = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

export function coalesceValues(base: Values, override: Values): Values {
  const result: Values = structuredClone(base);
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete result[key];
    else if (isMap(value) && isMap(result[key])) result[key] = coalesceValues(result[key] as Values, value);
    else result[key] = structuredClone(value);
  }
  return result;
}

export function readYamlFile(file: string): Values {
  return (parse(readFileSync(file, 'utf8')) ?? {}) as Values;
}

const parsed = new Map<string, TemplateSet>();

/** The chart's templates, parsed once per process (renders do not change them). */
function parsedTemplates(templatesDir: string, chartName: string, files: string[]): TemplateSet {
  if (!parsed.has(templatesDir)) {
    const templates = new TemplateSet();
    for (const file of files) templates.add(`${chartName}/templates/${file}`, readFileSync(path.join(templatesDir, file), 'utf8'));
    parsed.set(templatesDir, templates);
  }
  return parsed.get(templatesDir)!;
}

export function renderChart(chartDir: string, options: RenderOptions = {}): { manifests: Manifest[]; notes: string } {
  const chart = readYamlFile(path.join(chartDir, 'Chart.yaml'));
  const chartName = String(chart.name);
  const values = [readYamlFile(path.join(chartDir, 'values.yaml')), ...(options.values ?? [])].reduce(coalesceValues);
  const apis = new Set([...BUILT_IN_APIS, ...(options.apiVersions ?? [])]);
  const templatesDir = path.join(chartDir, 'templates');
  const files = readdirSync(templatesDir).filter((file) => /\.(yaml|yml|tpl|txt)$/.test(file)).sort();
  const templates = parsedTemplates(templatesDir, chartName, files);

  const data = (file: string): Value => ({
    Values: values,
    Chart: { Name: chartName, Version: chart.version, AppVersion: chart.appVersion },
    Release: {
      Name: options.releaseName ?? 'atrium',
      Namespace: options.namespace ?? 'atrium',
      Service: 'Helm',
      IsInstall: !options.isUpgrade,
      IsUpgrade: Boolean(options.isUpgrade),
      Revision: 1,
    },
    Capabilities: { APIVersions: { Has: (api: unknown) => apis.has(String(api)) }, KubeVersion: { Version: 'v1.30.0', Major: '1', Minor: '30' } },
    Template: { Name: `${chartName}/templates/${file}`, BasePath: `${chartName}/templates` },
    Files: { Get: (name: unknown) => readFileSync(path.join(chartDir, String(name)), 'utf8') },
  });

  const manifests: Manifest[] = [];
  let notes = '';
  for (const file of files) {
    if (file.startsWith('_')) continue;
    const output = templates.render(`${chartName}/templates/${file}`, data(file));
    if (file === 'NOTES.txt') {
      notes = output;
      continue;
    }
    for (const document of parseAllDocuments(output)) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}\n${output}`);
      const object = document.toJS() as Manifest['object'] | null;
      if (object === null) continue;
      manifests.push({ source: `${chartName}/templates/${file}`, kind: String(object.kind), name: String(object.metadata?.name), object });
    }
  }
  return { manifests, notes };
}
