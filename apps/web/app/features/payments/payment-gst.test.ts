import { describe, expect, it } from 'vitest';
import type { PayableOrder } from './payable-order.ts';
import { gstAtPayment } from './payment-gst.ts';

/** ₹620 at 5 % and ₹449.50 at 12 %, delivered within the shop's state (Rajasthan). */
const stored = {
  place_of_supply: '08',
  state_name: 'Rajasthan',
  inter_state: false,
  taxable_value: 1_015.9,
  cgst: 26.8,
  sgst: 26.8,
  igst: 0,
};

const order = (over: Partial<PayableOrder>): PayableOrder => ({
  id: 1,
  order_id: 'KFL-2026-000001',
  total_amount: 1_069.5,
  subtotal: 1_069.5,
  discount: 0,
  shipping: 0,
  cod_fee: 0,
  coupon_code: null,
  gst: stored,
  items: [
    { item_id: 1, name: 'Kaju Katli', image: null, price: 620, quantity: 1, line_total: 620, gst_rate: 5 },
    { item_id: 2, name: 'Chakli', image: null, price: 449.5, quantity: 1, line_total: 449.5, gst_rate: 12 },
  ],
  shipping_address: { contact_person: 'A', full_address: 'B', pin_code: '302001', mobile_number: '9' },
  ...over,
});

describe('the GST of the total at the payment step', () => {
  it('is the split stored at checkout, with its place of supply', () => {
    expect(gstAtPayment(order({}), 0)).toEqual({
      cgstPaise: 2_680,
      sgstPaise: 2_680,
      igstPaise: 0,
      placeOfSupply: { stateName: 'Rajasthan', interState: false },
    });
  });

  it('adds the tax of a cash-on-delivery fee at the highest rate of the goods, and takes off one stored before', () => {
    // ₹40 at 12 %: 428.57… paise of tax, 214 each half.
    expect(gstAtPayment(order({}), 4_000)).toMatchObject({ cgstPaise: 2_894, sgstPaise: 2_894 });
    const withFee = order({ cod_fee: 40, gst: { ...stored, cgst: 28.94, sgst: 28.94 } });
    expect(gstAtPayment(withFee, 0)).toMatchObject({ cgstPaise: 2_680, sgstPaise: 2_680 });
    expect(gstAtPayment(withFee, 4_000)).toMatchObject({ cgstPaise: 2_894, sgstPaise: 2_894 });
  });

  it('is IGST outside the shop’s state, and unknown for an answer stored without it', () => {
    const delhi = order({
      gst: {
        place_of_supply: '07',
        state_name: 'Delhi',
        inter_state: true,
        taxable_value: 991.82,
        cgst: 0,
        sgst: 0,
        igst: 77.68,
      },
    });
    expect(gstAtPayment(delhi, 4_000)).toMatchObject({ igstPaise: 7_768 + 429, cgstPaise: 0 });
    expect(gstAtPayment(order({ gst: undefined }), 0)).toBeUndefined();
  });
});
