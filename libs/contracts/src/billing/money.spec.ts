import { decimalOf, fromCents, toCents } from './money.js';

describe('money', () => {
  it('converts decimals to centavos without floating point', () => {
    expect(toCents('0.1')).toBe(10);
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('19.9')).toBe(1990);
    expect(toCents('7')).toBe(700);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', '-1', '1.234', '1e3', 'abc', '1.']) expect(() => toCents(bad)).toThrow();
  });

  it('formats centavos and plan values back', () => {
    expect(fromCents(123456)).toBe('1234.56');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-250)).toBe('-2.50');
    expect(decimalOf(0.1 + 0.2)).toBe('0.30');
    expect(decimalOf(99.9)).toBe('99.90');
  });
});
