import { createHash } from 'node:crypto';
import { decimalToMinor, paymentMessages } from '@shop/contract/payments';
import { verifyPaytmSignature } from '@shop/gateway-sim/signatures/paytm';
import { verifyRazorpayWebhookSignature } from '@shop/gateway-sim/signatures/razorpay';
import { AppError } from '../../http/app-error.ts';
import { type GatewaySettings, resolveGateway } from './gateway-settings.ts';
import { paypalVerdict, paytmVerdict, razorpayVerdict, type Verdict } from './gateway-verdicts.ts';
import { asRecord, asString } from './gateways/gateway-http.ts';
import { paypalClient } from './gateways/paypal.client.ts';
import { type GatewayEvent, settlePayment } from './payment-settlement.service.ts';
import {
  findGateway,
  findPaymentByGatewayOrder,
  type PaymentRow,
  recordEvent,
} from './payments.repository.ts';
import type { PaymentsDeps } from './payments.service.ts';
import { handleRefundWebhook } from './refunds.service.ts';

const invalidSignature = () => new AppError('bad-request', 'Invalid webhook signature.');

async function settingsOf<G extends 'razorpay' | 'paytm' | 'paypal'>(
  deps: PaymentsDeps,
  gateway: G,
): Promise<Extract<GatewaySettings, { gateway: G }>> {
  const row = await findGateway(deps.ctx.db, gateway);
  const settings = row ? resolveGateway(row, deps.ctx.config, deps.origin()) : undefined;
  const isWanted = (s: GatewaySettings | undefined): s is Extract<GatewaySettings, { gateway: G }> =>
    s?.gateway === gateway;
  if (!isWanted(settings)) throw AppError.notFound('This payment gateway is not configured.');
  return settings;
}

/**
 * Settles a verified webhook's verdict together with its event id (one transaction); events
 * that change nothing are still recorded so that a repeat is recognised.
 */
async function apply(
  deps: PaymentsDeps,
  payment: PaymentRow | undefined,
  verdict: Verdict | null,
  event: GatewayEvent,
) {
  if (payment && verdict && 'outcome' in verdict) {
    await settlePayment(deps.ctx, payment.id, payment.orderId, verdict.outcome, event);
    return;
  }
  await deps.ctx.db.transaction((tx) => recordEvent(tx, event));
}

