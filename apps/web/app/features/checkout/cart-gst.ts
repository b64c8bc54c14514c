import { type GstRate, isGstRate } from '@shop/contract/gst';
import { orderGstSplit } from '@shop/contract/gst-split';
import { rupeesToPaise } from '@shop/contract/money';
import type { OrderTotals as Totals } from '@shop/contract/order-totals';
import type { IncludedGst } from '../../components/order-totals.tsx';
import type { CartItem } from '../../lib/cart-store.ts';

/** A cart line for the GST split: price × quantity (paise, tax included) and its rate. */
export interface GstLine {
  grossPaise: number;
  ratePercent: GstRate;
}

/**
 * The GST inside a cart's total before the order is placed, split as checkout will split it
 * (the coupon shared over the goods, the delivery charge at the goods' highest rate). The place
 * of supply is not known here (the storefront does not know the shop's state), so only the GST in
 * all is shown; it is counted as within the shop's state, as the server counts an order without
 * an address. Outside it, IGST rounds the whole tax where CGST and SGST round each half, which can
 * differ by a paisa a line; the payment step shows the order's own split.
 */
export function cartGst(lines: readonly GstLine[], totals: Totals): IncludedGst | undefined {
  // Lines that do not add up to the subtotal shown (a cart changing under the page) have no split.
  if (lines.reduce((a, l) => a + l.grossPaise, 0) !== totals.subtotalPaise) return undefined;
  const split = orderGstSplit({
    supply: 'intra-state',
    lines,
    discountPaise: totals.discountPaise,
    deliveryPaise: totals.deliveryPaise,
    codFeePaise: totals.codFeePaise,
  });
  return {
    cgstPaise: split.totals.cgstPaise,
    sgstPaise: split.totals.sgstPaise,
    igstPaise: split.totals.igstPaise,
  };
}

/**
 * The cart's lines for the GST split; undefined while a line's rate is not known (a cart saved
 * before the server's prices were read: the cart page reads them on load).
 */
export function gstLinesOf(items: readonly CartItem[]): GstLine[] | undefined {
  const lines: GstLine[] = [];
  for (const item of items) {
    if (!isGstRate(item.gst_rate)) return undefined;
    lines.push({ grossPaise: rupeesToPaise(item.selling_price) * item.qty, ratePercent: item.gst_rate });
  }
  return lines;
}
