import { createHash } from 'node:crypto';
import { stringify } from 'yaml';

/**
 * The part of Go's text/template and of Helm's sprig functions that helm/atrium uses, so the chart
 * can be rendered and checked where no `helm` binary exists (deploy/README.md lists the subset).
 * Semantics follow Go: `{{-`/`-}}` trim whitespace, `$` is the root, variables are scoped to their
 * block, `range` over a map walks its keys in order, a pipeline passes its value as the last
 * argument, a field of nil is an error and a missing map key prints as nothing (as Helm does).
 * Anything outside the subset is an error, never silently ignored.
 */

export type Value = unknown;
type Scope = { name: string; value: Value }[];

interface Operand {
  kind: 'dot' | 'field' | 'variable' | 'literal' | 'function' | 'pipe';
  /** variable name ("$", "$x"); function name. */
  name?: string;
  literal?: Value;
  pipe?: Pipeline;
  /** Field names read after the term: `.a.b`, `$x.a`, `(...).a`. */
  fields: string[];
}
interface Pipeline {
  declare: string[];
  assign: boolean;
  commands: Operand[][];
}
type Node =
  | { type: 'text'; text: string }
  | { type: 'action'; pipe: Pipeline }
  | { type: 'if'; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { type: 'with'; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { type: 'range'; pipe: Pipeline; body: Node[]; otherwise: Node[] }
  | { type: 'template'; name: string; pipe: Pipeline | null };

export class TemplateError extends Error {}

// ---------------------------------------------------------------- lexing

interface RawAction {
  text: string;
  source: string;
}
type Piece = { text: string } | { action: RawAction };

function split(source: string, file: string): Piece[] {
  const pieces: Piece[] = [];
  let position = 0;
  let trimNext = false;
  while (position < source.length) {
    const open = source.indexOf('{{', position);
    let text = source.slice(position, open < 0 ? source.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    trimNext = false;
    if (open < 0) {
      pieces.push({ text });
      break;
    }
    let inner = open + 2;
    if (/^- /.test(source.slice(inner, inner + 2)) || source.slice(inner, inner + 3) === '-\n' || source.slice(inner, inner + 2) === '-\t') {
      text = text.replace(/\s+$/, '');
      inner += 1;
    }
    pieces.push({ text });
    const close = findClose(source, inner, file);
    let end = close;
    if (source[close - 1] === '-' && /\s/.test(source[close - 2] ?? '')) {
      trimNext = true;
      end = close - 1;
    }
    pieces.push({ action: { text: source.slice(inner, end).trim(), source: `${file}:${lineOf(source, open)}` } });
    position = close + 2;
  }
  return pieces;
}

function findClose(source: string, from: number, file: string): number {
  let index = from;
  let quote: string | null = null;
  for (; index < source.length; index += 1) {
    const char = source[index]!;
    if (quote) {
      if (char === '\\' && quote === '"') index += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === '`') quote = char;
    else if (source.startsWith('/*', index)) {
      const end = source.indexOf('*/', index + 2);
      if (end < 0) break;
      index = end + 1;
    } else if (source.startsWith('}}', index)) return index;
  }
  throw new TemplateError(`${file}:${lineOf(source, from)}: unclosed action`);
}

const lineOf = (source: string, index: number): number => source.slice(0, index).split('\n').length;

type Token = { kind: 'string' | 'number' | 'word' | 'field' | 'variable' | 'punct'; text: string; value?: Value; spaced: boolean };

function tokenize(text: string, where: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s+|"((?:[^"\\]|\\.)*)"|`([^`]*)`|'((?:[^'\\]|\\.)*)'|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\b|(\$[A-Za-z0-9_]*)|(\.[A-Za-z_][A-Za-z0-9_]*)|(\.)|([A-Za-z_][A-Za-z0-9_]*)|(:=|=|\||\(|\)|,)/y;
  let index = 0;
  let spaced = true;
  while (index < text.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (!match) throw new TemplateError(`${where}: cannot read "${text.slice(index)}"`);
    index = pattern.lastIndex;
    const [whole, doubleQuoted, raw, char, number, variable, field, dot, word, punct] = match;
    const push = (token: Omit<Token, 'spaced'>): void => {
      tokens.push({ ...token, spaced });
    };
    if (doubleQuoted !== undefined) push({ kind: 'string', text: whole, value: JSON.parse(`"${doubleQuoted}"`) as string });
    else if (raw !== undefined) push({ kind: 'string', text: whole, value: raw });
    else if (char !== undefined) push({ kind: 'number', text: whole, value: char.codePointAt(0) });
    else if (number !== undefined) push({ kind: 'number', text: whole, value: Number(number) });
    else if (variable !== undefined) push({ kind: 'variable', text: variable });
    else if (field !== undefined) push({ kind: 'field', text: field.slice(1) });
    else if (dot !== undefined) push({ kind: 'punct', text: '.' });
    else if (word !== undefined) push({ kind: 'word', text: word });
    else if (punct !== undefined) push({ kind: 'punct', text: punct });
    spaced = /^\s+$/.test(whole);
  }
  return tokens;
}

