import { describe, expect, it } from 'vitest';
import { paymentLabel } from './payment-label.ts';

describe('payment as customers and staff read it', () => {
  it("a cancelled order that took no money reads 'Not charged', not 'Pending' (money still due)", () => {
    expect(paymentLabel({ status: 'cancelled', payment_status: 'Pending' })).toBe('Not charged');
  });
  it('every other order reads its payment status', () => {
    expect(paymentLabel({ status: 'confirmed', payment_status: 'Pending' })).toBe('Pending');
    expect(paymentLabel({ status: 'cancelled', payment_status: 'Refunded' })).toBe('Refunded');
    expect(paymentLabel({ status: 'cancelled', payment_status: 'Failed' })).toBe('Failed');
  });
});