/** Razorpay: X-Razorpay-Signature over the raw body with the webhook secret. */
export async function handleRazorpayWebhook(
  deps: PaymentsDeps,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<void> {
  const settings = await settingsOf(deps, 'razorpay');
  if (!verifyRazorpayWebhookSignature(rawBody, headers['x-razorpay-signature'], settings.webhookSecret)) {
    throw invalidSignature();
  }
  let body: Record<string, unknown>;
  try {
    body = asRecord(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('bad-request', 'The webhook body is not JSON.');
  }
  const eventType = asString(body.event) ?? '';
  const eventId = headers['x-razorpay-event-id'] ?? createHash('sha256').update(rawBody).digest('hex');
  if (await handleRefundWebhook(deps.ctx, { gateway: 'razorpay', eventId, eventType, payload: body })) return;
  const entity = asRecord(asRecord(asRecord(body.payload).payment).entity);
  const event: GatewayEvent = {
    gateway: 'razorpay',
    eventId,
    eventType,
    payload: body,
  };
  const gatewayOrderId = asString(entity.order_id);
  const payment = gatewayOrderId
    ? await findPaymentByGatewayOrder(deps.ctx.db, 'razorpay', gatewayOrderId)
    : undefined;
  const paymentId = asString(entity.id);
  let verdict: Verdict | null = null;
  if (payment && paymentId) {
    if (eventType === 'payment.failed') {
      verdict = {
        outcome: {
          kind: 'failed',
          reason: asString(entity.error_description) ?? paymentMessages.paymentDeclined,
          gatewayPaymentId: paymentId,
          raw: entity,
        },
      };
    } else if (['payment.captured', 'order.paid', 'payment.authorized'].includes(eventType)) {
      // The API is asked (and an authorised payment captured) rather than trusting the event's copy.
      verdict = await razorpayVerdict(settings, payment, paymentId);
    }
  }
  await apply(deps, payment, verdict, event);
}

/** Paytm: the notification's CHECKSUMHASH is checked, then the Status API decides. */
export async function handlePaytmWebhook(deps: PaymentsDeps, params: Record<string, unknown>): Promise<void> {
  const settings = await settingsOf(deps, 'paytm');
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') fields[key] = value;
  if (!verifyPaytmSignature(fields, settings.merchantKey, fields.CHECKSUMHASH)) throw invalidSignature();
  if (fields.MID !== settings.mid) throw invalidSignature();
  const { CHECKSUMHASH: _checksum, ...payload } = fields;
  const event: GatewayEvent = {
    gateway: 'paytm',
    eventId: `${fields.ORDERID ?? ''}:${fields.TXNID ?? ''}:${fields.STATUS ?? ''}`,
    eventType: fields.STATUS ?? '',
    payload,
  };
  const payment = fields.ORDERID
    ? await findPaymentByGatewayOrder(deps.ctx.db, 'paytm', fields.ORDERID)
    : undefined;
  const verdict = payment ? await paytmVerdict(settings, payment) : null;
  await apply(deps, payment, verdict, event);
}

/** PayPal: the event is verified by PayPal's verify-webhook-signature call. */
export async function handlePaypalWebhook(
  deps: PaymentsDeps,
  rawBody: Buffer,
  headers: Record<string, string | undefined>,
): Promise<void> {
  const settings = await settingsOf(deps, 'paypal');
  let body: Record<string, unknown>;
  try {
    body = asRecord(JSON.parse(rawBody.toString('utf8')));
  } catch {
    throw new AppError('bad-request', 'The webhook body is not JSON.');
  }
  if (!headers['paypal-transmission-sig'] || !(await paypalClient(settings).verifyWebhook(headers, body))) {
    throw invalidSignature();
  }
  const eventType = asString(body.event_type) ?? '';
  const resource = asRecord(body.resource);
  const eventId = asString(body.id) ?? createHash('sha256').update(rawBody).digest('hex');
  if (await handleRefundWebhook(deps.ctx, { gateway: 'paypal', eventId, eventType, payload: body })) return;
  const event: GatewayEvent = {
    gateway: 'paypal',
    eventId,
    eventType,
    payload: body,
  };
  const gatewayOrderId =
    eventType === 'CHECKOUT.ORDER.APPROVED' || eventType === 'CHECKOUT.ORDER.COMPLETED'
      ? asString(resource.id)
      : asString(asRecord(asRecord(resource.supplementary_data).related_ids).order_id);
  const payment = gatewayOrderId
    ? await findPaymentByGatewayOrder(deps.ctx.db, 'paypal', gatewayOrderId)
    : undefined;
  let verdict: Verdict | null = null;
  if (payment) {
    if (eventType === 'PAYMENT.CAPTURE.DENIED' || eventType === 'PAYMENT.CAPTURE.DECLINED') {
      verdict = { outcome: { kind: 'failed', reason: paymentMessages.paymentDeclined, raw: resource } };
    } else if (eventType === 'PAYMENT.CAPTURE.COMPLETED') {
      const amount = asRecord(resource.amount);
      const matches =
        decimalToMinor(amount.value) === payment.amountMinor && amount.currency_code === payment.currency;
      verdict = matches
        ? { outcome: { kind: 'paid', gatewayPaymentId: asString(resource.id), raw: resource } }
        : null;
    } else if (eventType.startsWith('CHECKOUT.ORDER.')) {
      // Approved but the shopper's browser never came back: capture here; idempotent with verify.
      verdict = await paypalVerdict(settings, payment);
    }
  }
  await apply(deps, payment, verdict, event);
}