// ---------------------------------------------------------------- parsing

class PipelineParser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly where: string,
  ) {}

  static parse(text: string, where: string, allowDeclare = true): Pipeline {
    const parser = new PipelineParser(tokenize(text, where), where);
    const pipe = parser.pipeline(allowDeclare);
    if (parser.index < parser.tokens.length) parser.fail(`unexpected "${parser.tokens[parser.index]!.text}"`);
    return pipe;
  }

  private fail(message: string): never {
    throw new TemplateError(`${this.where}: ${message}`);
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  private pipeline(allowDeclare: boolean): Pipeline {
    const pipe: Pipeline = { declare: [], assign: false, commands: [] };
    if (allowDeclare) this.declarations(pipe);
    let command: Operand[] = [];
    while (this.index < this.tokens.length) {
      const token = this.peek()!;
      if (token.kind === 'punct' && token.text === ')') break;
      if (token.kind === 'punct' && token.text === '|') {
        if (command.length === 0) this.fail('empty command in pipeline');
        pipe.commands.push(command);
        command = [];
        this.index += 1;
        continue;
      }
      command.push(this.operand());
    }
    if (command.length === 0) this.fail('empty pipeline');
    pipe.commands.push(command);
    return pipe;
  }

  private declarations(pipe: Pipeline): void {
    const first = this.peek();
    if (first?.kind !== 'variable') return;
    const second = this.peek(1);
    if (second?.kind === 'punct' && (second.text === ':=' || second.text === '=')) {
      pipe.declare = [first.text];
      pipe.assign = second.text === '=';
      this.index += 2;
    } else if (second?.kind === 'punct' && second.text === ',' && this.peek(2)?.kind === 'variable' && this.peek(3)?.text === ':=') {
      pipe.declare = [first.text, this.peek(2)!.text];
      this.index += 4;
    }
  }

  private operand(): Operand {
    const token = this.tokens[this.index++]!;
    let operand: Operand;
    if (token.kind === 'string' || token.kind === 'number') operand = { kind: 'literal', literal: token.value, fields: [] };
    else if (token.kind === 'variable') operand = { kind: 'variable', name: token.text, fields: [] };
    else if (token.kind === 'field') operand = { kind: 'field', fields: [token.text] };
    else if (token.kind === 'punct' && token.text === '.') operand = { kind: 'dot', fields: [] };
    else if (token.kind === 'word') {
      if (token.text === 'true' || token.text === 'false') operand = { kind: 'literal', literal: token.text === 'true', fields: [] };
      else if (token.text === 'nil') operand = { kind: 'literal', literal: null, fields: [] };
      else operand = { kind: 'function', name: token.text, fields: [] };
    } else if (token.kind === 'punct' && token.text === '(') {
      const pipe = this.pipeline(false);
      if (this.tokens[this.index++]?.text !== ')') this.fail('unclosed (');
      operand = { kind: 'pipe', pipe, fields: [] };
    } else this.fail(`unexpected "${token.text}"`);
    // Fields chained right after the term, without a space: `$x.a.b`, `(...).a`.
    while (this.peek()?.kind === 'field' && !this.peek()!.spaced) operand.fields.push(this.tokens[this.index++]!.text);
    return operand;
  }
}

