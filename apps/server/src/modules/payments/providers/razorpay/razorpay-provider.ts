import { createHash } from 'node:crypto';
import { checkCardCheckoutOptions, paymentMessages } from '@shop/contract/payments';
import {
  verifyRazorpayPaymentSignature,
  verifyRazorpayWebhookSignature,
} from '@shop/gateway-sim/signatures/razorpay';
import type { RazorpaySettings } from '../../gateway-settings.ts';
import {
  CAPTURED_STATES,
  findPaymentByGatewayOrder,
  insertPayment,
  latestPayment,
  type PaymentRow,
} from '../../payments.repository.ts';
import { asRecord, asString } from '../gateway-http.ts';
import { invalidSignature, jsonBodyOf, stringOf } from '../webhook-body.ts';
import { type PaymentProvider, settingsView, unchanged, type Verdict } from '../payment-provider.ts';
import { type RazorpayPaymentEntity, razorpayClient } from './razorpay.client.ts';
import { razorpayRefund, razorpayRefundStatus } from './razorpay-refund.ts';

/** The payment as Razorpay's API reports it; an authorised payment is captured here. */
async function razorpayVerdict(
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

/**
 * Razorpay: one Razorpay order per purchase (a retry after a declined card pays the same one),
 * the browser's payment id checked by its HMAC signature and then fetched from the API,
 * webhooks signed with the webhook secret over the raw body.
 */
export const razorpayProvider: PaymentProvider<RazorpaySettings> = {
  isConfigured: (settings) => Boolean(settings.keyId && settings.keySecret),
  publicKey: (settings) => settings.keyId,
  async checkConnection(settings) {
    const answer = await razorpayClient(settings).latestPayments();
    return answer.ok
      ? { ok: true, message: 'Razorpay accepted the key id and secret.' }
      : { ok: false, message: `Razorpay refused the keys: ${answer.description} (${answer.status}).` };
  },

  async create(deps, settings, order) {
    const view = settingsView(settings, settings.keyId, order.totalPaise, 'INR');
    const check = checkCardCheckoutOptions({
      key: settings.keyId,
      amount: order.totalPaise,
      currency: 'INR',
      notes: { order_number: order.number, customer_id: String(order.customerId) },
    });
    if (!check.ok) return { order: { ...order.view, order_error_message: check.message }, settings: view };
    // One Razorpay order per purchase: "Pay now" after a declined card retries on the same one.
    const open = await latestPayment(deps.ctx.db, order.id, 'razorpay');
    if (
      open?.gatewayOrderId &&
      !CAPTURED_STATES.has(open.status) &&
      open.amountMinor === check.options.amount
    ) {
      return { order: { ...order.view, payment_gateway_order_id: open.gatewayOrderId }, settings: view };
    }
    const notes = Object.fromEntries(Object.entries(check.options.notes).map(([k, v]) => [k, String(v)]));
    const created = await razorpayClient(settings).createOrder({
      amount: check.options.amount,
      currency: check.options.currency,
      receipt: order.number.slice(0, 40),
      notes,
    });
    if (!created.ok)
      return { order: { ...order.view, order_error_message: created.description }, settings: view };
    await insertPayment(deps.ctx.db, {
      orderId: order.id,
      gateway: 'razorpay',
      gatewayOrderId: created.value.id,
      amountMinor: check.options.amount,
      currency: check.options.currency,
      raw: created.value,
    });
    return { order: { ...order.view, payment_gateway_order_id: created.value.id }, settings: view };
  },

  async verify(settings, payment, payload) {
    const paymentId = stringOf(payload.razorpay_payment_id);
    const signatureOk =
      paymentId !== undefined &&
      verifyRazorpayPaymentSignature({
        orderId: payment.gatewayOrderId ?? '',
        paymentId,
        signature: stringOf(payload.razorpay_signature) ?? '',
        keySecret: settings.keySecret,
      });
    if (!paymentId || !signatureOk) return unchanged(paymentMessages.verificationFailed);
    return razorpayVerdict(settings, payment, paymentId);
  },

  /** The payments of the Razorpay order: a captured or authorised one settles it. */
  async status(settings, payment) {
    if (!payment.gatewayOrderId) return undefined;
    const list = await razorpayClient(settings).fetchOrderPayments(payment.gatewayOrderId);
    if (!list.ok) return undefined;
    const items = list.value.items ?? [];
    const money = items.find((p) => p.status === 'captured' || p.status === 'authorized');
    if (money) return razorpayVerdict(settings, payment, money.id);
    if (items.some((p) => p.status === 'created')) return { outcome: { kind: 'processing' } };
    return undefined;
  },

  async readWebhook(_deps, settings, { rawBody, headers }) {
    if (!verifyRazorpayWebhookSignature(rawBody, headers['x-razorpay-signature'], settings.webhookSecret)) {
      throw invalidSignature();
    }
    const payload = jsonBodyOf(rawBody);
    return {
      gateway: 'razorpay',
      eventType: asString(payload.event) ?? '',
      eventId: headers['x-razorpay-event-id'] ?? createHash('sha256').update(rawBody).digest('hex'),
      payload,
    };
  },

  async webhookVerdict(deps, settings, { eventType, payload }) {
    const entity = asRecord(asRecord(asRecord(payload.payload).payment).entity);
    const gatewayOrderId = asString(entity.order_id);
    const payment = gatewayOrderId
      ? await findPaymentByGatewayOrder(deps.ctx.db, 'razorpay', gatewayOrderId)
      : undefined;
    const paymentId = asString(entity.id);
    if (!payment || !paymentId) return { payment, verdict: null };
    if (eventType === 'payment.failed') {
      const reason = asString(entity.error_description) ?? paymentMessages.paymentDeclined;
      return {
        payment,
        verdict: { outcome: { kind: 'failed', reason, gatewayPaymentId: paymentId, raw: entity } },
      };
    }
    if (['payment.captured', 'order.paid', 'payment.authorized'].includes(eventType)) {
      // The API is asked (and an authorised payment captured) rather than trusting the event's copy.
      return { payment, verdict: await razorpayVerdict(settings, payment, paymentId) };
    }
    return { payment, verdict: null };
  },

  refund: razorpayRefund,
  refundStatus: (settings, call) => razorpayRefundStatus(settings, call.gatewayRefundId),
};
