import { formatPaise } from '@shop/contract/money';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { customerEmail } from '../customers/customer-lookup.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { orderById } from '../orders/order-lifecycle.service.ts';
import type { RefundRow } from './refunds.repository.ts';

/**
 * Tells the customer where a refund stands: initiated (with the reason), processed (with the
 * gateway's reference) or failed (the shop will return the money another way). Queued in the
 * caller's transaction, so a mail goes out exactly when the refund's new state commits.
 */
export async function mailRefund(
  ctx: AppContext,
  db: DbOrTx,
  refund: RefundRow,
  kind: 'requested' | 'processed' | 'failed',
) {
  const order = await orderById(db, refund.orderId);
  const to = order ? await customerEmail(db, order.customerId) : undefined;
  if (!order || !to) return;
  const amount = formatPaise(refund.amountPaise);
  const texts = {
    requested: {
      subject: `Refund of ${amount} for order ${order.orderNumber} initiated`,
      heading: 'Your refund is on its way',
      body: `We have initiated a refund of ${amount} for order ${order.orderNumber} (${refund.reason}). It usually reaches your account within 5–7 working days.`,
    },
    processed: {
      subject: `Refund of ${amount} for order ${order.orderNumber} processed`,
      heading: 'Your refund has been processed',
      body: `The refund of ${amount} for order ${order.orderNumber} has been processed${refund.gatewayRefundId ? ` (reference ${refund.gatewayRefundId})` : ''}. Your bank may take a few days to show it.`,
    },
    failed: {
      subject: `Refund of ${amount} for order ${order.orderNumber} could not be completed`,
      heading: 'Your refund could not be completed',
      body: `The refund of ${amount} for order ${order.orderNumber} failed at the payment gateway. Our team has been told and will contact you to return the money another way.`,
    },
  }[kind];
  await queueMail(ctx, db, {
    kind: `refund-${kind}`,
    to,
    subject: texts.subject,
    heading: texts.heading,
    paragraphs: [texts.body],
  });
}