interface Block {
  keyword: 'if' | 'with' | 'range' | 'define' | 'root';
  nodes: Node[];
  node?: Extract<Node, { type: 'if' | 'with' | 'range' }>;
  /** `else if` chains: nested nodes closed by the same `end`. */
  chained: number;
  name?: string;
  where: string;
}

/** Parses one file: returns its nodes and the `define`d templates it holds. */
function parse(source: string, file: string): { nodes: Node[]; defines: Map<string, Node[]> } {
  const defines = new Map<string, Node[]>();
  const stack: Block[] = [{ keyword: 'root', nodes: [], chained: 0, where: file }];
  const top = (): Block => stack[stack.length - 1]!;
  const open = (keyword: 'if' | 'with' | 'range', rest: string, where: string, chained = 0): void => {
    const node = { type: keyword, pipe: PipelineParser.parse(rest, where), body: [], otherwise: [] } as Extract<Node, { type: 'if' | 'with' | 'range' }>;
    top().nodes.push(node);
    stack.push({ keyword, nodes: node.body, node, chained, where });
  };
  for (const piece of split(source, file)) {
    if ('text' in piece) {
      if (piece.text) top().nodes.push({ type: 'text', text: piece.text });
      continue;
    }
    const { text, source: where } = piece.action;
    if (/^\/\*[\s\S]*\*\/$/.test(text)) continue;
    const [, keyword = '', rest = ''] = /^([a-z]+)\b\s*([\s\S]*)$/.exec(text) ?? [];
    if (keyword === 'if' || keyword === 'with' || keyword === 'range') open(keyword, rest, where);
    else if (keyword === 'else') {
      const block = top();
      if (!block.node) throw new TemplateError(`${where}: else outside if/with/range`);
      const chainedIf = /^(if|with)\b\s*([\s\S]*)$/.exec(rest);
      stack.pop();
      if (chainedIf) {
        stack.push({ ...block, nodes: block.node.otherwise });
        open(chainedIf[1] as 'if' | 'with', chainedIf[2]!, where, block.chained + 1);
      } else stack.push({ ...block, nodes: block.node.otherwise });
    } else if (keyword === 'end') {
      const block = stack.pop()!;
      if (block.keyword === 'root') throw new TemplateError(`${where}: end without a block`);
      for (let chained = block.chained; chained > 0; chained -= 1) stack.pop();
      if (block.keyword === 'define') defines.set(block.name!, block.nodes);
    } else if (keyword === 'define') {
      const name = JSON.parse(rest.trim()) as string;
      stack.push({ keyword: 'define', nodes: [], chained: 0, name, where });
    } else if (keyword === 'template') {
      const [, name = '', argument = ''] = /^"([^"]+)"\s*([\s\S]*)$/.exec(rest) ?? [];
      top().nodes.push({ type: 'template', name, pipe: argument ? PipelineParser.parse(argument, where) : null });
    } else if (keyword === 'block' || keyword === 'break' || keyword === 'continue') {
      throw new TemplateError(`${where}: "${keyword}" is outside the supported subset`);
    } else top().nodes.push({ type: 'action', pipe: PipelineParser.parse(text, where) });
  }
  if (stack.length !== 1) throw new TemplateError(`${file}: unclosed ${top().keyword} opened at ${top().where}`);
  return { nodes: stack[0]!.nodes, defines };
}

// ---------------------------------------------------------------- values

export function truthy(value: Value): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

const isMap = (value: Value): value is Record<string, Value> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Go's %v of a float64 (Helm reads every number of the values as one): 1e+06 from a million on. */
function formatNumber(value: number): string {
  const exponent = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
  if (exponent >= -4 && exponent < 21 && (exponent < 6 || !Number.isFinite(value))) return String(value);
  const [mantissa, power] = value.toExponential().split('e') as [string, string];
  const sign = power.startsWith('-') ? '-' : '+';
  return `${mantissa}e${sign}${power.replace(/^[+-]/, '').padStart(2, '0')}`;
}

/** Go's %v. */
export function format(value: Value): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return `[${value.map(format).join(' ')}]`;
  if (isMap(value)) return `map[${Object.keys(value).sort().map((key) => `${key}:${format(value[key])}`).join(' ')}]`;
  return String(value);
}

