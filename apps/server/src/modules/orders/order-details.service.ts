import { paiseToRupees } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { orderInvoiceSummary } from '../invoices/invoices.service.ts';
import { listRefunds } from '../payments/refunds.service.ts';
import { getOwnedOrder } from './order-lifecycle.service.ts';

/**
 * GET orders/{id}: the customer's own order with its status history and its refunds (amounts in
 * rupees), so a cancelled prepaid order shows where its money is, and its tax invoice and credit notes.
 */
export async function orderDetails(ctx: AppContext, customerId: number, orderId: number): Promise<Order> {
  // One snapshot for the order and its refunds: read one after the other, a refund processed in
  // between (its webhook) showed "Paid" beside "Refund processed".
  return ctx.db.transaction((tx) => detailsIn(ctx, tx, customerId, orderId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function detailsIn(ctx: AppContext, tx: DbOrTx, customerId: number, orderId: number): Promise<Order> {
  const order = await getOwnedOrder(tx, customerId, orderId);
  const refunds = await listRefunds(ctx, order.id, tx);
  return {
    ...order,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: paiseToRupees(r.amountPaise),
      status: r.status,
      reason: r.reason,
      created_at: r.createdAt,
      processed_at: r.processedAt,
    })),
    invoice: await orderInvoiceSummary(tx, order.id),
  };
}
