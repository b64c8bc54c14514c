import { decimalToMinor, paymentMessages, type VerifyPaymentResult } from '@shop/contract/payments';
import type { PaypalSettings, PaytmSettings, RazorpaySettings } from './gateway-settings.ts';
import { paypalClient, type PaypalOrderBody } from './gateways/paypal.client.ts';
import { paytmClient } from './gateways/paytm.client.ts';
import { type RazorpayPaymentEntity, razorpayClient } from './gateways/razorpay.client.ts';
import type { PaymentOutcome } from './payment-settlement.service.ts';
import type { PaymentRow } from './payments.repository.ts';

/**
 * What the gateway's own API says about a payment, turned into either an outcome to settle or
 * an answer that changes nothing (unverifiable, not finished, inconsistent).
 */
export type Verdict = { outcome: PaymentOutcome } | { unchanged: VerifyPaymentResult };

export const unchanged = (message: string): Verdict => ({
  unchanged: { payment_status: 'Failed', payment_verification_error_message: message },
});

/** Razorpay: the payment as the API reports it; authorised payments are captured here. */
export async function razorpayVerdict(
  settings: RazorpaySettings,
  payment: PaymentRow,
  paymentId: string,
): Promise<Verdict> {
  const client = razorpayClient(settings);
  const fetched = await client.fetchPayment(paymentId);
  if (!fetched.ok) return unchanged(paymentMessages.verificationFailed);
  let entity: RazorpayPaymentEntity = fetched.value;
  if (entity.order_id !== payment.gatewayOrderId) return unchanged(paymentMessages.verificationFailed);
  if (entity.amount !== payment.amountMinor || entity.currency !== payment.currency) {
    return unchanged(paymentMessages.amountMismatch);
  }
  if (entity.status === 'authorized') {
    const captured = await client.capturePayment(entity.id, entity.amount, entity.currency);
    if (captured.ok) entity = captured.value;
    else {
      // "already captured" after a race with a webhook: re-read, that is success.
      const again = await client.fetchPayment(entity.id);
      if (again.ok) entity = again.value;
    }
  }
  if (entity.status === 'captured' || entity.status === 'refunded') {
    return { outcome: { kind: 'paid', gatewayPaymentId: entity.id, raw: entity } };
  }
  if (entity.status === 'failed') {
    return {
      outcome: {
        kind: 'failed',
        reason: entity.error_description || paymentMessages.paymentDeclined,
        gatewayPaymentId: entity.id,
        raw: entity,
      },
    };
  }
  return unchanged(paymentMessages.paymentNotComplete);
}

/** Paytm: the Transaction Status API is the truth; order id and amount must match. */
export async function paytmVerdict(settings: PaytmSettings, payment: PaymentRow): Promise<Verdict> {
  if (!payment.gatewayOrderId) return unchanged(paymentMessages.verificationFailed);
  const status = await paytmClient(settings).transactionStatus(payment.gatewayOrderId);
  const { resultStatus, resultMsg } = status.resultInfo;
  if (resultStatus === 'TXN_SUCCESS' || resultStatus === 'TXN_FAILURE' || resultStatus === 'PENDING') {
    if (status.orderId !== payment.gatewayOrderId) return unchanged(paymentMessages.verificationFailed);
  }
  const raw = { ...status };
  switch (resultStatus) {
    case 'TXN_SUCCESS':
      if (decimalToMinor(status.txnAmount) !== payment.amountMinor)
        return unchanged(paymentMessages.amountMismatch);
      return { outcome: { kind: 'paid', gatewayPaymentId: status.txnId, raw } };
    case 'TXN_FAILURE':
      return {
        outcome: {
          kind: 'failed',
          reason: resultMsg || paymentMessages.paymentDeclined,
          gatewayPaymentId: status.txnId,
          raw,
        },
      };
    case 'PENDING':
      return { outcome: { kind: 'processing', raw } };
    default:
      return unchanged(paymentMessages.paymentNotComplete);
  }
}

function paypalCaptureVerdict(payment: PaymentRow, order: PaypalOrderBody): Verdict {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) return unchanged(paymentMessages.paymentNotComplete);
  if (
    decimalToMinor(capture.amount?.value) !== payment.amountMinor ||
    capture.amount?.currency_code !== payment.currency
  ) {
    return unchanged(paymentMessages.amountMismatch);
  }
  switch (capture.status) {
    case 'COMPLETED':
      return order.status === 'COMPLETED'
        ? { outcome: { kind: 'paid', gatewayPaymentId: capture.id, raw: order } }
        : unchanged(paymentMessages.paymentNotComplete);
    case 'DECLINED':
    case 'FAILED':
      return {
        outcome: {
          kind: 'failed',
          reason: paymentMessages.paymentDeclined,
          gatewayPaymentId: capture.id,
          raw: order,
        },
      };
    case 'PENDING':
      return { outcome: { kind: 'processing', raw: order } };
    default:
      return unchanged(paymentMessages.paymentNotComplete);
  }
}

/**
 * PayPal: the server captures the approved order (idempotent through PayPal-Request-Id; an
 * "already captured" answer is followed by a re-read) and checks status, amount and currency
 * against what it stored. Fulfil only on capture COMPLETED.
 */
export async function paypalVerdict(settings: PaypalSettings, payment: PaymentRow): Promise<Verdict> {
  if (!payment.gatewayOrderId) return unchanged(paymentMessages.verificationFailed);
  const client = paypalClient(settings);
  const captured = await client.captureOrder(payment.gatewayOrderId, `kesar-capture-${payment.id}`);
  if (captured.ok) return paypalCaptureVerdict(payment, captured.value);
  switch (captured.issue) {
    case 'ORDER_ALREADY_CAPTURED': {
      const order = await client.getOrder(payment.gatewayOrderId);
      return order.ok
        ? paypalCaptureVerdict(payment, order.value)
        : unchanged(paymentMessages.verificationFailed);
    }
    case 'INSTRUMENT_DECLINED':
      return { outcome: { kind: 'failed', reason: paymentMessages.paymentDeclined, raw: captured } };
    case 'ORDER_NOT_APPROVED':
      return unchanged(paymentMessages.paymentNotComplete);
    default:
      return unchanged(paymentMessages.verificationFailed);
  }
}

export { paypalCaptureVerdict };
