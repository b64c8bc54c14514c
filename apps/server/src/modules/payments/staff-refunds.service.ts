import { formatPaise } from '@shop/contract/money';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { OFFLINE_GATEWAY, paidByHand } from './cash-collection.service.ts';
import { CAPTURED_STATES } from './payments.repository.ts';
import { findRefundByKey, paymentsOfOrder, refundedOfPayment } from './refunds.repository.ts';
import { capturedPaiseOf } from './payment-currency.ts';
import { type RefundRequest, recordManualRefund, requestRefund } from './refunds.service.ts';

/** One payment of an order with what is left to refund of it. */
export interface OrderPaymentView {
  id: number;
  gateway: string;
  status: string;
  amountPaise: number;
  gatewayPaymentId: string | null;
  createdAt: Date;
  /** Captured minus refunded (0 for a payment that captured nothing). */
  refundablePaise: number;
}

/** An order's payments, oldest first, each with what can still be refunded. */
export async function orderPayments(db: DbOrTx, orderId: number): Promise<OrderPaymentView[]> {
  const rows = await paymentsOfOrder(db, orderId);
  return Promise.all(
    rows.map(async (p) => {
      const captured = CAPTURED_STATES.has(p.status) ? capturedPaiseOf(p) : 0;
      const refunded = captured > 0 ? await refundedOfPayment(db, p.id) : 0;
      return {
        id: p.id,
        gateway: p.gateway,
        status: p.status,
        amountPaise: capturedPaiseOf(p),
        gatewayPaymentId: p.gatewayPaymentId,
        createdAt: p.createdAt,
        refundablePaise: Math.max(0, captured - refunded),
      };
    }),
  );
}

/**
 * What of an order's offline payments (staff confirmed the money as received by transfer or UPI)
 * is not refunded yet. No gateway can give it back, so an order holding it is not cancelled with
 * an automatic refund: staff refund it by hand first (order-operations, order-cancellation).
 */
export async function offlineMoneyLeft(db: DbOrTx, orderId: number): Promise<number> {
  return (await orderPayments(db, orderId))
    .filter((p) => p.gateway === OFFLINE_GATEWAY)
    .reduce((sum, p) => sum + p.refundablePaise, 0);
}

/**
 * Staff refund part or all of an order's money. The amount is taken from the captured payments,
 * newest first, each up to what is left of it; a gateway payment is refunded through its gateway
 * (the refund job retries, the customer is mailed at each step), collected cash by hand with the
 * reference staff give. `key` makes a retried request (a double click) refund once: a key that
 * already refunded is answered as done, even when nothing is left to refund since, and
 * `onRecorded` (the audit entry) runs in the transaction of each refund it records, never again
 * for a retry. Returns the number of refunds recorded.
 */
export async function refundOrderAmount(
  ctx: AppContext,
  orderId: number,
  input: {
    amountPaise: number;
    reason: string;
    staffId: number;
    reference?: string | undefined;
    key: string;
    onRecorded?: RefundRequest['onRecorded'];
  },
): Promise<number> {
  const all = await orderPayments(ctx.db, orderId);
  const keyOf = (paymentId: number) => `${input.key}-${paymentId}`;
  for (const payment of all) if (await findRefundByKey(ctx.db, payment.id, keyOf(payment.id))) return 0;
  const payments = all.filter((p) => p.refundablePaise > 0).reverse();
  const refundable = payments.reduce((sum, p) => sum + p.refundablePaise, 0);
  if (input.amountPaise > refundable)
    throw AppError.invalid(
      'amount_paise',
      refundable === 0
        ? 'Nothing is left to refund on this order.'
        : `At most ${formatPaise(refundable)} can still be refunded on this order.`,
    );
  let left = input.amountPaise;
  let refunds = 0;
  for (const payment of payments) {
    if (left <= 0) break;
    const amountPaise = Math.min(left, payment.refundablePaise);
    const request = {
      orderId,
      paymentId: payment.id,
      amountPaise,
      reason: input.reason,
      requestedBy: 'staff' as const,
      requestedById: input.staffId,
      onRecorded: input.onRecorded,
    };
    if (paidByHand(payment.gateway)) {
      if (!input.reference?.trim())
        throw AppError.invalid(
          'reference',
          payment.gateway === 'cod'
            ? 'Cash is refunded by hand: please enter the reference of the transfer.'
            : 'An offline payment is refunded by hand: please enter the reference of the transfer.',
        );
      const result = await recordManualRefund(ctx, { ...request, reference: input.reference });
      if (!result.ok) throw AppError.invalid('amount_paise', result.message);
    } else {
      const result = await requestRefund(ctx, request, keyOf(payment.id));
      if (!result.ok) throw AppError.invalid('amount_paise', result.message);
    }
    left -= amountPaise;
    refunds += 1;
  }
  return refunds;
}
