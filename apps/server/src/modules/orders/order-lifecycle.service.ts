import {
  isConfirmedOrLater,
  type Order,
  type OrderStatus,
  orderMessages,
  type PaymentStatus,
} from '@shop/contract/orders';
import type { Db, DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { reserveAllOrNothing, restoreStock } from '../catalogue/stock.service.ts';
import { creditRefundedMoney, creditRestOfInvoice, issueInvoice } from '../invoices/invoices.service.ts';
import { noteOnOrder, type OrderActor, paymentStatusOf, SYSTEM, transition } from './order-state.ts';
import { toOrder } from './order-view.ts';
import {
  claimExpiredReservations,
  confirmedOrdersWithoutInvoice,
  findExpiredReservations,
  findOrder,
  findOwnedOrder,
  findOwnedOrderByRef,
  historyOfOrder,
  itemsOfOrders,
  type OrderRow,
  markStockReleased,
  markStockRetaken,
  retakeCouponUse,
  returnCouponUse,
  updateOrder,
} from './orders.repository.ts';

/** Payment status only moves forward: Pending → Paid (refunds are settled by settleRefundedMoney). */
const paymentRank: Record<PaymentStatus, number> = {
  Pending: 0,
  Failed: 1,
  Paid: 2,
  'Partially Refunded': 3,
  Refunded: 4,
};

/** An order of this customer with items, address snapshot and status history; others' are 404. */
export async function getOwnedOrder(db: DbOrTx, customerId: number, orderId: number): Promise<Order> {
  const row = await findOwnedOrder(db, customerId, orderId);
  if (!row) throw AppError.notFound(orderMessages.notFound);
  return toOrder(row, await itemsOfOrders(db, [row.id]), await historyOfOrder(db, row.id));
}

/** An order of this customer as stored (amounts in paise), for other modules' rules; others' are 404. */
export async function ownedOrderRow(db: DbOrTx, customerId: number, orderId: number): Promise<OrderRow> {
  const row = await findOwnedOrder(db, customerId, orderId);
  if (!row) throw AppError.notFound(orderMessages.notFound);
  return row;
}

/** The customer's order by id or public number, as stored; undefined when not theirs. */
export function customerOrderByRef(db: DbOrTx, customerId: number, ref: number | string) {
  return findOwnedOrderByRef(db, customerId, ref);
}

/**
 * Locks an order row for the rest of the transaction: the settlements of one order (browser
 * verify, webhooks, the expiry check) run one after another.
 */
export function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  return findOrder(tx, orderId, { forUpdate: true });
}

/** An order as stored, for other modules' mails and checks. */
export function orderById(db: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  return findOrder(db, orderId);
}

/**
 * Gives an order's reserved stock and coupon use back, exactly once: the conditional update of
 * stock_released_at decides who does it. Returns false when it was already released.
 */
export async function releaseOrderStock(tx: DbOrTx, orderId: number): Promise<boolean> {
  if (!(await markStockReleased(tx, orderId))) return false;
  for (const item of await itemsOfOrders(tx, [orderId]))
    await restoreStock(tx, item.productId, item.quantity, { orderId });
  await returnCouponUse(tx, orderId);
  return true;
}

/**
 * Issues the tax invoice of a confirmed order in the caller's transaction (so its number is taken
 * and kept, or given back, with the confirmation). Idempotent; null while the shop's registration
 * settings are incomplete.
 */
export async function invoiceConfirmedOrder(tx: DbOrTx, orderId: number) {
  // Locked, so two first downloads of an invoice issued late do not race each other.
  const order = await findOrder(tx, orderId, { forUpdate: true });
  if (!order || !isConfirmedOrLater(order.status as OrderStatus)) return null;
  return issueInvoice(tx, order, await itemsOfOrders(tx, [orderId]));
}

/**
 * Issues the tax invoices that waited for the shop's registration settings: orders confirmed
 * while those settings were incomplete got no invoice (confirming never fails for it). Once the
 * settings are valid, the invoices are issued oldest confirmation first, so their numbers follow
 * the order in which the supplies were made; each is dated the day it is issued (a serial number
 * may not run backwards in time, so no invoice is backdated) and has its own transaction. Orders
 * cancelled in the meantime get none: nothing was supplied. Returns how many were issued; issues
 * nothing while the settings are still incomplete.
 */
