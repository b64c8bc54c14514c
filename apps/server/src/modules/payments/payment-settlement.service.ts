import type { OrderActorKind } from '@shop/contract/orders';
import { paymentMessages, type VerifyPaymentResult } from '@shop/contract/payments';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import {
  confirmCancelledOrderIfStockAllows,
  holdMoneyOfCancelledOrder,
  confirmOrder,
  lockOrder,
} from '../orders/order-lifecycle.service.ts';
import { setCodFee } from '../orders/payment-charges.service.ts';
import { isOrdersMoney } from './orders-money.ts';
import {
  lockPayment,
  type PaymentRow,
  type PaymentStatusValue,
  recordEvent,
  updatePayment,
} from './payments.repository.ts';
import type { PaymentOutcome, WebhookEvent } from './providers/payment-provider.ts';
import { capturedPaiseOf } from './payment-currency.ts';
import { askRefundGateway, type RefundRequest, recordRefund } from './refunds.service.ts';

/** A webhook event recorded with the settlement it caused, so that a repeat changes nothing. */
type GatewayEvent = Pick<WebhookEvent, 'eventId' | 'eventType'> & { gateway: string; payload: unknown };

/**
 * Payment rows only move forward: created → pending → failed → paid (captured money wins); the
 * refund states come after paid, so a late "captured" webhook never undoes a refund.
 */
const rank: Record<PaymentStatusValue, number> = {
  created: 0,
  pending: 1,
  failed: 2,
  paid: 3,
  partially_refunded: 4,
  refunded: 5,
};
const statusOfOutcome: Record<PaymentOutcome['kind'], PaymentStatusValue> = {
  paid: 'paid',
  failed: 'failed',
  cod: 'pending',
  processing: 'pending',
};
const gatewayLabels: Record<string, string> = {
  cod: 'Cash on Delivery',
  razorpay: 'Razorpay',
  paytm: 'Paytm',
  paypal: 'PayPal',
};

/**
 * The answer of verify_payment for a payment row as it now stands. A capture on an order that
 * stayed cancelled is being refunded: the shopper is told so, never "Paid".
 */
export function resultOfPayment(
  payment: Pick<PaymentRow, 'status' | 'errorMessage'> & { gateway?: string },
  order?: { status: string; cancelledBy: OrderActorKind | null; paymentGateway: string | null },
): VerifyPaymentResult {
  switch (payment.status as PaymentStatusValue) {
    case 'paid':
    case 'partially_refunded':
    case 'refunded':
      if (order?.status === 'cancelled') return refundedAnswer(order);
      // A capture the order did not take (settlePayment refunded it): another way of paying
      // settled the order, or it is still unpaid because the capture did not pay its total.
      if (order && payment.gateway && !isOrdersMoney(order, payment.gateway)) return mismatchAnswer(order);
      return { payment_status: 'Paid', payment_verification_error_message: null };
    case 'failed':
      return {
        payment_status: 'Failed',
        payment_verification_error_message: payment.errorMessage ?? paymentMessages.verificationFailed,
      };
    case 'pending':
      return { payment_status: 'Pending', payment_verification_error_message: null };
    default:
      return {
        payment_status: 'Failed',
        payment_verification_error_message: paymentMessages.paymentNotComplete,
      };
  }
}

/** The truthful answer for money that reached a cancelled order: it is on its way back. */
function refundedAnswer(order: { cancelledBy: OrderActorKind | null }): VerifyPaymentResult {
  return {
    payment_status: 'Failed',
    payment_verification_error_message:
      order.cancelledBy === 'system'
        ? paymentMessages.lateCaptureRefunded
        : paymentMessages.cancelledOrderRefunded,
  };
}

/**
 * The answer for a capture refunded because the order is settled another way (cash on delivery,
 * money taken offline, another gateway) or because its total changed.
 */
function mismatchAnswer(order: { paymentGateway: string | null }): VerifyPaymentResult {
  return {
    payment_status: 'Failed',
    payment_verification_error_message:
      order.paymentGateway === 'cod'
        ? paymentMessages.codOrderPaymentRefunded
        : order.paymentGateway
          ? paymentMessages.alreadyPaidRefunded
          : paymentMessages.amountChangedRefunded,
  };
}

/**
 * Whether a payment's capture pays `totalPaise`: exactly in rupees; in a foreign currency (PayPal)
 * within one of its minor units, which the conversion rounds to.
 */
