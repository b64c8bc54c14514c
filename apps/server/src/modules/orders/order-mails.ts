import { formatPaise } from '@shop/contract/money';
import type { OrderActorKind, OrderStatus } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { customerEmail } from '../customers/customer-lookup.service.ts';
import { type MailContent, queueMail } from '../mail/mail.service.ts';
import { shopEmailAddress } from '../settings/settings.service.ts';
import type { OrderRow } from './orders.repository.ts';

export interface OrderEvent {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActorKind;
  note: string;
  paidVia?: string | undefined;
}

type Letter = Omit<MailContent, 'to'>;

/**
 * The mails of one order event, queued in the transaction of the transition (order-state.ts), so
 * each exists exactly when its event does: the customer hears of confirmed, shipped (with the
 * tracking link), delivered, cancelled and returned; the shop's inbox (setting
 * company_email_address) of each new order and of a customer's cancellation. Refund mails come
 * from the refund's own lifecycle (payments/refund-mails.ts). Packing is the shop's own step.
 */
export async function queueOrderEventMails(ctx: AppContext, tx: DbOrTx, event: OrderEvent): Promise<void> {
  const customerLetter = letterToCustomer(ctx, event);
  const shopLetter = letterToShop(event);
  if (customerLetter) {
    const to = await customerEmail(tx, event.order.customerId);
    if (to) await queueMail(ctx, tx, { ...customerLetter, to });
  }
  if (shopLetter) {
    const to = await shopEmailAddress(tx);
    if (to) await queueMail(ctx, tx, { ...shopLetter, to });
  }
}

const prepaid = (order: OrderRow) =>
  order.paymentStatus === 'Paid' || order.paymentStatus === 'Partially Refunded';

function letterToCustomer(ctx: AppContext, { order, to, actor, note, paidVia }: OrderEvent): Letter | null {
  const number = order.orderNumber;
  const total = formatPaise(order.totalPaise);
  const link = `You can follow your order at ${ctx.config.publicUrl}/orders/${order.id}.`;
  switch (to) {
    case 'confirmed':
      return {
        kind: 'order-placed',
        subject: `Order ${number} placed successfully`,
        heading: 'Thank you for your order',
        highlight: number,
        paragraphs: [
          `Your order ${number} is confirmed. Total: ${total}.`,
          order.paymentGateway === 'cod'
            ? `Please keep ${total} ready: you pay in cash on delivery.`
            : order.paymentStatus === 'Paid'
              ? `We have received your payment via ${paidVia ?? order.paymentGateway}.`
              : 'We will write again once your payment is confirmed.',
          link,
        ],
      };
    case 'shipped':
      return {
        kind: 'order-shipped',
        subject: `Order ${number} is on its way`,
        heading: 'Your order has been shipped',
        highlight: number,
        paragraphs: [
          `Your order ${number} has left our warehouse with ${order.carrier ?? 'our courier'}.`,
          // The shop's own van ships without a tracking number: then the order page is the link.
          ...(order.trackingNumber ? [`Tracking number: ${order.trackingNumber}.`] : []),
          order.trackingUrl ? `Track your parcel at ${order.trackingUrl}` : link,
        ],
      };
    case 'delivered':
      return {
        kind: 'order-delivered',
        subject: `Order ${number} delivered`,
        heading: 'Your order has been delivered',
        highlight: number,
        paragraphs: [
          `Your order ${number} has been delivered. We hope you enjoy it.`,
          'Something not right? Reply to this mail or use the grievance form on our website.',
        ],
      };
    case 'cancelled':
      return {
        kind: 'order-cancelled',
        subject: `Order ${number} cancelled`,
        heading: 'Your order is cancelled',
        highlight: number,
        paragraphs: [
          actor === 'customer'
            ? `As you asked, order ${number} (${total}) is cancelled.`
            : actor === 'staff'
              ? `We have cancelled your order ${number} (${total}). ${note}`.trim()
              : `Your order ${number} (${total}) is cancelled: the payment was not completed in time.`,
          prepaid(order)
            ? 'The amount you paid is being refunded in full; we will mail you when the refund is processed.'
            : 'Nothing was charged for it.',
        ],
      };
    case 'returned':
      return {
        kind: 'order-returned',
        subject: `Return of order ${number} received`,
        heading: 'We have received your return',
        highlight: number,
        paragraphs: [
          `The parcel of order ${number} has come back to us.`,
          // Cash cannot go back the way it came: the Refund Policy pays a returned cash-on-delivery
          // order to a bank account or UPI ID, so the mail asks for one.
          !prepaid(order)
            ? 'Nothing more is due from you.'
            : order.paymentGateway === 'cod'
              ? 'You paid in cash on delivery: please reply to this mail with the bank account or UPI ID for any refund due. We pay it within 7 days of receiving the item and will mail you when it is processed.'
              : 'Any refund due is sent to the way you paid; we will mail you when it is processed.',
        ],
      };
    default:
      return null;
  }
}

/** How a new order came to be confirmed, for the shop's inbox. */
function shopConfirmationWay(order: OrderRow, actor: OrderActorKind): string {
  if (order.paymentGateway === 'cod') return 'cash on delivery';
  // Staff confirm an unpaid order when the money was taken another way (bank transfer, cash).
  if (actor === 'staff') return 'confirmed by the shop, payment taken offline';
  return 'paid online';
}

function letterToShop({ order, from, to, actor }: OrderEvent): Letter | null {
  const number = order.orderNumber;
  const total = formatPaise(order.totalPaise);
  // From cancelled too: money that came after the shop's expiry brought the order back (order-lifecycle
  // confirmCancelledOrderIfStockAllows), and it has to be packed like any new order.
  if (to === 'confirmed' && (from === 'pending' || from === 'cancelled'))
    return {
      kind: 'order-new-shop',
      subject: `New order ${number} (${total})`,
      heading: 'A new order to pack',
      highlight: number,
      paragraphs: [
        `Order ${number} for ${total} is confirmed (${shopConfirmationWay(order, actor)}).`,
        'Open it in the back office to pack and ship it.',
      ],
    };
  if (to === 'cancelled' && actor === 'customer')
    return {
      kind: 'order-cancelled-shop',
      subject: `Order ${number} cancelled by the customer`,
      heading: 'An order was cancelled',
      highlight: number,
      paragraphs: [
        `The customer cancelled order ${number} (${total}) before it was packed; its stock is back on sale.`,
        prepaid(order) ? 'The payment is being refunded in full automatically.' : 'No payment was taken.',
      ],
    };
  return null;
}
