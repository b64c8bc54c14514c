import { describe, expect, it } from 'vitest';
import { formatInr, formatPaise, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('formats with the rupee symbol and Indian grouping (product rules §9)', () => {
    expect(formatInr(123456)).toBe('₹1,23,456.00');
    expect(formatInr(1234567.5)).toBe('₹12,34,567.50');
    expect(formatInr(999)).toBe('₹999.00');
    expect(formatInr(0)).toBe('₹0.00');
    expect(formatInr(-50)).toBe('-₹50.00');
    expect(formatPaise(12050)).toBe('₹120.50');
  });
  it('converts between paise and rupees without float drift', () => {
    expect(paiseToRupees(12050)).toBe(120.5);
    expect(rupeesToPaise(120.5)).toBe(12050);
    expect(rupeesToPaise('0.29')).toBe(29);
    expect(rupeesToPaise(1.005)).toBe(100);
    expect(() => rupeesToPaise('abc')).toThrow(RangeError);
  });
});
