import type { OrderAction } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { restockReturn } from '../catalogue/stock.service.ts';
import { carrierById, trackingUrlOf } from '../fulfilment/shipping-carriers.service.ts';
import {
  collectCashOnDelivery,
  confirmRecordsPayment,
  OFFLINE_GATEWAY,
  recordPaidOffline,
  takeCashChoice,
} from '../payments/cash-collection.service.ts';
import { askRefundGateways, recordFullRefunds } from '../payments/refunds.service.ts';
import { settleBeforeCancel } from '../payments/reservation-check.service.ts';
import { offlineMoneyLeft } from '../payments/staff-refunds.service.ts';
import { cancelOrder, invoiceConfirmedOrder, returnOrder } from './order-lifecycle.service.ts';
import { type OrderActor, transition } from './order-state.ts';
import { findOrder, itemsOfOrders, type OrderRow } from './orders.repository.ts';

/** One staff action on one order, as the back office sends it. */
export interface StaffOrderAction {
  action: OrderAction;
  /** Shown to the customer on the order's timeline (and in the cancellation mail). */
  note?: string | undefined;
  /** ship: the carrier (shipping_carriers id) and the parcel's tracking number (optional for a carrier without a tracking page). */
  carrierId?: number | undefined;
  trackingNumber?: string | undefined;
  /** return: put the returned goods back on sale (sealed packs); perishable returns stay out. */
  restock?: boolean | undefined;
  /** confirm of an unpaid order: the reference of the payment the shop received (confirmRecordsPayment). */
  paymentReference?: string | undefined;
}

/** A tracking (AWB) number as carriers print them. */
export const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/;

const defaultNotes: Record<OrderAction, string> = {
  confirm: 'Confirmed by the shop',
  pack: 'Packed',
  ship: 'Handed to the carrier',
  deliver: 'Delivered',
  cancel: 'Cancelled by the shop',
  return: 'Returned to the shop',
};

/**
 * What staff do to an order from the back office: the transition table decides whether the
 * action is allowed from the order's current status (409 with its message otherwise); the
 * transition and everything that belongs to it commit together, a cancellation with the refund of
 * every captured rupee (keyed by the order, so a retried cancel asks once); the gateways are
 * asked after commit, and the refunds job asks should that fail.
 * `audit` runs inside the same transaction (the back office writes its audit entry there).
 */
export async function actOnOrder(
  ctx: AppContext,
  staffId: number,
  orderId: number,
  input: StaffOrderAction,
  audit: (tx: DbOrTx, before: OrderRow, after: OrderRow) => Promise<void> = async () => {},
): Promise<OrderRow> {
  const actor: OrderActor = { kind: 'staff', staffId };
  const note = (input.note?.trim() || defaultNotes[input.action]).slice(0, 500);
  // Refunds a cancellation records with itself; the gateways are asked once it has committed.
  let refunds: number[] = [];
  // An unpaid order's gateways are asked first: money may have arrived unheard, and the
  // cancellation must then refund it rather than say nothing was charged.
  if (input.action === 'cancel' && (await findOrder(ctx.db, orderId))?.status === 'pending')
    await settleBeforeCancel(ctx, orderId);
  const after = await ctx.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw AppError.notFound('Order not found.');
    let updated: OrderRow;
    switch (input.action) {
      case 'cancel':
        // Money taken offline goes back by hand, with its reference, before the order is cancelled:
        // the cancellation's automatic refund cannot reach it, and its mails promise one.
        if ((await offlineMoneyLeft(tx, orderId)) > 0)
          throw new AppError(
            'conflict',
            'This order was paid offline: refund it by hand first (Refund, with the reference of the transfer), then cancel it.',
          );
        await cancelOrder(ctx, tx, orderId, actor, note);
        refunds = await recordFullRefunds(ctx, tx, orderId, {
          reason: note,
          requestedBy: 'staff',
          requestedById: staffId,
          key: `staff-cancel-${orderId}`,
        });
        updated = (await findOrder(tx, orderId)) as OrderRow;
        break;
      case 'ship': {
        const carrier = input.carrierId ? await carrierById(tx, input.carrierId) : undefined;
        if (!carrier?.isActive) throw AppError.invalid('carrier_id', 'Please choose a carrier.');
        const trackingNumber = input.trackingNumber?.trim() ?? '';
        // A carrier with a tracking page needs the number for the customer's link; the shop's own
        // van has no page and often no number, so there it may stay empty (a number given is checked).
        const optional = !carrier.trackingUrlTemplate && trackingNumber === '';
        if (!optional && !TRACKING_NUMBER.test(trackingNumber))
          throw AppError.invalid(
            'tracking_number',
            'Please enter the tracking number: 4 to 40 letters, digits or dashes.',
          );
        updated = await transition(ctx, tx, order, 'shipped', actor, note, {
          shipment: {
            carrier: carrier.name,
            trackingNumber: trackingNumber || null,
            trackingUrl: trackingNumber ? trackingUrlOf(carrier, trackingNumber) : null,
          },
        });
        break;
      }
      case 'return':
        updated = await returnOrder(ctx, tx, order, actor, note);
        if (input.restock)
          for (const item of await itemsOfOrders(tx, [orderId]))
            await restockReturn(tx, item.productId, item.quantity, { orderId, staffId });
        break;
      case 'confirm': {
        // Staff confirm an unpaid order when its money reached the shop another way (a bank
        // transfer, UPI to the shop): the total is recorded as paid offline, with the payment's
        // reference, so the order reads Paid, counts as a sale and can be refunded by hand. An
        // order for cash on delivery is still paid at the door.
        const offline = await confirmRecordsPayment(tx, order);
        const unpaid = order.paymentStatus === 'Pending' && order.paymentGateway !== 'cod';
        const cash = unpaid && !offline && (await takeCashChoice(tx, orderId));
        const reference = input.paymentReference?.trim() ?? '';
        updated = await transition(
          ctx,
          tx,
          order,
          'confirmed',
          actor,
          note,
          offline
            ? {
                patch: { paymentStatus: 'Paid', paymentGateway: OFFLINE_GATEWAY },
                // "We have received your payment via bank transfer or UPI." in the placed mail.
                paidVia: 'bank transfer or UPI',
              }
            : cash
              ? { patch: { paymentGateway: 'cod' } }
              : {},
        );
        // Asked after the transition, so that an order that may not be confirmed says so first.
        if (offline && !reference)
          throw AppError.invalid(
            'payment_reference',
            'Please enter the reference of the payment the shop received (UTR, UPI or cheque number).',
          );
        if (offline) await recordPaidOffline(tx, orderId, order.totalPaise, reference);
        await invoiceConfirmedOrder(tx, orderId);
        break;
      }
      case 'pack':
        updated = await transition(ctx, tx, order, 'packed', actor, note);
        break;
      case 'deliver': {
        // Cash on delivery is collected at the door: delivery records it, so the order reads Paid
        // and its cash can be refunded by hand (a return, a complaint) like any captured payment.
        const cash = order.paymentGateway === 'cod' && order.paymentStatus === 'Pending';
        updated = await transition(
          ctx,
          tx,
          order,
          'delivered',
          actor,
          note,
          cash ? { patch: { paymentStatus: 'Paid' } } : {},
        );
        if (cash) await collectCashOnDelivery(tx, orderId);
        break;
      }
    }
    await audit(tx, order, updated);
    return updated;
  });
  await askRefundGateways(ctx, refunds);
  return after;
}
