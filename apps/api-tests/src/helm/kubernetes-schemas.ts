import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PrometheusRule, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';

/**
 * The Kubernetes (and Prometheus operator) OpenAPI schemas of the objects the chart renders, as
 * kubernetes-models compiles them: what `kubeconform` checks where it runs (types, required
 * fields, enums). Its validators accept unknown fields; `unknownFields` reports them, as
 * kubeconform -strict does, from the models' type declarations.
 */
const MODELS = [Deployment, Service, ConfigMap, Secret, Job, HorizontalPodAutoscaler, PodDisruptionBudget, NetworkPolicy, Ingress, ServiceMonitor, PrometheusRule];

/** Throws when the object breaks its kind's schema, or is of a kind this chart should not render. */
export function validateKubernetesObject(object: Record<string, unknown>): void {
  const Model = MODELS.find((model) => model.apiVersion === object.apiVersion && model.kind === object.kind);
  if (!Model) throw new Error(`no schema for ${String(object.apiVersion)} ${String(object.kind)}`);
  // Each model's constructor takes its own typed shape; the rendered object is checked at run time.
  new Model(object as never).validate();
}

// ---------------------------------------------------------------- unknown fields

type Shape = { kind: 'object'; fields: Map<string, Shape | string> } | { kind: 'array' | 'map'; of: Shape | string } | { kind: 'leaf' };
const LEAF: Shape = { kind: 'leaf' };
const MODULES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../../node_modules');
const declarations = new Map<string, string>();

function declaration(file: string): string {
  if (!declarations.has(file)) declarations.set(file, readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''));
  return declarations.get(file)!;
}

/** Splits `text` at `separator` where no bracket is open. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if ('{<(['.includes(char)) depth += 1;
    else if ('}>)]'.includes(char) && text[index - 1] !== '=') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** A type of a declaration file: a reference (`file#Name`, resolved lazily), an array, a map, an object literal or a leaf. */
function shapeOf(type: string, file: string): Shape | string {
  const text = type.trim();
  if (splitTopLevel(text, '|').length > 1) return LEAF;
  const array = /^Array<([\s\S]*)>$/.exec(text);
  if (array) return { kind: 'array', of: shapeOf(array[1]!, file) };
  if (text.startsWith('{') && text.endsWith('}')) {
    const body = text.slice(1, -1);
    const map = /^\s*\[key: string\]:\s*([\s\S]*?);?\s*$/.exec(body);
    if (map) return { kind: 'map', of: shapeOf(map[1]!, file) };
    return fieldsOf(body, file);
  }
  if (/^I[A-Za-z0-9]+$/.test(text)) return `${file}#${text}`;
  return LEAF;
}

function fieldsOf(body: string, file: string): Shape {
  const fields = new Map<string, Shape | string>();
  for (const member of splitTopLevel(body, ';')) {
    const field = /^"?([^"?:]+)"?\??:\s*([\s\S]+)$/.exec(member);
    if (field) fields.set(field[1]!, shapeOf(field[2]!, file));
  }
  return { kind: 'object', fields };
}

const shapes = new Map<string, Shape>();

/** Resolves `file#Name`: an interface of that file, or a name it imports or re-exports. */
function resolve(reference: string): Shape {
  if (!shapes.has(reference)) shapes.set(reference, resolveUncached(reference));
  return shapes.get(reference)!;
}

function resolveUncached(reference: string): Shape {
  const [file, name] = reference.split('#') as [string, string];
  const text = declaration(file);
  const local = new RegExp(`export type \\{[^}]*\\b(\\w+) as ${name}\\b`).exec(text)?.[1] ?? name;
  const start = new RegExp(`export interface ${local}\\b[^{]*\\{`).exec(text);
  if (start) {
    let depth = 1;
    let index = start.index + start[0].length;
    for (; depth > 0 && index < text.length; index += 1) depth += text[index] === '{' ? 1 : text[index] === '}' ? -1 : 0;
    return fieldsOf(text.slice(start.index + start[0].length, index - 1), file);
  }
  const imported = new RegExp(`import \\{[^}]*\\b${local}\\b[^}]*\\} from "([^"]+)"`).exec(text)?.[1];
  if (imported) {
    const target = imported.startsWith('.') ? path.resolve(path.dirname(file), imported.replace(/\.js$/, '')) : path.join(MODULES, imported);
    return resolve(`${target}.d.ts#${local}`);
  }
  return LEAF;
}

function walk(value: unknown, shape: Shape | string, at: string, found: string[]): void {
  const resolved = typeof shape === 'string' ? resolve(shape) : shape;
  if (value === null || typeof value !== 'object') return;
  if (resolved.kind === 'array' && Array.isArray(value)) value.forEach((item, index) => walk(item, resolved.of, `${at}[${index}]`, found));
  else if (resolved.kind === 'map') for (const [key, item] of Object.entries(value)) walk(item, resolved.of, `${at}.${key}`, found);
  else if (resolved.kind === 'object' && !Array.isArray(value)) {
    for (const [key, item] of Object.entries(value)) {
      const field = resolved.fields.get(key);
      if (field === undefined) found.push(`${at}.${key}`);
      else walk(item, field, `${at}.${key}`, found);
    }
  }
}

/** Paths of the fields the object's kind does not declare (a typo or a misplaced indentation). */
export function unknownFields(object: Record<string, unknown>): string[] {
  const [group, version] = String(object.apiVersion).includes('/') ? String(object.apiVersion).split('/') : ['', String(object.apiVersion)];
  const root = group === 'monitoring.coreos.com' ? path.join(MODULES, '@kubernetes-models', 'prometheus-operator', group) : path.join(MODULES, 'kubernetes-models', group ?? '');
  const found: string[] = [];
  walk(object, `${path.join(root, version!, String(object.kind))}.d.ts#I${String(object.kind)}`, String(object.kind), found);
  return found;
}
