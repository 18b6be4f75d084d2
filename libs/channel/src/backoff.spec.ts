import { reconnectDelay } from './backoff.js';

describe('reconnectDelay', () => {
  const options = { baseMs: 1000, maxMs: 60_000 };

  it('doubles with each attempt, between half and all of the exponential step', () => {
    expect(reconnectDelay(0, options, () => 0)).toBe(500);
    expect(reconnectDelay(0, options, () => 1)).toBe(1000);
    expect(reconnectDelay(3, options, () => 0)).toBe(4000);
    expect(reconnectDelay(3, options, () => 1)).toBe(8000);
  });

  it('never exceeds the cap, however many attempts failed', () => {
    expect(reconnectDelay(50, options, () => 1)).toBe(60_000);
    expect(reconnectDelay(1000, options, () => 0)).toBe(30_000);
  });

  it('spreads the delays of sessions reconnecting together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelay(4, options)));
    expect(delays.size).toBeGreaterThan(40);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(8000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });
});
