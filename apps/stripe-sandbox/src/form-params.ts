import { invalidParam } from './stripe-error.js';

/** A form-encoded Stripe request decoded into nested values: `a[b][0]=c` → `{ a: { b: ['c'] } }`. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const MAX_PAIRS = 1000;
const MAX_DEPTH = 8;

/** `metadata[invoiceId]` → ['metadata', 'invoiceId']; `expand[]` → ['expand', '']. */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  return [match[1]!, ...rest];
}

/** Objects whose keys are all array indexes (`a[0]`, `a[1]`, as the SDK sends them) become arrays. */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(arraysFromIndexes);
  const keys = Object.keys(value);
  const converted: FormObject = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

/**
 * Decodes `application/x-www-form-urlencoded` text (request body or query string) the way Stripe
 * reads it: bracketed keys nest, `[]` appends, `[0]`-style indexes make arrays.
 */
export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  const pairs = text === '' ? [] : text.split('&').filter((pair) => pair !== '');
  if (pairs.length > MAX_PAIRS) throw invalidParam('', `Too many parameters (at most ${MAX_PAIRS}).`);
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    const rawKey = separator < 0 ? pair : pair.slice(0, separator);
    const rawValue = separator < 0 ? '' : pair.slice(separator + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw invalidParam(rawKey, `Invalid URL encoding in parameter ${rawKey}.`);
    }
    const path = keyPath(key);
    if (!path || path.length > MAX_DEPTH) throw invalidParam(key, `Invalid parameter name: ${key}`);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const conflict = () => invalidParam(path[0]!, `Invalid parameter ${key}: it is given both as a value and as a hash or array.`);
      if (Array.isArray(node)) {
        if (segment !== '') throw conflict();
        if (last) node.push(value);
        else {
          const child: FormObject = {};
          node.push(child);
          node = child;
        }
        continue;
      }
      if (last) {
        if (segment === '' || node[segment] !== undefined) throw conflict();
        node[segment] = value;
        continue;
      }
      const wantsArray = path[i + 1] === '';
      const existing: FormValue | undefined = node[segment];
      if (existing === undefined) node[segment] = wantsArray ? [] : {};
      else if (typeof existing === 'string' || Array.isArray(existing) !== wantsArray) throw conflict();
      node = node[segment] as FormObject | FormValue[];
    }
  }
  return arraysFromIndexes(root) as FormObject;
}

/** One canonical text per parameter set (key order ignored): what Idempotency-Key replays compare. */
export function canonicalParams(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalParams(value[key]!)}`)
    .join(',')}}`;
}
