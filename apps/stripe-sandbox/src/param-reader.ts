import type { FormObject, FormValue } from './form-params.js';
import { invalidParam, missingParam } from './stripe-error.js';

const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY_LENGTH = 40;
const MAX_METADATA_VALUE_LENGTH = 500;

export interface RangeFilter {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

/**
 * Reads one endpoint's parameters the way Stripe validates them: typed, with Stripe's messages
 * (`Missing required param: amount.`, `Invalid integer: abc`), and `done()` refuses every
 * parameter nobody read (`Received unknown parameter: foo`).
 */
export class ParamReader {
  private readonly read = new Set<string>();
  private readonly children: ParamReader[] = [];

  constructor(
    private readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  private raw(key: string): FormValue | undefined {
    this.read.add(key);
    return this.values[key];
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  string(key: string, options: { required: true; max?: number; oneOf?: readonly string[] }): string;
  string(key: string, options?: { required?: boolean; max?: number; oneOf?: readonly string[] }): string | undefined;
  string(key: string, options: { required?: boolean; max?: number; oneOf?: readonly string[] } = {}): string | undefined {
    const value = this.raw(key);
    if (value === undefined || (value === '' && options.required)) {
      if (options.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof value !== 'string') throw invalidParam(this.name(key), `Invalid string: ${JSON.stringify(value)}`);
    if (options.max !== undefined && value.length > options.max) {
      throw invalidParam(
        this.name(key),
        `Invalid ${this.name(key)}: must be at most ${options.max} characters`,
        'parameter_invalid_string',
      );
    }
    if (options.oneOf && !options.oneOf.includes(value)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${options.oneOf.join(', ')}`);
    }
    return value;
  }

  integer(key: string, options: { required: true; min?: number; max?: number }): number;
  integer(key: string, options?: { required?: boolean; min?: number; max?: number }): number | undefined;
  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.raw(key);
    if (value === undefined) {
      if (options.required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) {
      throw invalidParam(
        this.name(key),
        `Invalid integer: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
        'parameter_invalid_integer',
      );
    }
    const number = Number(value);
    if ((options.min !== undefined && number < options.min) || (options.max !== undefined && number > options.max)) {
      const bounds = [options.min !== undefined ? `at least ${options.min}` : '', options.max !== undefined ? `at most ${options.max}` : '']
        .filter(Boolean)
        .join(' and ');
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be ${bounds}`, 'parameter_invalid_integer');
    }
    return number;
  }

  boolean(key: string): boolean | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw invalidParam(this.name(key), `Invalid boolean: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
    return value === 'true';
  }

  strings(key: string): string[] | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) throw invalidParam(this.name(key), `Invalid array`);
    return value as string[];
  }

  /** A nested hash, read by its own reader; absent → undefined. */
  object(key: string): ParamReader | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(this.name(key), `Invalid hash`);
    const child = new ParamReader(value, this.name(key));
    this.children.push(child);
    return child;
  }

  /**
   * `metadata[k]=v`: a hash of strings. `''` as the whole value means "clear every key" and `''`
   * as one value "remove that key" (update semantics); both come back as `null`s for the caller.
   */
  metadata(key = 'metadata'): Record<string, string | null> | '' | undefined {
    const value = this.raw(key);
    if (value === undefined) return undefined;
    if (value === '') return '';
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidParam(this.name(key), 'Invalid hash');
    const entries = Object.entries(value);
    if (entries.length > MAX_METADATA_KEYS) throw invalidParam(this.name(key), `Invalid ${key}: at most ${MAX_METADATA_KEYS} keys`);
    const result: Record<string, string | null> = {};
    for (const [name, item] of entries) {
      if (typeof item !== 'string') throw invalidParam(`${this.name(key)}[${name}]`, 'Invalid string');
      if (name.length > MAX_METADATA_KEY_LENGTH)
        throw invalidParam(`${this.name(key)}[${name}]`, `Metadata keys can have up to ${MAX_METADATA_KEY_LENGTH} characters`);
      if (item.length > MAX_METADATA_VALUE_LENGTH)
        throw invalidParam(`${this.name(key)}[${name}]`, `Metadata values can have up to ${MAX_METADATA_VALUE_LENGTH} characters`);
      result[name] = item === '' ? null : item;
    }
    return result;
  }

  /** `created=123` or `created[gte]=123&created[lt]=456`. */
  range(key: string): RangeFilter | undefined {
    const value = this.values[key];
    if (value === undefined) {
      this.read.add(key);
      return undefined;
    }
    if (typeof value === 'string') {
      const exact = this.integer(key);
      return { gte: exact, lte: exact };
    }
    const bounds = this.object(key)!;
    const filter: RangeFilter = {
      gt: bounds.integer('gt'),
      gte: bounds.integer('gte'),
      lt: bounds.integer('lt'),
      lte: bounds.integer('lte'),
    };
    return filter;
  }

  /** `expand[]=latest_charge`: the paths to expand (validated where the object is rendered). */
  expand(): string[] {
    return this.strings('expand') ?? [];
  }

  /** Refuses whatever was sent but not read, here and in every nested hash read. */
  done(): void {
    for (const key of Object.keys(this.values)) {
      if (!this.read.has(key)) throw invalidParam(this.name(key), `Received unknown parameter: ${this.name(key)}`, 'parameter_unknown');
    }
    for (const child of this.children) child.done();
  }
}

export function matchesRange(value: number, filter: RangeFilter | undefined): boolean {
  if (!filter) return true;
  return (
    (filter.gt === undefined || value > filter.gt) &&
    (filter.gte === undefined || value >= filter.gte) &&
    (filter.lt === undefined || value < filter.lt) &&
    (filter.lte === undefined || value <= filter.lte)
  );
}
