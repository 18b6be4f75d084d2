/**
 * Money as exact decimals: amounts travel and are stored as strings with two decimals
 * ('1234.50'), converted to centavos (integers) for Stripe, never through floating point.
 */
const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** '12.3' → 1230. Throws on anything that is not a non-negative decimal with at most two places. */
export function toCents(value: string): number {
  const match = DECIMAL.exec(value);
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 1230 → '12.30'. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not a whole number of centavos: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A plan's value as identity sends it (a number with at most two decimals) as an exact decimal string. */
export function decimalOf(value: number): string {
  return fromCents(Math.round(value * 100));
}