function paysTotal(
  payment: Pick<PaymentRow, 'amountMinor' | 'currency' | 'currencyValue'>,
  totalPaise: number,
) {
  const slack = payment.currency === 'INR' ? 0 : Math.ceil(1 / Number(payment.currencyValue || 1));
  return Math.abs(capturedPaiseOf(payment) - totalPaise) <= slack;
}

/** A refund that a settlement decided on: recorded in its transaction, asked of the gateway after it. */
interface RefundAfterCommit {
  request: RefundRequest;
  idempotencyKey: string;
}

/**
 * Applies a gateway outcome to one payment and its order in ONE transaction: the order row is
 * locked first (so browser verification and webhooks of the same order queue up), a webhook's
 * event id is recorded (a repeat changes nothing), the payment moves only forward, the order is
 * confirmed through the order lifecycle, and the confirmation mail is queued when the order
 * becomes confirmed. Any repetition or interleaving converges on the same state.
 *
 * Money is never kept without an order:
 * - a failed attempt is not final: the order stays pending with its stock held until the
 *   reservation ends, and the shopper may pay again (Razorpay retries on the same gateway order);
 * - a capture for a cancelled order takes the stock back and confirms the order when every line
 *   is still in stock, otherwise the capture is refunded in full;
 * - a capture on an order another payment has already paid is refunded in full;
 * - a capture of another amount than the order's total (cash on delivery was chosen after the
 *   online payment began, adding its fee) settles the order without the fee while it is unpaid,
 *   and is refunded in full once cash on delivery has confirmed it.
 * A refund is written in the same transaction as the capture it gives back (keyed by this payment,
 * so a repeated settlement writes it once) and asked of the gateway after commit; should the
 * process die in between, the refunds job asks (the money is never recorded without its refund).
 */
export async function settlePayment(
  ctx: AppContext,
  paymentId: number,
  orderId: number,
  outcome: PaymentOutcome,
  event?: GatewayEvent,
): Promise<VerifyPaymentResult> {
  const settled = await ctx.db.transaction(async (tx) => {
    const decided = await settleInTransaction(ctx, tx, paymentId, orderId, outcome, event);
    if (!decided.refund) return { result: decided.result };
    const { request, idempotencyKey } = decided.refund;
    const recorded = await recordRefund(ctx, tx, request, idempotencyKey);
    if (!recorded.ok) ctx.log.error({ ...request, reason: recorded.reason }, 'refund refused');
    return { result: decided.result, askRefund: recorded.ok && recorded.ask ? recorded.refundId : undefined };
  });
  // Best effort now; the refunds job retries the gateway call should it fail (or never happen).
  if (settled.askRefund !== undefined) await askRefundGateway(ctx, settled.askRefund);
  return settled.result;
}

