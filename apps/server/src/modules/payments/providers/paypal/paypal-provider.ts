import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@shop/contract/messages';
import { convertPaise, decimalToMinor, minorToDecimal, paymentMessages } from '@shop/contract/payments';
import type { PaypalSettings } from '../../gateway-settings.ts';
import { findPaymentByGatewayOrder, insertPayment, type PaymentRow } from '../../payments.repository.ts';
import { asRecord, asString } from '../gateway-http.ts';
import { type PaymentProvider, settingsView, unchanged, type Verdict } from '../payment-provider.ts';
import { invalidSignature, jsonBodyOf } from '../webhook-body.ts';
import { paypalClient, type PaypalOrderBody } from './paypal.client.ts';
import { paypalRefund, paypalRefundStatus } from './paypal-refund.ts';

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
 * The server captures the approved order (idempotent through PayPal-Request-Id; an "already
 * captured" answer is followed by a re-read) and checks status, amount and currency against what
 * it stored. Fulfil only on capture COMPLETED.
 */
async function paypalVerdict(settings: PaypalSettings, payment: PaymentRow): Promise<Verdict> {
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

/**
 * PayPal: for buyers paying from abroad (no domestic INR for Indian merchants since 1 April
 * 2021), charged in the gateway row's currency at its rate; the server captures, and webhooks are
 * checked by PayPal's verify-webhook-signature call.
 */
export const paypalProvider: PaymentProvider<PaypalSettings> = {
  isConfigured: (settings) => Boolean(settings.clientId && settings.clientSecret),
  publicKey: (settings) => settings.clientId,
  async checkConnection(settings) {
    const answer = await paypalClient(settings).checkCredentials();
    return answer.accepted
      ? { ok: true, message: 'PayPal accepted the client id and secret.' }
      : { ok: false, message: `PayPal refused the keys: ${answer.message}.` };
  },

  async create(deps, settings, order) {
    const cents = convertPaise(order.totalPaise, settings.currencyValue);
    const base = {
      ...order.view,
      currency_value: Number(settings.currencyValue),
      currency_code: settings.currencyCode,
    };
    const view = settingsView(settings, settings.clientId, cents, settings.currencyCode);
    if (cents < 1)
      return { order: { ...base, order_error_message: messages.somethingWentWrong }, settings: view };
    const created = await paypalClient(settings).createOrder({
      referenceId: order.number,
      customId: String(order.id),
      value: minorToDecimal(cents),
      requestId: randomUUID(),
    });
    if (!created.ok) return { order: { ...base, order_error_message: created.message }, settings: view };
    await insertPayment(deps.ctx.db, {
      orderId: order.id,
      gateway: 'paypal',
      gatewayOrderId: created.value.id,
      amountMinor: cents,
      currency: settings.currencyCode,
      currencyValue: settings.currencyValue,
    });
    return { order: { ...base, payment_gateway_order_id: created.value.id }, settings: view };
  },

  verify: (settings, payment) => paypalVerdict(settings, payment),
  status: (settings, payment) => paypalVerdict(settings, payment),

  async readWebhook(_deps, settings, { rawBody, headers }) {
    const payload = jsonBodyOf(rawBody);
    if (
      !headers['paypal-transmission-sig'] ||
      !(await paypalClient(settings).verifyWebhook(headers, payload))
    ) {
      throw invalidSignature();
    }
    return {
      gateway: 'paypal',
      eventType: asString(payload.event_type) ?? '',
      eventId: asString(payload.id) ?? createHash('sha256').update(rawBody).digest('hex'),
      payload,
    };
  },

  async webhookVerdict(deps, settings, { eventType, payload }) {
    const resource = asRecord(payload.resource);
    const gatewayOrderId =
      eventType === 'CHECKOUT.ORDER.APPROVED' || eventType === 'CHECKOUT.ORDER.COMPLETED'
        ? asString(resource.id)
        : asString(asRecord(asRecord(resource.supplementary_data).related_ids).order_id);
    const payment = gatewayOrderId
      ? await findPaymentByGatewayOrder(deps.ctx.db, 'paypal', gatewayOrderId)
      : undefined;
    if (!payment) return { payment, verdict: null };
    if (eventType === 'PAYMENT.CAPTURE.DENIED' || eventType === 'PAYMENT.CAPTURE.DECLINED') {
      return {
        payment,
        verdict: { outcome: { kind: 'failed', reason: paymentMessages.paymentDeclined, raw: resource } },
      };
    }
    if (eventType === 'PAYMENT.CAPTURE.COMPLETED') {
      const amount = asRecord(resource.amount);
      const matches =
        decimalToMinor(amount.value) === payment.amountMinor && amount.currency_code === payment.currency;
      return {
        payment,
        verdict: matches
          ? { outcome: { kind: 'paid', gatewayPaymentId: asString(resource.id), raw: resource } }
          : null,
      };
    }
    // Approved but the shopper's browser never came back: capture here; idempotent with verify.
    if (eventType.startsWith('CHECKOUT.ORDER.'))
      return { payment, verdict: await paypalVerdict(settings, payment) };
    return { payment, verdict: null };
  },

  refund: paypalRefund,
  refundStatus: (settings, call) => paypalRefundStatus(settings, call.gatewayRefundId),
};
