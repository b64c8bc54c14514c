import { describe, expect, it } from 'vitest';
import { formatOrderDate, formatOrderDateTime, paymentLabel, paymentLabelColor } from './order-format.ts';

describe('order dates', () => {
  it('formats as dd Mon yyyy in Indian time', () => {
    expect(formatOrderDate('2026-09-05T20:00:00.000Z')).toBe('06 Sep 2026');
    expect(formatOrderDate('2026-01-01T00:00:00.000Z')).toBe('01 Jan 2026');
    expect(formatOrderDateTime('2026-01-01T00:00:00.000Z')).toBe('01 Jan 2026, 05:30');
  });
});

describe('payment as the customer reads it', () => {
  it("a cancelled order that took no money reads 'Not charged', not 'Pending' (money still due)", () => {
    const cancelledCod = { status: 'cancelled', payment_status: 'Pending' } as const;
    expect(paymentLabel(cancelledCod)).toBe('Not charged');
    expect(paymentLabelColor(cancelledCod)).toBe('gray');
  });
  it('every other order reads its payment status', () => {
    expect(paymentLabel({ status: 'confirmed', payment_status: 'Pending' })).toBe('Pending');
    expect(paymentLabelColor({ status: 'confirmed', payment_status: 'Pending' })).toBe('yellow');
    expect(paymentLabel({ status: 'cancelled', payment_status: 'Refunded' })).toBe('Refunded');
    expect(paymentLabel({ status: 'cancelled', payment_status: 'Failed' })).toBe('Failed');
  });
});
