import { orderTotals } from '@shop/contract/order-totals';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../lib/cart-store.ts';
import { cartGst, gstLinesOf } from './cart-gst.ts';

const item = (over: Partial<CartItem>): CartItem => ({
  id: 1,
  name: 'Kaju Katli',
  main_image: null,
  item_weight: 500,
  selling_price: 620,
  qty: 1,
  available_stock: 10,
  gst_rate: 5,
  ...over,
});

describe('the GST a cart total includes (prices are tax-inclusive)', () => {
  it('takes the tax out of each line, the coupon shared over the goods, the delivery charge at the highest rate', () => {
    const items = [item({ qty: 2 }), item({ id: 2, selling_price: 450.5, gst_rate: 18 })];
    const lines = gstLinesOf(items);
    expect(lines).toEqual([
      { grossPaise: 124_000, ratePercent: 5 },
      { grossPaise: 45_050, ratePercent: 18 },
    ]);
    if (!lines) throw new Error('rates known');
    const totals = orderTotals({
      lines: [{ unitPricePaise: 169_050, quantity: 1 }],
      discountPaise: 10_000,
      delivery: { chargePaise: 4_900, freeAbovePaise: null },
    });
    // Goods 1,16,665 at 5 % and 42,385 at 18 % after the coupon; delivery 4,900 at 18 %:
    // 2 × 2,778 + 2 × 3,233 + 2 × 374 paise.
    expect(cartGst(lines, totals)).toEqual({ cgstPaise: 6_385, sgstPaise: 6_385, igstPaise: 0 });
  });

  it('shows no GST while a rate is unknown or the lines do not add up to the subtotal shown', () => {
    expect(gstLinesOf([item({}), item({ id: 2, gst_rate: undefined })])).toBeUndefined();
    expect(gstLinesOf([item({ gst_rate: 7 })])).toBeUndefined();
    const totals = orderTotals({ lines: [{ unitPricePaise: 1, quantity: 1 }] });
    expect(cartGst([{ grossPaise: 62_000, ratePercent: 5 }], totals)).toBeUndefined();
  });
});