function field(value: Value, name: string, where: string): Value {
  if (value === null || value === undefined) throw new TemplateError(`${where}: nil pointer evaluating .${name}`);
  if (isMap(value)) return Object.hasOwn(value, name) ? value[name] : undefined;
  throw new TemplateError(`${where}: can't evaluate field ${name} in ${typeof value}`);
}

const deepCopy = (value: Value): Value => (value === undefined ? null : structuredClone(value));

/** sprig's mergeOverwrite (mergo with override): maps merge deeply, anything else replaces. */
function mergeInto(target: Record<string, Value>, source: Value, overwrite: boolean): Record<string, Value> {
  if (!isMap(source)) return target;
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    if (isMap(current) && isMap(value)) mergeInto(current, value, overwrite);
    else if (overwrite ? value !== undefined : !truthy(current)) target[key] = value;
  }
  return target;
}

function printf(pattern: string, ...args: Value[]): string {
  let next = 0;
  return pattern.replace(/%[-+# 0]*\d*(?:\.\d+)?([%vsdqtfx])/g, (_whole, verb: string) => {
    if (verb === '%') return '%';
    const value = args[next++];
    if (verb === 'q') return JSON.stringify(format(value));
    if (verb === 'd') return String(Math.trunc(Number(value)));
    return format(value);
  });
}

export function toYaml(value: Value): string {
  if (value === undefined || value === null) return 'null';
  return stringify(value, { sortMapEntries: true, lineWidth: 0 }).replace(/\n$/, '');
}

const indent = (spaces: number, text: Value): string => format(text).replace(/^/gm, ' '.repeat(spaces));

// ---------------------------------------------------------------- execution

export interface RenderContext {
  /** Renders a `define`d template by name: `include`. */
  include(name: string, data: Value): string;
}

type TemplateFunction = (this: RenderContext, ...args: Value[]) => Value;

