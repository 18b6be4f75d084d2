/** The spellings of one kebab-case name in the generated code. */
export function namesOf(kebab) {
  const words = kebab.split('-');
  const className = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
  return {
    fileName: kebab,
    className,
    propertyName: className[0].toLowerCase() + className.slice(1),
    snakeName: words.join('_'),
  };
}

/** `invoices` → `invoice`, `categories` → `category`; other words unchanged. */
export function singularOf(kebab) {
  if (kebab.endsWith('ies')) return `${kebab.slice(0, -3)}y`;
  if (kebab.endsWith('ses') || kebab.endsWith('xes')) return kebab.slice(0, -2);
  if (kebab.endsWith('s') && !kebab.endsWith('ss')) return kebab.slice(0, -1);
  return kebab;
}

/** Inserts `text` before the first match of `anchor` (a RegExp) in `source`; throws when the anchor is missing. */
export function insertBefore(source, anchor, text, what) {
  const match = anchor.exec(source);
  if (!match) throw new Error(`cannot place ${what}: the anchor ${anchor} is not in the file`);
  return source.slice(0, match.index) + text + source.slice(match.index);
}
