import { isGstRate } from '@shop/contract/gst';
import { chargeRateOf, taxInside } from '@shop/contract/gst-split';
import { rupeesToPaise } from '@shop/contract/money';
import { type IncludedGst, includedGstOf } from '../../components/order-totals.tsx';
import type { PayableOrder } from './payable-order.ts';

/**
 * The GST inside the total the shopper is about to pay: the split checkout stored (goods and
 * delivery, by the order's place of supply), with the cash-on-delivery fee's tax as it will stand
 * under the chosen way to pay. The fee is taxed as the server taxes it when cash on delivery is
 * confirmed: at the highest rate of the order's goods, by the same place of supply.
 */
export function gstAtPayment(order: PayableOrder, codFeePaise: number): IncludedGst | undefined {
  if (!order.gst) return undefined;
  const stored = includedGstOf(order.gst);
  const rate = chargeRateOf(order.items.map((i) => (isGstRate(i.gst_rate) ? i.gst_rate : 0)));
  const supply = order.gst.inter_state ? 'inter-state' : 'intra-state';
  const storedFee = taxInside(rupeesToPaise(order.cod_fee ?? 0), rate, supply);
  const fee = taxInside(codFeePaise, rate, supply);
  return {
    ...stored,
    cgstPaise: stored.cgstPaise - storedFee.cgstPaise + fee.cgstPaise,
    sgstPaise: stored.sgstPaise - storedFee.sgstPaise + fee.sgstPaise,
    igstPaise: stored.igstPaise - storedFee.igstPaise + fee.igstPaise,
  };
}
