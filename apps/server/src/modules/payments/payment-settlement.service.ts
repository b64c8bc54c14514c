import { formatPaise } from '@shop/contract/money';
import { paymentMessages, type VerifyPaymentResult } from '@shop/contract/payments';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { queueMail } from '../mail/mail.service.ts';
import { confirmOrder, failOrderPayment } from '../orders/order-lifecycle.service.ts';
import {
  customerEmail,
  lockOrder,
  lockPayment,
  type PaymentRow,
  type PaymentStatusValue,
  recordEvent,
  updatePayment,
} from './payments.repository.ts';

/** What the gateway (or the shopper's choice of cash on delivery) says happened. */
export type PaymentOutcome =
  | { kind: 'paid'; gatewayPaymentId?: string | undefined; raw?: unknown }
  | { kind: 'failed'; reason: string; gatewayPaymentId?: string | undefined; raw?: unknown }
  /** Cash on delivery chosen: the order is confirmed, the money comes later. */
  | { kind: 'cod'; raw?: unknown }
  /** The gateway has not decided yet (e.g. Paytm PENDING): nothing changes on the order. */
  | { kind: 'processing'; raw?: unknown };

export interface GatewayEvent {
  gateway: string;
  eventId: string;
  eventType: string;
  payload: unknown;
}

/** Payment rows only move forward: created → pending → failed → paid (captured money wins). */
const rank: Record<PaymentStatusValue, number> = { created: 0, pending: 1, failed: 2, paid: 3 };
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

/** The answer of verify_payment for a payment row as it now stands. */
export function resultOfPayment(payment: Pick<PaymentRow, 'status' | 'errorMessage'>): VerifyPaymentResult {
  switch (payment.status as PaymentStatusValue) {
    case 'paid':
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

/**
 * Applies a gateway outcome to one payment and its order in ONE transaction: the order row is
 * locked first (so browser verification and webhooks of the same order queue up), a webhook's
 * event id is recorded (a repeat changes nothing), the payment moves only forward, the order is
 * confirmed or failed through the order lifecycle, and the confirmation mail is queued when the
 * order becomes confirmed. Any repetition or interleaving converges on the same state.
 */
export async function settlePayment(
  ctx: AppContext,
  paymentId: number,
  orderId: number,
  outcome: PaymentOutcome,
  event?: GatewayEvent,
): Promise<VerifyPaymentResult> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const payment = await lockPayment(tx, paymentId);
    if (!order || !payment) throw AppError.notFound(paymentMessages.noPaymentStarted);
    if (event && !(await recordEvent(tx, event))) return resultOfPayment(payment);

    const next = statusOfOutcome[outcome.kind];
    const current = payment.status as PaymentStatusValue;
    if (rank[next] <= rank[current]) return resultOfPayment(payment);
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
    const label = gatewayLabels[payment.gateway] ?? payment.gateway;
    const becomesConfirmed = order.status === 'pending';

    if (outcome.kind === 'failed') {
      // Only an unconfirmed order is cancelled: a failed online attempt on an order already
      // confirmed (cash on delivery) or paid leaves that order as it is.
      if (order.status === 'pending') {
        await failOrderPayment(tx, order.id, { gateway: payment.gateway, reason: outcome.reason });
      }
    } else if (outcome.kind === 'paid' || outcome.kind === 'cod') {
      if (order.status === 'cancelled') {
        // Money captured for an order that was already cancelled (e.g. its reservation ran out):
        // keep the payment as paid and leave a trail for a refund; the order stays cancelled.
        ctx.log.error(
          { orderId: order.id, paymentId: payment.id },
          'payment captured for a cancelled order; refund needed',
        );
        return { payment_status: 'Paid', payment_verification_error_message: null };
      }
      await confirmOrder(tx, order.id, {
        paymentStatus: outcome.kind === 'paid' ? 'Paid' : 'Pending',
        gateway: payment.gateway,
        note: outcome.kind === 'paid' ? `Payment received via ${label}` : `Confirmed: ${label}`,
      });
      const email = becomesConfirmed ? await customerEmail(tx, order.customerId) : undefined;
      if (email) {
        await queueMail(ctx, tx, {
          kind: 'order-placed',
          to: email,
          subject: `Order ${order.orderNumber} placed successfully`,
          heading: 'Thank you for your order',
          highlight: order.orderNumber,
          paragraphs: [
            `Your order ${order.orderNumber} is confirmed. Total: ${formatPaise(order.totalPaise)}.`,
            outcome.kind === 'paid'
              ? `We have received your payment via ${label}.`
              : `Please keep ${formatPaise(order.totalPaise)} ready: you pay in cash on delivery.`,
            `You can follow your order at ${ctx.config.publicUrl}/orders/${order.id}.`,
          ],
        });
      }
    }
    return resultOfPayment({ status: next, errorMessage });
  });
}
