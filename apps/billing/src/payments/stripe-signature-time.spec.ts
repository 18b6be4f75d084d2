import { isNotFromTheFuture, signatureTimestampOf } from './stripe-signature-time.js';

describe('Stripe-Signature timestamp', () => {
  const now = 1_800_000_000_000;

  it('reads t= as the SDK does (the last one), NaN without one', () => {
    expect(signatureTimestampOf('t=100,v1=abc')).toBe(100);
    expect(signatureTimestampOf('v1=abc,t=100,t=200')).toBe(200);
    expect(signatureTimestampOf('v1=abc')).toBeNaN();
  });

  it('accepts a timestamp up to the tolerance ahead, refuses one beyond or missing', () => {
    const at = (seconds: number) => `t=${now / 1000 + seconds},v1=abc`;
    expect(isNotFromTheFuture(at(-3600), 300, now)).toBe(true);
    expect(isNotFromTheFuture(at(300), 300, now)).toBe(true);
    expect(isNotFromTheFuture(at(301), 300, now)).toBe(false);
    expect(isNotFromTheFuture('v1=abc', 300, now)).toBe(false);
  });
});
