/** The window width media queries are answered for in component tests. */
let width = 1440;

export function setViewportWidth(next: number): void {
  width = next;
}

/** Evaluates the min-width / max-width parts of a query (all must hold); anything else does not match. */
export function mediaQueryMatches(query: string): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (parts.length === 0) return false;
  return parts.every(([, kind, value]) => (kind === 'min' ? width >= Number(value) : width <= Number(value)));
}