const FUNCTIONS: Record<string, TemplateFunction> = {
  include(name, data) {
    return this.include(String(name), data);
  },
  required(message, value) {
    if (value === null || value === undefined || value === '') throw new TemplateError(String(message));
    return value;
  },
  fail(message) {
    throw new TemplateError(String(message));
  },
  default: (fallback, value) => (truthy(value) ? value : fallback),
  empty: (value) => !truthy(value),
  coalesce: (...values) => values.find(truthy) ?? null,
  ternary: (yes, no, condition) => (truthy(condition) ? yes : no),
  not: (value) => !truthy(value),
  eq: (first, ...others) => others.some((other) => other === first),
  ne: (first, second) => first !== second,
  lt: (first, second) => Number(first) < Number(second),
  le: (first, second) => Number(first) <= Number(second),
  gt: (first, second) => Number(first) > Number(second),
  ge: (first, second) => Number(first) >= Number(second),
  len: (value) => (typeof value === 'string' || Array.isArray(value) ? value.length : isMap(value) ? Object.keys(value).length : 0),
  index: (value, ...keys) => keys.reduce<Value>((current, key) => (Array.isArray(current) ? current[Number(key)] : isMap(current) ? current[String(key)] : undefined), value),
  quote: (...values) => values.filter((value) => value !== null && value !== undefined).map((value) => JSON.stringify(format(value))).join(' '),
  squote: (...values) => values.filter((value) => value !== null && value !== undefined).map((value) => `'${format(value)}'`).join(' '),
  toString: (value: Value) => format(value),
  toYaml: (value) => toYaml(value),
  toJson: (value) => JSON.stringify(value ?? null),
  print: (...values) => values.map(format).join(''),
  printf: (pattern, ...values) => printf(String(pattern), ...values),
  nindent: (spaces, text) => `\n${indent(Number(spaces), text)}`,
  indent: (spaces, text) => indent(Number(spaces), text),
  trim: (text) => format(text).trim(),
  trimSuffix: (suffix, text) => (format(text).endsWith(String(suffix)) ? format(text).slice(0, -String(suffix).length || undefined) : format(text)),
  trimPrefix: (prefix, text) => (format(text).startsWith(String(prefix)) ? format(text).slice(String(prefix).length) : format(text)),
  trunc: (length, text) => format(text).slice(0, Number(length)),
  lower: (text) => format(text).toLowerCase(),
  upper: (text) => format(text).toUpperCase(),
  replace: (from, to, text) => format(text).split(String(from)).join(String(to)),
  contains: (part, text) => format(text).includes(String(part)),
  hasPrefix: (prefix, text) => format(text).startsWith(String(prefix)),
  hasSuffix: (suffix, text) => format(text).endsWith(String(suffix)),
  join: (separator, list) => (Array.isArray(list) ? list.map(format).join(String(separator)) : format(list)),
  sha256sum: (text) => createHash('sha256').update(format(text)).digest('hex'),
  b64enc: (text) => Buffer.from(format(text)).toString('base64'),
  urlquery: (...values) => encodeURIComponent(values.map(format).join('')).replace(/%20/g, '+'),
  int: (value) => Math.trunc(Number(value ?? 0)),
  add: (...values) => values.reduce<number>((sum, value) => sum + Number(value), 0),
  sub: (first, second) => Number(first) - Number(second),
  mul: (...values) => values.reduce<number>((product, value) => product * Number(value), 1),
  div: (first, second) => Math.trunc(Number(first) / Number(second)),
  max: (...values) => Math.max(...values.map(Number)),
  min: (...values) => Math.min(...values.map(Number)),
  dict: (...pairs) => {
    const result: Record<string, Value> = {};
    for (let index = 0; index < pairs.length; index += 2) result[format(pairs[index])] = pairs[index + 1] ?? null;
    return result;
  },
  list: (...values) => values,
  append: (list, value) => [...(Array.isArray(list) ? list : []), value],
  has: (needle, list) => Array.isArray(list) && list.includes(needle),
  hasKey: (map, key) => isMap(map) && Object.hasOwn(map, String(key)),
  keys: (...maps) => maps.flatMap((map) => (isMap(map) ? Object.keys(map) : [])),
  sortAlpha: (list) => (Array.isArray(list) ? list.map(format).sort() : []),
  get: (map, key) => (isMap(map) && Object.hasOwn(map, String(key)) ? map[String(key)] : ''),
  set: (map, key, value) => {
    if (isMap(map)) map[String(key)] = value;
    return map;
  },
  omit: (map, ...names) => (isMap(map) ? Object.fromEntries(Object.entries(map).filter(([key]) => !names.includes(key))) : {}),
  deepCopy: (value) => deepCopy(value),
  mergeOverwrite: (target, ...sources) => sources.reduce<Record<string, Value>>((merged, source) => mergeInto(merged, source, true), target as Record<string, Value>),
  merge: (target, ...sources) => sources.reduce<Record<string, Value>>((merged, source) => mergeInto(merged, source, false), target as Record<string, Value>),
};

export class TemplateSet implements RenderContext {
  private readonly files = new Map<string, Node[]>();
  private readonly defines = new Map<string, Node[]>();

  /** Adds a file; its `define`s become visible to every file, as in Helm. */
  add(name: string, source: string): void {
    const { nodes, defines } = parse(source, name);
    this.files.set(name, nodes);
    for (const [define, body] of defines) this.defines.set(define, body);
  }

  include(name: string, data: Value): string {
    const nodes = this.defines.get(name) ?? this.files.get(name);
    if (!nodes) throw new TemplateError(`no template "${name}"`);
    return this.execute(nodes, data, [{ name: '$', value: data }]);
  }

  render(file: string, data: Value): string {
    return this.include(file, data);
  }

  private execute(nodes: Node[], dot: Value, scope: Scope): string {
    let output = '';
    const mark = scope.length;
    for (const node of nodes) {
      if (node.type === 'text') output += node.text;
      else if (node.type === 'action') {
        const value = this.pipeline(node.pipe, dot, scope);
        if (node.pipe.declare.length === 0) output += format(value);
      } else if (node.type === 'template') {
        output += this.include(node.name, node.pipe ? this.pipeline(node.pipe, dot, scope) : null);
      } else if (node.type === 'if' || node.type === 'with') {
        const inner = scope.length;
        const value = this.pipeline(node.pipe, dot, scope);
        if (truthy(value)) output += this.execute(node.body, node.type === 'with' ? value : dot, scope);
        else output += this.execute(node.otherwise, dot, scope);
        scope.length = inner;
      } else output += this.range(node, dot, scope);
    }
    scope.length = mark;
    return output;
  }

