/**
 * Characters that reorder the text around them: the bidirectional embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C),
 * plus control characters. A customer's `fatura\u202Efdp.exe` would otherwise show as
 * `faturaexe.pdf`.
 */
// eslint-disable-next-line no-control-regex
const REORDERING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u0000-\u001F\u007F]/g;

/** A file name as the user may safely see it (and save it): what it is, in the order it is stored. */
export function displayFileName(name: string): string {
  return name.replace(REORDERING, '');
}
