import { type Order, orderMessages } from '@shop/contract/orders';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { askRefundGateways, recordFullRefunds } from '../payments/refunds.service.ts';
import { settleBeforeCancel } from '../payments/reservation-check.service.ts';
import { offlineMoneyLeft } from '../payments/staff-refunds.service.ts';
import { orderDetails } from './order-details.service.ts';
import { cancelOrder } from './order-lifecycle.service.ts';
import { findOrder } from './orders.repository.ts';

/**
 * POST orders/{id}/cancel: the customer cancels their own order before it is packed (pending or
 * confirmed). In one transaction the order is cancelled, its stock and coupon use return, and
 * the mails to the customer and to the shop are queued (order-mails.ts), and every rupee its
 * payments captured is recorded as a refund (keyed by the order, so a repeated call refunds
 * nothing twice); the gateways are asked after commit, and the refunds job asks should that fail. A cash-on-delivery order has taken no money.
 * An unpaid order's gateways are asked before it is cancelled (settleBeforeCancel).
 */
export async function cancelOrderAsCustomer(
  ctx: AppContext,
  customerId: number,
  orderId: number,
): Promise<Order> {
  // An unpaid order's gateways are asked first (payments/reservation-check.service.ts): money that
  // arrived unheard makes the order paid, and the cancellation below refunds it and says so.
  const current = await findOrder(ctx.db, orderId);
  if (current?.customerId === customerId && current.status === 'pending')
    await settleBeforeCancel(ctx, orderId);
  const refunds = await ctx.db.transaction(async (tx) => {
    await cancelOrder(ctx, tx, orderId, { kind: 'customer', customerId }, orderMessages.cancelledByCustomer);
    // Money the shop took directly (confirmed as paid offline) cannot be refunded automatically:
    // the whole cancellation rolls back. Checked after cancelOrder, which refuses another
    // customer's order as not found first.
    if ((await offlineMoneyLeft(tx, orderId)) > 0)
      throw new AppError('conflict', orderMessages.paidOfflineCancel);
    return recordFullRefunds(ctx, tx, orderId, {
      reason: 'Order cancelled by the customer',
      requestedBy: 'customer',
      requestedById: customerId,
      key: `customer-cancel-${orderId}`,
    });
  });
  await askRefundGateways(ctx, refunds);
  ctx.mail.flush().catch((error: unknown) => ctx.log.warn({ err: error }, 'mail flush after cancel failed'));
  return orderDetails(ctx, customerId, orderId);
}
