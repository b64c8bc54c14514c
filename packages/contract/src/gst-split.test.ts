import { describe, expect, it } from 'vitest';
import { GST_RATES, type GstRate } from './gst.ts';
import {
  apportion,
  chargeRateOf,
  gstOf,
  orderGstSplit,
  type Supply,
  splitOrderGst,
  taxInside,
} from './gst-split.ts';

/** mulberry32: a seeded generator, so a failing cart can be replayed from its seed. */
function createPrng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { int, pick };
}

const SUPPLIES: Supply[] = ['intra-state', 'inter-state'];

describe('GST inside tax-inclusive prices', () => {
  it('takes tax out as price × rate / (100 + rate), CGST and SGST half each, IGST whole', () => {
    expect(taxInside(10_500, 5, 'intra-state')).toEqual({
      amountPaise: 10_500,
      ratePercent: 5,
      taxablePaise: 10_000,
      cgstPaise: 250,
      sgstPaise: 250,
      igstPaise: 0,
    });
    expect(taxInside(11_800, 18, 'inter-state')).toMatchObject({ taxablePaise: 10_000, igstPaise: 1_800 });
    // ₹620 at 5 %: 2952.38… paise of tax, 1476.19… per half → 1476 each; taxable takes the rest.
    expect(taxInside(62_000, 5, 'intra-state')).toMatchObject({
      taxablePaise: 59_048,
      cgstPaise: 1_476,
      sgstPaise: 1_476,
    });
    expect(taxInside(62_000, 5, 'inter-state')).toMatchObject({ taxablePaise: 59_048, igstPaise: 2_952 });
    expect(taxInside(999, 0, 'intra-state')).toMatchObject({ taxablePaise: 999, cgstPaise: 0, sgstPaise: 0 });
  });

  it('rounds each tax to the paisa half up (1 paisa at 28 % inside 4 paise: 0.875 → 1)', () => {
    expect(taxInside(4, 28, 'inter-state')).toMatchObject({ igstPaise: 1, taxablePaise: 3 });
    // Half of 0.875 is 0.4375 → 0 each: CGST = SGST beats a lone paisa on one side.
    expect(taxInside(4, 28, 'intra-state')).toMatchObject({ cgstPaise: 0, sgstPaise: 0, taxablePaise: 4 });
  });

  it('apportions a discount by largest remainder: shares add up exactly and follow the weights', () => {
    expect(apportion(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(apportion(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(apportion(10, [3, 7])).toEqual([3, 7]);
    expect(apportion(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
    expect(() => apportion(5, [0, 0])).toThrow(RangeError);
    expect(() => apportion(11, [5, 5])).toThrow(RangeError);
  });

  it('property: random carts, both places of supply — lines add up to the order total to the paisa, CGST = SGST, tax at the configured rate', () => {
    const prng = createPrng(20_261_125);
    let carts = 0;
    for (let round = 0; round < 2_000; round++) {
      const lines = Array.from({ length: prng.int(1, 15) }, () => {
        const unit = prng.int(1, 2_00_000); // up to ₹2,000.00
        const quantity = prng.int(1, 100);
        return { grossPaise: unit * quantity, ratePercent: prng.pick(GST_RATES) as GstRate };
      });
      const gross = lines.reduce((a, l) => a + l.grossPaise, 0);
      const discountPaise = prng.int(0, 3) === 0 ? 0 : prng.int(0, gross);
      for (const supply of SUPPLIES) {
        const split = splitOrderGst({ lines, discountPaise, supply });
        carts += 1;
        expect(split.lines).toHaveLength(lines.length);
        // The order's total, to the paisa, and the totals row is the sum of the lines.
        const total = gross - discountPaise;
        expect(split.totals.amountPaise).toBe(total);
        expect(
          split.totals.taxablePaise +
            split.totals.cgstPaise +
            split.totals.sgstPaise +
            split.totals.igstPaise,
        ).toBe(total);
        expect(split.lines.reduce((a, l) => a + l.discountPaise, 0)).toBe(discountPaise);
        split.lines.forEach((l, i) => {
          const input = lines[i];
          if (!input) throw new Error('line lost');
          expect(l.ratePercent).toBe(input.ratePercent);
          expect(l.amountPaise).toBe(input.grossPaise - l.discountPaise);
          expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.amountPaise);
          expect(l.taxablePaise).toBeGreaterThanOrEqual(0);
          // The discount follows the line's share of the value (within one paisa).
          expect(Math.abs(l.discountPaise - (discountPaise * input.grossPaise) / gross)).toBeLessThan(1);
          const exactTax = (l.amountPaise * l.ratePercent) / (100 + l.ratePercent);
          if (supply === 'intra-state') {
            expect(l.cgstPaise).toBe(l.sgstPaise);
            expect(l.igstPaise).toBe(0);
            expect(Math.abs(l.cgstPaise - exactTax / 2)).toBeLessThanOrEqual(0.5);
          } else {
            expect(l.cgstPaise).toBe(0);
            expect(l.sgstPaise).toBe(0);
            expect(Math.abs(l.igstPaise - exactTax)).toBeLessThanOrEqual(0.5);
          }
          // Read the other way, as an officer checks it: tax ≈ taxable value × rate.
          const tax = l.cgstPaise + l.sgstPaise + l.igstPaise;
          expect(Math.abs(tax - (l.taxablePaise * l.ratePercent) / 100)).toBeLessThanOrEqual(1.5);
        });
      }
    }
    expect(carts).toBe(4_000);
  });

  it('charges (delivery, cash-on-delivery fee) carry the highest rate of the goods and no discount', () => {
    expect(chargeRateOf([5, 18, 12])).toBe(18);
    expect(chargeRateOf([])).toBe(0);
    const split = orderGstSplit({
      supply: 'inter-state',
      lines: [
        { grossPaise: 124_000, ratePercent: 5 },
        { grossPaise: 45_050, ratePercent: 18 },
      ],
      discountPaise: 10_000,
      deliveryPaise: 4_900,
      codFeePaise: 4_000,
    });
    expect(split.chargeRate).toBe(18);
    expect(split.lines.map((l) => l.discountPaise)).toEqual([7_335, 2_665]);
    expect(split.delivery).toEqual({
      amountPaise: 4_900,
      ratePercent: 18,
      taxablePaise: 4_153,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 747,
    });
    expect(split.codFee).toMatchObject({ amountPaise: 4_000, ratePercent: 18, igstPaise: 610 });
    // The totals cover goods and charges: the order's total to the paisa.
    expect(split.totals.amountPaise).toBe(124_000 + 45_050 - 10_000 + 4_900 + 4_000);
    expect(split.totals.taxablePaise + gstOf(split.totals)).toBe(split.totals.amountPaise);
    expect(gstOf(split.totals)).toBe(split.lines.reduce((a, l) => a + l.igstPaise, 0) + 747 + 610);
  });

  it('an order without charges has neither delivery nor cash-on-delivery tax', () => {
    const split = orderGstSplit({
      supply: 'intra-state',
      lines: [{ grossPaise: 62_000, ratePercent: 5 }],
      discountPaise: 0,
    });
    expect(split).toMatchObject({ delivery: null, codFee: null, chargeRate: 5 });
    expect(split.totals).toMatchObject({ cgstPaise: 1_476, sgstPaise: 1_476, igstPaise: 0 });
    expect(gstOf(split.totals)).toBe(2_952);
  });
});
