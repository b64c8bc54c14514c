import { formatPaise } from '@shop/contract/money';
import { type Order, orderMessages } from '@shop/contract/orders';
import type { AppContext } from '../../context.ts';
import { customerEmail } from '../customers/customer-lookup.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { refundOrderInFull } from '../payments/refunds.service.ts';
import { orderDetails } from './order-details.service.ts';
import { cancelOrder } from './order-lifecycle.service.ts';
import { shopEmailAddress } from '../settings/settings.service.ts';

/**
 * POST orders/{id}/cancel: the customer cancels their own order before it is packed (pending or
 * confirmed). In one transaction the order is cancelled, its stock and coupon use return, and
 * mails to the customer and to the shop (setting company_email_address) are queued; after commit
 * every rupee its payments captured is refunded in full through the gateway (keyed by the order,
 * so a repeated call refunds nothing twice). A cash-on-delivery order has taken no money.
 */
export async function cancelOrderAsCustomer(
  ctx: AppContext,
  customerId: number,
  orderId: number,
): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const order = await cancelOrder(tx, orderId, {
      by: 'customer',
      note: orderMessages.cancelledByCustomer,
      customerId,
    });
    const prepaid = order.paymentStatus === 'Paid' || order.paymentStatus === 'Partially Refunded';
    const total = formatPaise(order.totalPaise);
    const email = await customerEmail(tx, customerId);
    if (email) {
      await queueMail(ctx, tx, {
        kind: 'order-cancelled',
        to: email,
        subject: `Order ${order.orderNumber} cancelled`,
        heading: 'Your order is cancelled',
        highlight: order.orderNumber,
        paragraphs: [
          `As you asked, order ${order.orderNumber} (${total}) is cancelled.`,
          prepaid
            ? 'The amount you paid is being refunded in full; we will mail you when the refund is processed.'
            : 'Nothing was charged for it.',
        ],
      });
    }
    const shop = await shopEmailAddress(tx);
    if (shop) {
      await queueMail(ctx, tx, {
        kind: 'order-cancelled-shop',
        to: shop,
        subject: `Order ${order.orderNumber} cancelled by the customer`,
        heading: 'An order was cancelled',
        highlight: order.orderNumber,
        paragraphs: [
          `The customer cancelled order ${order.orderNumber} (${total}) before it was packed; its stock is back on sale.`,
          prepaid ? 'The payment is being refunded in full automatically.' : 'No payment was taken.',
        ],
      });
    }
  });
  await refundOrderInFull(ctx, orderId, {
    reason: 'Order cancelled by the customer',
    requestedBy: 'customer',
    requestedById: customerId,
    key: `customer-cancel-${orderId}`,
  });
  ctx.mail.flush().catch((error: unknown) => ctx.log.warn({ err: error }, 'mail flush after cancel failed'));
  return orderDetails(ctx, customerId, orderId);
}
