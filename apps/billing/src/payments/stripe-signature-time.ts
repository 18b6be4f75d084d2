/**
 * The `t=` timestamp (seconds) of a `Stripe-Signature` header, read as Stripe's SDK reads it (the
 * last `t=` entry); NaN without one. Only meaningful once the signature has been verified, since
 * the signature covers it.
 */
export function signatureTimestampOf(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * Whether a verified signature's timestamp is no further in the future than the tolerance. The
 * SDK's `constructEvent` refuses only timestamps too old: one signed "in the future" would stay
 * replayable for as long as its author chose.
 */
export function isNotFromTheFuture(header: string, toleranceSeconds: number, nowMs = Date.now()): boolean {
  const timestamp = signatureTimestampOf(header);
  return Number.isFinite(timestamp) && timestamp - Math.floor(nowMs / 1000) <= toleranceSeconds;
}
