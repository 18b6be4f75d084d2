import type { FlowNodeDataByType, FlowQuestionValidation } from './flow-types.js';

/** The contact and ticket a flow's texts may name: `{{firstName}}`, `{{name}}`, `{{number}}`, `{{protocol}}`. */
export interface FlowContact {
  name: string;
  number: string;
  /** The ticket's protocol (its id, as the queue menus show it). */
  protocol: string;
}

function builtin(name: string, contact: FlowContact): string | undefined {
  switch (name) {
    case 'firstName':
      return contact.name.trim().split(/\s+/)[0] ?? '';
    case 'name':
      return contact.name;
    case 'number':
      return contact.number;
    case 'protocol':
      return contact.protocol;
    default:
      return undefined;
  }
}

/** A variable's value: a captured one first, then the built-ins; '' when unknown. */
export function valueOf(name: string, variables: Record<string, string>, contact: FlowContact): string {
  return variables[name] ?? builtin(name, contact) ?? '';
}

/** Replaces each `{{variable}}` (spaces allowed inside the braces); `encode` escapes values put into a URL. */
export function interpolate(
  template: string,
  variables: Record<string, string>,
  contact: FlowContact,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => encode(valueOf(name, variables, contact)));
}

const number = (text: string): number | null => {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : null;
};

/** Whether a condition node's rules hold (all of them, or any). Texts compare without case; gt/lt compare numbers. */
export function conditionHolds(data: FlowNodeDataByType['condition'], variables: Record<string, string>, contact: FlowContact): boolean {
  const results = data.rules.map((rule) => {
    const actual = valueOf(rule.variable.replace(/^\{\{\s*|\s*\}\}$/g, ''), variables, contact).trim();
    const expected = interpolate(rule.value ?? '', variables, contact).trim();
    switch (rule.operator) {
      case 'exists':
        return actual !== '';
      case 'equals':
        return actual.toLowerCase() === expected.toLowerCase();
      case 'contains':
        return expected !== '' && actual.toLowerCase().includes(expected.toLowerCase());
      case 'gt':
      case 'lt': {
        const a = number(actual);
        const b = number(expected);
        if (a === null || b === null) return false;
        return rule.operator === 'gt' ? a > b : a < b;
      }
    }
  });
  return data.match === 'all' ? results.every(Boolean) : results.some(Boolean);
}

/** A valid CPF: 11 digits, not all equal, with both check digits right. */
export function isCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/**
 * The value a question stores for the customer's answer, or null when the answer is not valid:
 * text (not blank), number (`3`, `-2,5`: stored with a dot), email, cpf (stored as its 11 digits),
 * date (`dd/mm/yyyy` or `yyyy-mm-dd`, a real day: stored as `dd/mm/yyyy`).
 */
export function answerOf(validation: FlowQuestionValidation, text: string): string | null {
  const answer = text.trim();
  switch (validation) {
    case 'text':
      return answer === '' ? null : answer;
    case 'number': {
      const value = number(answer);
      return value === null ? null : String(value);
    }
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(answer) ? answer.toLowerCase() : null;
    case 'cpf': {
      if (!/^[\d.\-\s]+$/.test(answer)) return null;
      const digits = answer.replace(/\D/g, '');
      return isCpf(digits) ? digits : null;
    }
    case 'date': {
      const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(answer);
      const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(answer);
      const [day, month, year] = br ? [br[1], br[2], br[3]] : iso ? [iso[3], iso[2], iso[1]] : [];
      if (!day || !month || !year) return null;
      const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day))
        return null;
      return `${day.padStart(2, '0')}/${month.padStart(2, '0')}/${year}`;
    }
  }
}

/** The value at a JSON path of an HTTP answer (`$.a.b[0].c` or `a.b.0.c`), as text; undefined when absent. */
export function readJsonPath(value: unknown, path: string): string | undefined {
  const steps = path
    .replace(/^\$\.?/, '')
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '');
  let current: unknown = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  if (current === undefined || current === null) return undefined;
  return typeof current === 'object' ? JSON.stringify(current) : String(current);
}
