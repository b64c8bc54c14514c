import { describe, expect, it } from 'vitest';
import { formatOrderDate, formatOrderDateTime, paymentLabelColor } from './order-format.ts';

describe('order dates', () => {
  it('formats as dd Mon yyyy in Indian time', () => {
    expect(formatOrderDate('2026-09-05T20:00:00.000Z')).toBe('06 Sep 2026');
    expect(formatOrderDate('2026-01-01T00:00:00.000Z')).toBe('01 Jan 2026');
    expect(formatOrderDateTime('2026-01-01T00:00:00.000Z')).toBe('01 Jan 2026, 05:30');
  });
});

describe('the payment badge', () => {
  it("is grey for a cancelled order that took no money ('Not charged'), its status's colour otherwise", () => {
    expect(paymentLabelColor({ status: 'cancelled', payment_status: 'Pending' })).toBe('gray');
    expect(paymentLabelColor({ status: 'confirmed', payment_status: 'Pending' })).toBe('yellow');
  });
});