/** What a gateway outcome does to its payment and order, inside the settlement's transaction. */
async function settleInTransaction(
  ctx: AppContext,
  tx: DbOrTx,
  paymentId: number,
  orderId: number,
  outcome: PaymentOutcome,
  event: GatewayEvent | undefined,
): Promise<{ result: VerifyPaymentResult; refund?: RefundAfterCommit }> {
  const order = await lockOrder(tx, orderId);
  const payment = await lockPayment(tx, paymentId);
  if (!order || !payment) throw AppError.notFound(paymentMessages.noPaymentStarted);
  if (event && !(await recordEvent(tx, event))) return { result: resultOfPayment(payment, order) };

  const next = statusOfOutcome[outcome.kind];
  const current = payment.status as PaymentStatusValue;
  if (rank[next] <= rank[current]) return { result: resultOfPayment(payment, order) };
  if (outcome.kind === 'cod' && order.status === 'cancelled') {
    throw new AppError('conflict', paymentMessages.orderCancelled);
  }

  const errorMessage = outcome.kind === 'failed' ? outcome.reason : null;
  await updatePayment(tx, payment.id, {
    status: next,
    errorMessage,
    ...('gatewayPaymentId' in outcome && outcome.gatewayPaymentId
      ? { gatewayPaymentId: outcome.gatewayPaymentId }
      : {}),
    ...(outcome.raw === undefined ? {} : { raw: outcome.raw }),
  });
  // A failed attempt only records itself on the payment: the order keeps its stock until the
  // reservation ends, so the shopper can retry.
  if (outcome.kind === 'failed' || outcome.kind === 'processing') {
    return { result: resultOfPayment({ status: next, errorMessage }) };
  }
  const label = gatewayLabels[payment.gateway] ?? payment.gateway;
  const captured = { ...payment, status: next };
  const fullRefund = (reason: string, key: string): RefundAfterCommit => ({
    request: {
      orderId: order.id,
      paymentId: payment.id,
      amountPaise: capturedPaiseOf(captured),
      reason,
      requestedBy: 'system',
    },
    idempotencyKey: `${key}-${payment.id}`,
  });

  // Paid already — also when its money was refunded since while the order lives on (staff
  // refunded it in full): a new capture is no payment of it. A cancelled order's is handled below.
  if (
    outcome.kind === 'paid' &&
    (order.paymentStatus === 'Paid' ||
      order.paymentStatus === 'Partially Refunded' ||
      (order.paymentStatus === 'Refunded' && order.status !== 'cancelled'))
  ) {
    ctx.log.warn(
      { orderId: order.id, paymentId: payment.id },
      'second capture on a paid order; refunding it',
    );
    return {
      // Another gateway's payment (or money taken offline) paid it: this one is told the truth.
      result: isOrdersMoney(order, payment.gateway)
        ? { payment_status: 'Paid', payment_verification_error_message: null }
        : mismatchAnswer(order),
      refund: fullRefund('The order was already paid: this second payment is refunded', 'duplicate'),
    };
  }
  // Cash on delivery confirmed the order while this online payment was open. Where cash on
  // delivery adds no fee the capture pays the total too; the order still stays cash on delivery
  // (its mails told the shopper to keep the cash ready), and this capture goes back in full.
  if (
    outcome.kind === 'paid' &&
    order.paymentGateway === 'cod' &&
    order.status !== 'pending' &&
    order.status !== 'cancelled' &&
    paysTotal(payment, order.totalPaise)
  ) {
    ctx.log.warn(
      { orderId: order.id, paymentId: payment.id },
      'online capture for an order confirmed for cash on delivery; refunding it',
    );
    return {
      result: mismatchAnswer(order),
      refund: fullRefund(
        'The order is paid cash on delivery: this online payment is refunded',
        'amount-mismatch',
      ),
    };
  }
  if (outcome.kind === 'paid' && !paysTotal(payment, order.totalPaise)) {
    // Cash on delivery was chosen (adding its fee) after this online payment had begun, and the
    // shopper then paid online: the payment settles the order, which loses the fee.
    const withoutCodFee = order.totalPaise - order.codFeePaise;
    const paysWithoutCodFee =
      order.status === 'pending' &&
      order.paymentStatus === 'Pending' &&
      order.codFeePaise > 0 &&
      paysTotal(payment, withoutCodFee);
    if (paysWithoutCodFee) await setCodFee(tx, order.id, 0);
    else {
      // Cash on delivery confirmed the order meanwhile, it was cancelled, or its total changed
      // otherwise: the order stays as it is and this capture goes back in full (the refund
      // mail tells the shopper).
      ctx.log.warn(
        { orderId: order.id, paymentId: payment.id, totalPaise: order.totalPaise },
        'capture does not pay the order total; refunding it',
      );
      await holdMoneyOfCancelledOrder(tx, order);
      return {
        result: order.status === 'cancelled' ? refundedAnswer(order) : mismatchAnswer(order),
        refund: fullRefund(
          order.status === 'cancelled'
            ? 'Payment received after the order was cancelled'
            : order.paymentGateway === 'cod' && order.status !== 'pending'
              ? 'The order is paid cash on delivery: this online payment is refunded'
              : 'The payment did not match the order total',
          'amount-mismatch',
        ),
      };
    }
  }
  if (order.status === 'cancelled') {
    const note = `Payment received via ${label} after the order was cancelled; stock reserved again`;
    if (
      !(await confirmCancelledOrderIfStockAllows(ctx, tx, order.id, {
        gateway: payment.gateway,
        note,
        label,
      }))
    ) {
      ctx.log.warn(
        { orderId: order.id, paymentId: payment.id },
        'capture for a cancelled order without stock; refunding it',
      );
      await holdMoneyOfCancelledOrder(tx, order);
      return {
        result: refundedAnswer(order),
        refund: fullRefund('Payment received after the order was cancelled', 'late-capture'),
      };
    }
  } else {
    await confirmOrder(ctx, tx, order.id, {
      paymentStatus: outcome.kind === 'paid' ? 'Paid' : 'Pending',
      gateway: payment.gateway,
      note: outcome.kind === 'paid' ? `Payment received via ${label}` : `Confirmed: ${label}`,
      label,
    });
  }
  return { result: resultOfPayment({ status: next, errorMessage }) };
}