export async function issuePendingInvoices(db: Db, batch = 200): Promise<number> {
  let issued = 0;
  for (;;) {
    const pending = await confirmedOrdersWithoutInvoice(db, batch);
    let issuedNow = 0;
    for (const { id } of pending) {
      // Null when the order was cancelled meanwhile, or the settings are incomplete after all.
      if (await db.transaction((tx) => invoiceConfirmedOrder(tx, id))) issuedNow++;
    }
    issued += issuedNow;
    if (pending.length < batch || issuedNow === 0) return issued;
  }
}

/**
 * pending → confirmed once a payment is under way (COD: Pending) or done (gateway: Paid).
 * Stock stays taken; the reservation no longer expires. Idempotent; a repeat only moves the
 * payment status forward (a timeline note, no second confirmation or mail).
 */
export async function confirmOrder(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: number,
  payment: { paymentStatus: 'Pending' | 'Paid'; gateway: string; note?: string; label?: string },
): Promise<void> {
  const order = await findOrder(tx, orderId, { forUpdate: true });
  if (!order) throw AppError.notFound(orderMessages.notFound);
  if (order.status === 'cancelled')
    throw new AppError('conflict', 'This order was cancelled. Please place a new order.');
  const current = order.paymentStatus as PaymentStatus;
  const nextPayment =
    paymentRank[payment.paymentStatus] > paymentRank[current] ? payment.paymentStatus : current;
  const becomesConfirmed = order.status === 'pending';
  if (!becomesConfirmed && nextPayment === current) return;
  const label = payment.label ?? payment.gateway;
  const note =
    payment.note ?? (nextPayment === 'Paid' ? `Payment received via ${label}` : `Confirmed (${label})`);
  const patch = { paymentStatus: nextPayment, paymentGateway: payment.gateway, reservationExpiresAt: null };
  if (!becomesConfirmed) {
    await noteOnOrder(tx, order, note, patch);
    return;
  }
  await transition(ctx, tx, order, 'confirmed', SYSTEM, note, { patch, paidVia: label });
  await invoiceConfirmedOrder(tx, orderId);
}

/**
 * Money arrived for an order that had been cancelled (its reservation ran out, or the customer
 * cancelled while the gateway was still deciding): when every line is still in stock the order is
 * taken back into stock and confirmed as paid; otherwise nothing changes and the caller refunds.
 * Returns whether the order was confirmed. The shopper keeps the discount they paid for, and its
 * returned coupon use is counted again: until 2026-12-05 it was not, so a once-per-customer coupon
 * could be used a second time after such an order.
 */
export async function confirmCancelledOrderIfStockAllows(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: number,
  payment: { gateway: string; note: string; label?: string },
): Promise<boolean> {
  const order = await findOrder(tx, orderId, { forUpdate: true });
  // The shopper's (or staff's) own cancellation stands: their money goes back instead.
  if (order?.status !== 'cancelled' || order.cancelledBy !== 'system') return false;
  if (order.stockReleasedAt) {
    const lines = (await itemsOfOrders(tx, [orderId])).map((i) => ({
      productId: i.productId,
      quantity: i.quantity,
    }));
    if (!(await reserveAllOrNothing(tx, lines, { orderId }))) return false;
    await markStockRetaken(tx, orderId);
  }
  await retakeCouponUse(tx, orderId);
  await transition(ctx, tx, order, 'confirmed', SYSTEM, payment.note, {
    patch: { paymentStatus: 'Paid', paymentGateway: payment.gateway, reservationExpiresAt: null },
    paidVia: payment.label ?? payment.gateway,
  });
  await invoiceConfirmedOrder(tx, orderId);
  return true;
}

/**
 * Keeps an unpaid order's stock while its gateway still reports the payment as under way
 * (a late bank answer, a pending UPI collect): the reservation moves to `until`.
 */
export async function extendReservation(tx: DbOrTx, orderId: number, until: Date): Promise<void> {
  await updateOrder(tx, orderId, { reservationExpiresAt: until });
}

/** Pending orders whose reservation has run out, for the gateway check that comes before release. */
export function expiredReservations(db: DbOrTx, now: Date, limit = 50) {
  return findExpiredReservations(db, now, limit);
}

