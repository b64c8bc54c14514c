import { describe, expect, it } from 'vitest';
import { checkCardCheckoutOptions, convertPaise, decimalToMinor, minorToDecimal } from './payments.ts';

const base = { key: 'rzp_test_x', order_id: 'order_1', amount: 29_500, currency: 'INR' };

describe('card checkout limits (product rules §9)', () => {
  it('accepts an integer amount in paise at the minimum', () => {
    const check = checkCardCheckoutOptions({ ...base, amount: 100 });
    expect(check).toMatchObject({ ok: true, options: { amount: 100, currency: 'INR' } });
  });
  it('rejects amounts below the currency minimum or not integers, naming the minimum', () => {
    for (const amount of [99, 100.5, '29500', undefined]) {
      expect(checkCardCheckoutOptions({ ...base, amount })).toEqual({
        ok: false,
        field: 'amount',
        message: 'should be passed in integer paise. Minimum value is 100 paise, i.e. ₹1.00',
      });
    }
  });
  it('uses per-currency minimums: USD 50, GBP 30, HKD 400, AED 10', () => {
    expect(checkCardCheckoutOptions({ ...base, currency: 'USD', amount: 50 }).ok).toBe(true);
    expect(checkCardCheckoutOptions({ ...base, currency: 'USD', amount: 49 })).toMatchObject({
      message: 'should be passed in integer cents. Minimum value is 50 cents, i.e. $0.50',
    });
    expect(checkCardCheckoutOptions({ ...base, currency: 'GBP', amount: 29 }).ok).toBe(false);
    expect(checkCardCheckoutOptions({ ...base, currency: 'HKD', amount: 399 }).ok).toBe(false);
    expect(checkCardCheckoutOptions({ ...base, currency: 'AED', amount: 10 }).ok).toBe(true);
  });
  it('rejects an unsupported currency', () => {
    expect(checkCardCheckoutOptions({ ...base, currency: 'XYZ' })).toEqual({
      ok: false,
      field: 'currency',
      message: 'The provided currency is not currently supported',
    });
  });
  it('needs a key or an order id', () => {
    expect(checkCardCheckoutOptions({ amount: 100 })).toMatchObject({ ok: false, message: 'No key passed' });
    expect(checkCardCheckoutOptions({ order_id: 'order_1', amount: 100 }).ok).toBe(true);
  });
  it('allows at most 15 notes, cuts long values to 254 characters and drops non-scalars', () => {
    const notes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`n${i}`, 'v']));
    expect(checkCardCheckoutOptions({ ...base, notes })).toMatchObject({
      ok: false,
      message: 'At most 15 notes are allowed',
    });
    const check = checkCardCheckoutOptions({
      ...base,
      notes: { long: 'x'.repeat(300), n: 5, b: true, obj: { a: 1 }, list: [1] },
    });
    if (!check.ok) throw new Error(check.message);
    expect(check.options.notes).toEqual({ long: 'x'.repeat(254), n: 5, b: true });
  });
  it('needs 300000 minor units for cardless EMI and pay later', () => {
    expect(checkCardCheckoutOptions({ ...base, method: 'paylater', amount: 299_999 }).ok).toBe(false);
    expect(checkCardCheckoutOptions({ ...base, method: 'cardless_emi', amount: 300_000 }).ok).toBe(true);
    expect(checkCardCheckoutOptions({ ...base, method: 'card', amount: 299_999 }).ok).toBe(true);
  });
  it('needs a contact for payouts', () => {
    expect(checkCardCheckoutOptions({ ...base, payout: true }).ok).toBe(false);
    expect(checkCardCheckoutOptions({ ...base, payout: true, contact_id: 'cont_1' }).ok).toBe(true);
  });
});

describe('currency conversion for the PayPal-type flow', () => {
  it('converts paise × rate into cents exactly, rounding half up', () => {
    expect(convertPaise(29_500, '0.012')).toBe(354); // ₹295.00 → $3.54
    expect(convertPaise(12_345, '0.012')).toBe(148); // 148.14 → 148
    expect(convertPaise(12_500, '0.012')).toBe(150);
    expect(convertPaise(125, '0.02')).toBe(3); // 2.5 → 3
    expect(() => convertPaise(100, '-1')).toThrow();
  });
  it('formats and parses two-decimal strings', () => {
    expect(minorToDecimal(354)).toBe('3.54');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(decimalToMinor('3.54')).toBe(354);
    expect(decimalToMinor('3.5')).toBe(350);
    expect(decimalToMinor('3')).toBe(300);
    expect(decimalToMinor('3.545')).toBeNull();
    expect(decimalToMinor('abc')).toBeNull();
  });
});
