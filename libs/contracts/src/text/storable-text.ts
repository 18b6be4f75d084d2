/**
 * Text PostgreSQL can store. A `text` column refuses U+0000 and `jsonb` refuses it too, along
 * with lone UTF-16 surrogates (half of a pair, as a cut emoji leaves). Such characters are never
 * meaningful to a reader, so text that crosses a boundary from outside (a WhatsApp message, a
 * sender's or an address book's name, a file name) is cleaned rather than refused: the customer
 * wrote it, and losing their message would be worse than losing an invisible character.
 */

// U+0000, and a high surrogate not followed by a low one or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether the text has a character PostgreSQL cannot store. */
export function hasUnstorableText(text: string): boolean {
  UNSTORABLE.lastIndex = 0;
  const found = UNSTORABLE.test(text);
  UNSTORABLE.lastIndex = 0;
  return found;
}

/** The text without the characters PostgreSQL cannot store. */
export function storableText(text: string): string {
  return text.replace(UNSTORABLE, '');
}

/**
 * The value with every string in it (object values and keys, array items, at any depth)
 * made storable; other values are kept as they are. Answers the same object when nothing changed.
 */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => storableDeep(item));
    return (items.some((item, i) => item !== value[i]) ? items : value) as T;
  }
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]) => {
      const cleanKey = storableText(key);
      const cleanItem = storableDeep(item);
      if (cleanKey !== key || cleanItem !== item) changed = true;
      return [cleanKey, cleanItem] as const;
    });
    return (changed ? Object.fromEntries(entries) : value) as T;
  }
  return value;
}
