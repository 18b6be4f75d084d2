import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('never holds more than its capacity, dropping the least recently used', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('overwrites a key without growing', () => {
    const cache = new BoundedCache<string, number>(3);
    for (let i = 0; i < 100; i += 1) cache.set('same', i);
    expect(cache.size).toBe(1);
    expect(cache.get('same')).toBe(99);
  });

  it('refuses a capacity that would not bound anything', () => {
    expect(() => new BoundedCache(0)).toThrow(/positive integer/);
    expect(() => new BoundedCache(Number.POSITIVE_INFINITY)).toThrow(/positive integer/);
  });
});
