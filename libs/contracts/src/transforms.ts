/** class-transformer helpers for what forms and query strings send; each is idempotent (the gateway and the service both apply them). */

type TransformInput = { value: unknown };

/** '', false and null mean "none" (forms send '' for an empty select, some false). */
export const optionalId = ({ value }: TransformInput): unknown => {
  if (value === undefined) return undefined;
  if (value === '' || value === false || value === null) return null;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
};

/** A parent id where -1 (or '-1') names the root, as the queue-option calls send it; otherwise `optionalId`. */
export const parentIdOrRoot = (input: TransformInput): unknown => (input.value === -1 || input.value === '-1' ? null : optionalId(input));

/**
 * A boolean flag as existing clients send it: true/false, 1/0, "1"/"0", "true"/"false" (query
 * strings, forms, and bodies such as `{"read":1}`). Every boolean of a request DTO takes it.
 */
export const booleanish = ({ value }: TransformInput): unknown => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return value;
};

/** A 0/1 flag (a tag's `kanban`), given as any form `booleanish` reads. */
export const zeroOrOne = (input: TransformInput): unknown => {
  const flag = booleanish(input);
  return flag === true ? 1 : flag === false ? 0 : flag;
};

/**
 * A list of ids from a query string: JSON (`queueIds=[1,2]`, as the web app sends it), repeated
 * keys (`queueIds=1&queueIds=2`) or comma-separated. Anything unreadable is left for the validator to refuse.
 */
export const idList = ({ value }: TransformInput): unknown => {
  if (value === undefined || value === '') return undefined;
  const parse = (item: unknown): unknown => (typeof item === 'string' && /^\d+$/.test(item.trim()) ? Number(item.trim()) : item);
  if (Array.isArray(value)) return value.map(parse);
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed.map(parse) : value;
    } catch {
      return value;
    }
  }
  return text.split(',').map(parse);
};

/**
 * Ids given as numbers or as objects with an id (`tags: [{ id, name }]`, as the tag picker sends
 * them), reduced to the numbers.
 */
export const idsOrObjects = ({ value }: TransformInput): unknown => {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    if (typeof item === 'object' && item !== null && 'id' in item) return (item as { id: unknown }).id;
    return item;
  });
};

/** A phone number as digits only ('+55 (11) 98765-4321' → '5511987654321'). */
export const digitsOnly = ({ value }: TransformInput): unknown => (typeof value === 'string' ? value.replace(/[\s()+.-]/g, '') : value);

export const trimmed = ({ value }: TransformInput): unknown => (typeof value === 'string' ? value.trim() : value);

/** Optional text a form clears with null (a contact's `{"email": null}`): the empty text; otherwise trimmed. */
export const textOrEmpty = ({ value }: TransformInput): unknown => (value === null ? '' : trimmed({ value }));

/** An optional list a form clears with null (a contact's `{"extraInfo": null}`): the empty list. */
export const listOrEmpty = ({ value }: TransformInput): unknown => (value === null ? [] : value);

/**
 * An optional text trimmed, where '' (or only spaces) and null mean "not given", as older forms
 * send an unset field (Atendechat's tag dialog sends `color: ""`): the service's default applies
 * on create, the stored value stays on update.
 */
export const blankAsUnset = (input: TransformInput): unknown => {
  const value = trimmed(input);
  return value === '' || value === null ? undefined : value;
};
