import { orderTotals } from '@shop/contract/order-totals';
import { orderMessages } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { COD_FEE_SAC, chargeGst } from '../tax/tax.service.ts';
import { lockOrder } from './order-lifecycle.service.ts';
import { itemsOfOrders, type OrderRow, updateOrder } from './orders.repository.ts';

/**
 * Sets the cash-on-delivery fee of an order the shopper has not paid yet: choosing cash on
 * delivery adds the delivery zone's fee to the total, choosing an online gateway afterwards takes
 * it off again. The total is summed again by the order-totals function and the fee's GST is kept
 * with the order for its invoice. An order already confirmed, paid or cancelled is left as it is.
 * Returns the order as it now stands; run it in a transaction (the order row is locked).
 */
export async function setCodFee(tx: DbOrTx, orderId: number, feePaise: number): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw AppError.notFound(orderMessages.notFound);
  if (order.codFeePaise === feePaise || order.status !== 'pending' || order.paymentStatus !== 'Pending')
    return order;
  const items = await itemsOfOrders(tx, [order.id]);
  const totals = orderTotals({
    lines: items.map((i) => ({ unitPricePaise: i.unitPricePaise, quantity: i.quantity })),
    discountPaise: order.discountPaise,
    delivery: { chargePaise: order.shippingPaise, freeAbovePaise: null },
    codFeePaise: feePaise,
  });
  const codFeeTax =
    feePaise > 0
      ? chargeGst(
          feePaise,
          items.map((i) => i.gstRate),
          order.interState ?? false,
          COD_FEE_SAC,
        )
      : null;
  const values = { codFeePaise: totals.codFeePaise, codFeeTax, totalPaise: totals.totalPaise };
  await updateOrder(tx, order.id, values);
  return { ...order, ...values };
}
