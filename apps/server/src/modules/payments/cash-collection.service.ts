import type { DbOrTx } from '@shop/db/client';
import { insertPayment, latestPayment, recordCashCollected, updatePayment } from './payments.repository.ts';

/**
 * Money the shop takes by hand rather than through a gateway: cash at the door ('cod') and money
 * staff say they received otherwise ('offline': a bank transfer, UPI to the shop's account) when
 * they confirm an unpaid order. No gateway can refund it: staff refund it by hand with the
 * reference of their transfer (staff-refunds.service.ts, refunds.service.ts recordManualRefund).
 */
export const OFFLINE_GATEWAY = 'offline';

/** Whether a payment of `gateway` is money taken by hand (see OFFLINE_GATEWAY). */
export function paidByHand(gateway: string): boolean {
  return gateway === 'cod' || gateway === OFFLINE_GATEWAY;
}

/**
 * Cash on delivery is paid at the door: when the order is delivered, its pending cash payment
 * becomes paid (call in the delivery's transaction). From then on the cash counts as captured, so
 * the order reads Paid and staff can refund it by hand with a reference (staff-refunds.service.ts).
 * An order without a pending cash payment (paid online, or delivered twice) is left as it is.
 */
export async function collectCashOnDelivery(tx: DbOrTx, orderId: number): Promise<void> {
  await recordCashCollected(tx, orderId);
}

/**
 * Whether staff confirming this order record its total as paid offline: it is unpaid, and its
 * shopper's latest choice of payment was not cash on delivery (that order stays cash on delivery,
 * takeCashChoice). The back office warns of it and asks for the payment's reference first.
 */
export async function confirmRecordsPayment(
  db: DbOrTx,
  order: { id: number; paymentStatus: string; paymentGateway: string | null },
): Promise<boolean> {
  if (order.paymentStatus !== 'Pending' || order.paymentGateway === 'cod') return false;
  return (await latestPayment(db, order.id))?.gateway !== 'cod';
}

/**
 * Staff confirmed an unpaid order because its money reached the shop another way: the order's
 * total is recorded as an offline payment, captured, so that the order counts as paid (dashboard,
 * money checks) and can be refunded by hand like collected cash. `reference` (the transfer's UTR,
 * the UPI reference) is kept as the payment's id: the proof staff can check against the bank
 * statement. Call in the confirmation's transaction.
 */
export async function recordPaidOffline(
  tx: DbOrTx,
  orderId: number,
  totalPaise: number,
  reference: string,
): Promise<void> {
  await insertPayment(tx, {
    orderId,
    gateway: OFFLINE_GATEWAY,
    gatewayPaymentId: reference,
    amountMinor: totalPaise,
    currency: 'INR',
    currencyValue: '1',
    status: 'paid',
  });
}

/**
 * Whether the shopper's latest choice of payment for an unconfirmed order was cash on delivery;
 * if so its cash payment is made pending, as the shopper's own confirmation would have made it, so
 * that delivery collects it. For staff confirming such an order: it stays cash on delivery, not
 * paid offline. Call in the confirmation's transaction.
 */
export async function takeCashChoice(tx: DbOrTx, orderId: number): Promise<boolean> {
  const latest = await latestPayment(tx, orderId);
  if (latest?.gateway !== 'cod') return false;
  if (latest.status === 'created') await updatePayment(tx, latest.id, { status: 'pending' });
  return true;
}