  private range(node: Extract<Node, { type: 'range' }>, dot: Value, scope: Scope): string {
    const mark = scope.length;
    const declare = node.pipe.declare;
    const collection = this.pipeline({ ...node.pipe, declare: [] }, dot, scope);
    const entries: [Value, Value][] = Array.isArray(collection)
      ? collection.map((value, index) => [index, value])
      : isMap(collection)
        ? Object.keys(collection).sort().map((key) => [key, collection[key]])
        : typeof collection === 'number'
          ? Array.from({ length: collection }, (_, index) => [index, index])
          : [];
    if (collection !== null && collection !== undefined && !Array.isArray(collection) && !isMap(collection) && typeof collection !== 'number') {
      throw new TemplateError(`range can't iterate over ${format(collection)}`);
    }
    if (entries.length === 0) return this.execute(node.otherwise, dot, scope);
    let output = '';
    for (const [key, value] of entries) {
      scope.length = mark;
      if (declare.length === 1) scope.push({ name: declare[0]!, value });
      if (declare.length === 2) scope.push({ name: declare[0]!, value: key }, { name: declare[1]!, value });
      output += this.execute(node.body, value, scope);
    }
    scope.length = mark;
    return output;
  }

  private pipeline(pipe: Pipeline, dot: Value, scope: Scope): Value {
    let value: Value = undefined;
    let piped = false;
    for (const command of pipe.commands) {
      value = this.command(command, dot, scope, piped ? [value] : []);
      piped = true;
    }
    if (pipe.declare.length === 1) {
      if (pipe.assign) {
        const variable = [...scope].reverse().find((entry) => entry.name === pipe.declare[0]);
        if (!variable) throw new TemplateError(`undefined variable ${pipe.declare[0]}`);
        variable.value = value;
      } else scope.push({ name: pipe.declare[0]!, value });
    }
    return value;
  }

  private command(command: Operand[], dot: Value, scope: Scope, piped: Value[]): Value {
    const [head, ...rest] = command;
    if (head!.kind === 'function') {
      const name = head!.name!;
      if (name === 'and' || name === 'or') return this.logic(name, rest, dot, scope, piped);
      const fn = FUNCTIONS[name];
      if (!fn) throw new TemplateError(`function "${name}" is outside the supported subset`);
      const result = fn.apply(this, [...rest.map((operand) => this.operand(operand, dot, scope)), ...piped]);
      return head!.fields.reduce((current, name_) => field(current, name_, name), result);
    }
    const value = this.operand(head!, dot, scope);
    if (typeof value === 'function') return (value as (...args: Value[]) => Value)(...rest.map((operand) => this.operand(operand, dot, scope)), ...piped);
    if (rest.length > 0 || piped.length > 0) throw new TemplateError(`can't give arguments to a non-function (${format(value)})`);
    return value;
  }

  private logic(name: 'and' | 'or', operands: Operand[], dot: Value, scope: Scope, piped: Value[]): Value {
    let value: Value = undefined;
    const thunks = [...operands.map((operand) => () => this.operand(operand, dot, scope)), ...piped.map((entry) => () => entry)];
    for (const thunk of thunks) {
      value = thunk();
      if (name === 'and' ? !truthy(value) : truthy(value)) return value;
    }
    return value;
  }

  private operand(operand: Operand, dot: Value, scope: Scope): Value {
    let value: Value;
    switch (operand.kind) {
      case 'literal':
        value = operand.literal;
        break;
      case 'dot':
      case 'field':
        value = dot;
        break;
      case 'variable': {
        const variable = [...scope].reverse().find((entry) => entry.name === operand.name);
        if (!variable) throw new TemplateError(`undefined variable ${operand.name}`);
        value = variable.value;
        break;
      }
      case 'pipe':
        value = this.pipeline(operand.pipe!, dot, scope);
        break;
      case 'function':
        return this.command([operand], dot, scope, []);
    }
    for (const name of operand.fields) {
      const parent = value;
      value = field(parent, name, `.${operand.fields.join('.')}`);
      // A method of the data (.Capabilities.APIVersions.Has, .Files.Get), called by command().
      if (typeof value === 'function') value = (value as (...args: Value[]) => Value).bind(parent);
    }
    return value;
  }
}
