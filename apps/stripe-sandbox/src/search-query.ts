import { invalidParam } from './stripe-error.js';

/**
 * Stripe's search query language, the part that PaymentIntent search supports:
 * `metadata['invoiceId']:'42' AND status:'requires_action'`, `amount>=1000`, `-status:'canceled'`,
 * `currency~'br'`; clauses joined by AND or by OR (never both, as on Stripe).
 */

export type SearchableFields = {
  /** Numeric fields (`amount`, `created`). */
  numbers: Record<string, number>;
  /** String fields (`status`, `currency`, `customer`). */
  strings: Record<string, string | null>;
  metadata: Record<string, string>;
};

type Operator = ':' | '~' | '>' | '<' | '>=' | '<=';
interface Clause {
  negated: boolean;
  field: string;
  metadataKey: string | null;
  operator: Operator;
  value: string | number;
}

const fail = (message: string) => invalidParam('query', `Invalid query: ${message}`, 'parameter_invalid_string');

function readQuoted(text: string, start: number): [string, number] {
  const quote = text[start]!;
  let value = '';
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\' && i + 1 < text.length) i += 1;
    value += text[i];
    i += 1;
  }
  if (i >= text.length) throw fail('unterminated string');
  return [value, i + 1];
}

function parseClauses(
  query: string,
  numericFields: ReadonlySet<string>,
  stringFields: ReadonlySet<string>,
): { clauses: Clause[]; joiner: 'AND' | 'OR' } {
  const clauses: Clause[] = [];
  const joiners = new Set<string>();
  let i = 0;
  const skipSpaces = () => {
    while (query[i] === ' ') i += 1;
  };
  for (;;) {
    skipSpaces();
    const negated = query[i] === '-';
    if (negated) i += 1;
    const name = /^[a-z_]+/.exec(query.slice(i))?.[0];
    if (!name) throw fail(`expected a field at position ${i}`);
    i += name.length;
    let metadataKey: string | null = null;
    if (name === 'metadata') {
      if (query[i] !== '[' || (query[i + 1] !== "'" && query[i + 1] !== '"')) throw fail("metadata needs a key: metadata['key']");
      [metadataKey, i] = readQuoted(query, i + 1);
      if (query[i] !== ']') throw fail('expected ] after the metadata key');
      i += 1;
    } else if (!numericFields.has(name) && !stringFields.has(name)) {
      throw fail(`the field ${name} is not supported`);
    }
    const operator = /^(>=|<=|:|~|>|<)/.exec(query.slice(i))?.[0] as Operator | undefined;
    if (!operator) throw fail(`expected an operator after ${name}`);
    i += operator.length;
    let value: string | number;
    if (query[i] === "'" || query[i] === '"') [value, i] = readQuoted(query, i);
    else {
      const bare = /^-?\d+/.exec(query.slice(i))?.[0];
      if (bare === undefined) throw fail(`expected a quoted value or a number after ${name}${operator}`);
      value = Number(bare);
      i += bare.length;
    }
    const numeric = numericFields.has(name);
    if (['>', '<', '>=', '<='].includes(operator) && !numeric) throw fail(`${operator} works on numeric fields only`);
    if (operator === '~' && (numeric || String(value).length < 3)) throw fail('~ needs a string of at least 3 characters');
    if (numeric && typeof value !== 'number') throw fail(`${name} takes a number`);
    clauses.push({ negated, field: name, metadataKey, operator, value });
    skipSpaces();
    if (i >= query.length) break;
    const joiner = /^(AND|OR) /.exec(query.slice(i))?.[1];
    if (!joiner) throw fail(`expected AND or OR at position ${i}`);
    joiners.add(joiner);
    i += joiner.length;
  }
  if (joiners.size > 1) throw fail('AND and OR cannot be combined');
  return { clauses, joiner: joiners.has('OR') ? 'OR' : 'AND' };
}

function matches(clause: Clause, fields: SearchableFields): boolean {
  let actual: string | number | null | undefined;
  if (clause.metadataKey !== null) actual = fields.metadata[clause.metadataKey];
  else if (clause.field in fields.numbers) actual = fields.numbers[clause.field];
  else actual = fields.strings[clause.field];
  let result: boolean;
  if (actual === undefined || actual === null) result = false;
  else if (typeof actual === 'number' && typeof clause.value === 'number') {
    const expected = clause.value;
    result = {
      ':': actual === expected,
      '>': actual > expected,
      '<': actual < expected,
      '>=': actual >= expected,
      '<=': actual <= expected,
      '~': false,
    }[clause.operator];
  } else if (clause.operator === '~') result = String(actual).toLowerCase().includes(String(clause.value).toLowerCase());
  else result = String(actual).toLowerCase() === String(clause.value).toLowerCase();
  return clause.negated ? !result : result;
}

/** Compiles a query into a predicate; a malformed one is a 400 on `query`, as on Stripe. */
export function compileSearch(
  query: string,
  numericFields: readonly string[],
  stringFields: readonly string[],
): (fields: SearchableFields) => boolean {
  if (query.trim() === '') throw fail('the query is empty');
  const { clauses, joiner } = parseClauses(query.trim(), new Set(numericFields), new Set(stringFields));
  return (fields) =>
    joiner === 'AND' ? clauses.every((clause) => matches(clause, fields)) : clauses.some((clause) => matches(clause, fields));
}
