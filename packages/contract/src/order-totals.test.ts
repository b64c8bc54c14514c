import { describe, expect, it } from 'vitest';
import { deliveryChargeFor, orderTotals } from './order-totals.ts';

/** mulberry32: a seeded generator, so a failing cart can be replayed from its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
}

describe('order totals', () => {
  it('subtotal − discount + delivery + cash-on-delivery fee, in paise', () => {
    expect(
      orderTotals({
        lines: [
          { unitPricePaise: 25_000, quantity: 2 },
          { unitPricePaise: 9_950, quantity: 1 },
        ],
        discountPaise: 5_995,
        delivery: { chargePaise: 6_000, freeAbovePaise: 99_900 },
        codFeePaise: 4_000,
      }),
    ).toEqual({
      subtotalPaise: 59_950,
      discountPaise: 5_995,
      deliveryPaise: 6_000,
      codFeePaise: 4_000,
      totalPaise: 63_955,
    });
  });

  it('delivery is free once the goods after the coupon reach the threshold, never when it is null', () => {
    const terms = { chargePaise: 6_000, freeAbovePaise: 99_900 };
    expect(deliveryChargeFor(99_900, terms)).toBe(0);
    expect(deliveryChargeFor(99_899, terms)).toBe(6_000);
    expect(deliveryChargeFor(10_000_000, { chargePaise: 6_000, freeAbovePaise: null })).toBe(6_000);
    // A coupon that brings the goods below the threshold brings the charge back.
    const lines = [{ unitPricePaise: 100_000, quantity: 1 }];
    expect(orderTotals({ lines, delivery: terms }).deliveryPaise).toBe(0);
    expect(orderTotals({ lines, discountPaise: 10_000, delivery: terms }).deliveryPaise).toBe(6_000);
    // No address chosen yet: no delivery counted.
    expect(orderTotals({ lines }).deliveryPaise).toBe(0);
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => orderTotals({ lines: [{ unitPricePaise: 10.5, quantity: 1 }] })).toThrow(RangeError);
    expect(() => orderTotals({ lines: [], codFeePaise: -1 })).toThrow(RangeError);
  });

  it('property: random carts add up exactly, the discount never exceeds the goods, charges follow the terms', () => {
    for (let seed = 1; seed <= 2_000; seed++) {
      const int = prng(seed);
      const lines = Array.from({ length: int(0, 12) }, () => ({
        unitPricePaise: int(0, 500_000),
        quantity: int(1, 100),
      }));
      const free = int(0, 3) === 0 ? null : int(0, 2_000_000);
      const delivery = int(0, 4) === 0 ? undefined : { chargePaise: int(0, 20_000), freeAbovePaise: free };
      const discountPaise = int(0, 3_000_000);
      const codFeePaise = int(0, 1) ? int(0, 10_000) : 0;
      const totals = orderTotals({ lines, discountPaise, delivery, codFeePaise });
      const goods = lines.reduce((a, l) => a + l.unitPricePaise * l.quantity, 0);

      expect(totals.subtotalPaise, `seed ${seed}`).toBe(goods);
      expect(totals.discountPaise).toBe(Math.min(discountPaise, goods));
      expect(totals.totalPaise).toBe(
        totals.subtotalPaise - totals.discountPaise + totals.deliveryPaise + totals.codFeePaise,
      );
      expect(totals.totalPaise).toBeGreaterThanOrEqual(0);
      const after = goods - totals.discountPaise;
      const expectedDelivery =
        !delivery || (delivery.freeAbovePaise !== null && after >= delivery.freeAbovePaise)
          ? 0
          : delivery.chargePaise;
      expect(totals.deliveryPaise, `seed ${seed}`).toBe(expectedDelivery);
      expect(totals.codFeePaise).toBe(codFeePaise);
      for (const v of Object.values(totals)) expect(Number.isSafeInteger(v)).toBe(true);
    }
  });
});