/**
 * Cancels an order as the transition table allows `actor` (the customer before packing, staff
 * until it ships, the shop's own expiry while unpaid) and gives its stock and coupon use back
 * (once) and its invoice a credit note. Refunding captured money is the caller's part after the
 * commit (order-cancellation.service, the back office). Returns the order as it was before, or
 * 404 for another customer's order and 409 when it can no longer be cancelled.
 */
export async function cancelOrder(
  ctx: AppContext,
  tx: DbOrTx,
  orderId: number,
  actor: OrderActor,
  note: string,
): Promise<OrderRow> {
  const order = await findOrder(tx, orderId, { forUpdate: true });
  if (!order || (actor.kind === 'customer' && order.customerId !== actor.customerId))
    throw AppError.notFound(orderMessages.notFound);
  await transition(ctx, tx, order, 'cancelled', actor, note);
  await releaseOrderStock(tx, orderId);
  // Goods invoiced and not supplied: a credit note gives the invoice back.
  await creditRestOfInvoice(tx, orderId, note);
  return order;
}

/**
 * Records that an order's goods came back to the shop (a parcel refused at the door, a return
 * after delivery) and gives its invoice a credit note for whatever of it no earlier note credits
 * (GST s.34: a credit note for goods returned). Until 2026-12-05 only a refund credited a
 * returned order, so a cash-on-delivery parcel refused at the door — nothing paid, nothing to
 * refund — kept its invoice, and its tax, for a supply that never happened. A refund of the same
 * order later credits nothing more. The caller puts the goods back on sale when asked.
 */
export async function returnOrder(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  actor: OrderActor,
  note: string,
): Promise<OrderRow> {
  const updated = await transition(ctx, tx, order, 'returned', actor, note);
  await creditRestOfInvoice(tx, order.id, note);
  return updated;
}

/**
 * Money was captured for a cancelled order that took none before, and it goes back in full (a
 * payment that came after the cancellation, with the stock gone or the total changed): the order
 * reads Paid — what the shop holds — until the refund is processed (then Refunded, by
 * settleRefundedMoney) or, should it fail for good, for as long as the shop keeps the money.
 * Until 2026-12-05 it stayed Pending, which customers and staff read as "Not charged". `order`
 * is the row the caller read under its lock.
 */
export async function holdMoneyOfCancelledOrder(tx: DbOrTx, order: OrderRow): Promise<void> {
  if (order.status !== 'cancelled' || order.paymentStatus !== 'Pending') return;
  await updateOrder(tx, order.id, { paymentStatus: 'Paid' });
}

/**
 * Sets the payment status an order shows once refunds were processed (see paymentStatusOf):
 * the payments module reports what was captured and refunded; only this module writes it.
 */
export async function settleRefundedMoney(
  tx: DbOrTx,
  orderId: number,
  money: { capturedPaise: number; refundedPaise: number },
  reason?: string,
): Promise<void> {
  const order = await findOrder(tx, orderId, { forUpdate: true });
  if (!order) return;
  // Money given back for goods that were invoiced is credited against the invoice, with the
  // processed refund's reason.
  await creditRefundedMoney(tx, orderId, money, reason);
  const next = paymentStatusOf(order.paymentStatus as PaymentStatus, {
    ...money,
    totalPaise: order.totalPaise,
  });
  if (next === order.paymentStatus) return;
  await updateOrder(tx, orderId, { paymentStatus: next });
}

/**
 * Cancels unpaid orders whose reservation ran out and returns their stock and coupon use.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances can run it at once.
 * Returns the number of orders released.
 */
export async function releaseExpiredReservations(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const claimed = await claimExpiredReservations(tx, now, 50);
      let done = 0;
      for (const { id } of claimed) {
        const order = await findOrder(tx, id, { forUpdate: true });
        if (order?.status !== 'pending' || !(await releaseOrderStock(tx, id))) continue;
        await transition(ctx, tx, order, 'cancelled', SYSTEM, 'Payment not completed in time');
        done += 1;
      }
      return { claimed: claimed.length, done };
    });
    released += batch.done;
    if (batch.claimed < 50) return released;
  }
}
