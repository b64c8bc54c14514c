import { describe, expect, it } from 'vitest';
import { chargeGst, orderGstFor } from './tax.service.ts';

describe('the GST of an order (place of supply from the address, the split from the contract)', () => {
  it('taxes a delivery charge with the goods at their highest rate, never discounted, and keeps the total', () => {
    const gst = orderGstFor('08', {
      address: { pin_code: '110001' },
      lines: [
        { grossPaise: 124_000, gstRate: 5, hsnCode: '2106' },
        { grossPaise: 45_050, gstRate: 18, hsnCode: '8301' },
      ],
      discountPaise: 10_000,
      shippingPaise: 4_900,
    });
    expect(gst).toMatchObject({ placeOfSupply: '07', interState: true });
    expect(gst.shipping).toEqual({
      sac: '9965',
      ratePercent: 18,
      taxablePaise: 4_153,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 747,
    });
    const sum = gst.lines.reduce((a, l) => a + l.taxablePaise + l.igstPaise, 0) + 4_900;
    expect(sum).toBe(124_000 + 45_050 - 10_000 + 4_900);
    expect(gst.lines.map((l) => l.discountPaise)).toEqual([7_335, 2_665]);
  });

  it('a cash-on-delivery fee added after checkout is taxed as checkout would have taxed it', () => {
    const input = {
      address: { pin_code: '302001' },
      lines: [
        { grossPaise: 62_000, gstRate: 5, hsnCode: '2106' },
        { grossPaise: 45_050, gstRate: 12, hsnCode: '2106' },
      ],
      discountPaise: 0,
      shippingPaise: 0,
      codFeePaise: 4_000,
    };
    const gst = orderGstFor('08', input);
    expect(gst.interState).toBe(false);
    expect(gst.codFee).toEqual(chargeGst(4_000, [5, 12], false, '9968'));
    expect(gst.codFee).toMatchObject({
      ratePercent: 12,
      cgstPaise: 214,
      sgstPaise: 214,
      taxablePaise: 3_572,
    });
  });
});
