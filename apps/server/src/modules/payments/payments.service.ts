import { randomBytes, randomUUID } from 'node:crypto';
import { messages } from '@shop/contract/messages';
import { rupeesToPaise } from '@shop/contract/money';
import { orderMessages } from '@shop/contract/orders';
import {
  type CreatePaymentResult,
  checkCardCheckoutOptions,
  convertPaise,
  isGatewayName,
  minorToDecimal,
  type PaymentGatewayView,
  type PaymentOrderView,
  type PaymentSettingsView,
  paymentMessages,
  type VerifyPaymentResult,
} from '@shop/contract/payments';
import { verifyRazorpayPaymentSignature } from '@shop/gateway-sim/signatures/razorpay';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { getOwnedOrder } from '../orders/order-lifecycle.service.ts';
import {
  type GatewaySettings,
  type PaypalSettings,
  type PaytmSettings,
  publicKeyOf,
  type RazorpaySettings,
  resolveGateway,
} from './gateway-settings.ts';
import { paypalVerdict, paytmVerdict, razorpayVerdict, unchanged, type Verdict } from './gateway-verdicts.ts';
import { GatewayUnavailable } from './gateways/gateway-http.ts';
import { paypalClient } from './gateways/paypal.client.ts';
import { paytmClient } from './gateways/paytm.client.ts';
import { razorpayClient } from './gateways/razorpay.client.ts';
import { resultOfPayment, settlePayment } from './payment-settlement.service.ts';
import { CAPTURED_STATES } from './refunds.service.ts';
import {
  findCustomerOrderRef,
  findGateway,
  findPaymentOfOrder,
  insertPayment,
  latestPayment,
  listActiveGateways,
  type PaymentRow,
} from './payments.repository.ts';

const SHOP_NAME = 'Kesar Foods & Locks';
const LOGO_BASE = '/backend/data/payment-gateways';

/** What the payment services need besides the context: how the server reaches itself. */
export interface PaymentsDeps {
  ctx: AppContext;
  origin: () => string;
}

function logoOf(internalName: string, logo: string): string {
  if (!logo) return `${LOGO_BASE}/${internalName}-logo.png`;
  if (logo.startsWith('/') || /^https?:\/\//.test(logo)) return logo;
  return `${LOGO_BASE}/${logo}`;
}

/** GET orders/payment_gateways: the active gateways with public values only. */
export async function listPaymentGateways(deps: PaymentsDeps): Promise<PaymentGatewayView[]> {
  const rows = await listActiveGateways(deps.ctx.db);
  const views: PaymentGatewayView[] = [];
  for (const row of rows) {
    const settings = resolveGateway(row, deps.ctx.config, deps.origin());
    if (!settings) continue;
    views.push({
      id: row.id,
      name: row.name,
      internal_name: row.internalName,
      environment: row.environment,
      api_key: publicKeyOf(settings),
      is_default: row.isDefault ? 1 : 0,
      logo: logoOf(row.internalName, row.logo),
      display_order: row.displayOrder,
    });
  }
  return views;
}

/** An active, known and configured gateway, or 422 'Selected payment gateway is not supported'. */
async function activeGateway(deps: PaymentsDeps, name: string): Promise<GatewaySettings> {
  const row = isGatewayName(name) ? await findGateway(deps.ctx.db, name) : undefined;
  const settings = row?.isActive ? resolveGateway(row, deps.ctx.config, deps.origin()) : undefined;
  const configured =
    settings &&
    (settings.gateway === 'cod' ||
      (settings.gateway === 'razorpay' && settings.keyId && settings.keySecret) ||
      (settings.gateway === 'paytm' && settings.mid && settings.merchantKey.length === 16) ||
      (settings.gateway === 'paypal' && settings.clientId && settings.clientSecret));
  if (!settings || !configured)
    throw AppError.invalid('payment_gateway', paymentMessages.gatewayNotSupported);
  return settings;
}

/** The settings of the gateway a payment row was made with (even if deactivated since). */
async function settingsOfPayment(deps: PaymentsDeps, payment: PaymentRow): Promise<GatewaySettings> {
  const row = await findGateway(deps.ctx.db, payment.gateway);
  const settings = row ? resolveGateway(row, deps.ctx.config, deps.origin()) : undefined;
  if (!settings) throw AppError.invalid('payment_gateway', paymentMessages.gatewayNotSupported);
  return settings;
}

function settingsView(
  settings: GatewaySettings,
  amount: number | null,
  currency: string,
): PaymentSettingsView {
  return {
    gateway: settings.gateway,
    environment: settings.environment,
    key: settings.gateway === 'cod' ? null : publicKeyOf(settings),
    mid: settings.gateway === 'paytm' ? settings.mid : null,
    script_url: settings.gateway === 'cod' ? null : settings.scriptUrl,
    currency,
    amount,
    name: SHOP_NAME,
  };
}

interface OrderForPayment {
  id: number;
  number: string;
  totalPaise: number;
  customerId: number;
  view: PaymentOrderView;
}

/**
 * POST orders/payment: creates the gateway-side order for the shopper's own unpaid order and
 * records a payment row. Gateway refusals come back as `order.order_error_message` (the page
 * shows them); a paid or cancelled order is a 409.
 */
export async function createPayment(
  deps: PaymentsDeps,
  customerId: number,
  input: { id: number; payment_gateway: string },
): Promise<CreatePaymentResult> {
  const order = await getOwnedOrder(deps.ctx.db, customerId, input.id);
  const settings = await activeGateway(deps, input.payment_gateway);
  if (order.payment_status === 'Paid') throw new AppError('conflict', paymentMessages.orderAlreadyPaid);
  if (order.status === 'cancelled') throw new AppError('conflict', paymentMessages.orderCancelled);
  const target: OrderForPayment = {
    id: order.id,
    number: order.order_id,
    totalPaise: rupeesToPaise(order.total_amount),
    customerId,
    view: {
      id: order.id,
      order_id: order.order_id,
      total_amount: order.total_amount,
      currency_value: 1,
      currency_code: 'INR',
      payment_gateway_order_id: null,
      payment_transaction_token: null,
      order_error_message: null,
      shipping_details: {
        contact_person: order.shipping_address.contact_person,
        full_address: order.shipping_address.full_address,
      },
    },
  };
  try {
    switch (settings.gateway) {
      case 'cod':
        return await createCodPayment(deps, settings, target);
      case 'razorpay':
        return await createRazorpayPayment(deps, settings, target);
      case 'paytm':
        return await createPaytmPayment(deps, settings, target);
      case 'paypal':
        return await createPaypalPayment(deps, settings, target);
    }
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.ctx.log.warn({ err: error.message, gateway: settings.gateway }, 'payment gateway unavailable');
    return {
      order: { ...target.view, order_error_message: paymentMessages.gatewayUnavailable },
      settings: settingsView(settings, null, 'INR'),
    };
  }
}

async function createCodPayment(
  deps: PaymentsDeps,
  settings: GatewaySettings,
  order: OrderForPayment,
): Promise<CreatePaymentResult> {
  const existing = await latestPayment(deps.ctx.db, order.id, 'cod');
  if (!existing) {
    await insertPayment(deps.ctx.db, {
      orderId: order.id,
      gateway: 'cod',
      amountMinor: order.totalPaise,
      currency: 'INR',
    });
  }
  return { order: order.view, settings: settingsView(settings, order.totalPaise, 'INR') };
}

async function createRazorpayPayment(
  deps: PaymentsDeps,
  settings: RazorpaySettings,
  order: OrderForPayment,
): Promise<CreatePaymentResult> {
  const view = settingsView(settings, order.totalPaise, 'INR');
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
}

async function createPaytmPayment(
  deps: PaymentsDeps,
  settings: PaytmSettings,
  order: OrderForPayment,
): Promise<CreatePaymentResult> {
  const view = settingsView(settings, order.totalPaise, 'INR');
  // One Paytm order id per attempt (Paytm refuses a repeated id): order number + a short suffix.
  const paytmOrderId = `${order.number}_${randomBytes(4).toString('hex')}`.replace(/[^A-Za-z0-9@\-_.]/g, '-');
  const initiated = await paytmClient(settings).initiateTransaction({
    orderId: paytmOrderId,
    amount: minorToDecimal(order.totalPaise),
    custId: `CUST_${order.customerId}`,
    callbackUrl: `${deps.ctx.config.publicUrl}/backend/api/web/payments/webhooks/paytm`,
  });
  if (initiated.resultInfo.resultStatus !== 'S') {
    return { order: { ...order.view, order_error_message: initiated.resultInfo.resultMsg }, settings: view };
  }
  if (!initiated.txnToken) return { order: order.view, settings: view };
  await insertPayment(deps.ctx.db, {
    orderId: order.id,
    gateway: 'paytm',
    gatewayOrderId: paytmOrderId,
    amountMinor: order.totalPaise,
    currency: 'INR',
  });
  return {
    order: {
      ...order.view,
      payment_gateway_order_id: paytmOrderId,
      payment_transaction_token: initiated.txnToken,
    },
    settings: view,
  };
}

async function createPaypalPayment(
  deps: PaymentsDeps,
  settings: PaypalSettings,
  order: OrderForPayment,
): Promise<CreatePaymentResult> {
  const cents = convertPaise(order.totalPaise, settings.currencyValue);
  const base = {
    ...order.view,
    currency_value: Number(settings.currencyValue),
    currency_code: settings.currencyCode,
  };
  const view = settingsView(settings, cents, settings.currencyCode);
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
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The payment row the browser's payload refers to, among this order's own payments. */
async function paymentOfPayload(deps: PaymentsDeps, orderId: number, payload: Record<string, unknown>) {
  const hints: Array<[string, string | undefined]> = [
    ['razorpay', str(payload.razorpay_order_id)],
    ['paytm', str(payload.ORDERID) ?? str(payload.orderId)],
    ['paypal', str(payload.orderID)],
  ];
  for (const [gateway, gatewayOrderId] of hints) {
    if (!gatewayOrderId) continue;
    const row = await findPaymentOfOrder(deps.ctx.db, orderId, gateway, gatewayOrderId);
    if (row) return row;
  }
  return latestPayment(deps.ctx.db, orderId);
}

/**
 * POST orders/verify_payment: re-checks the payment with the gateway (nothing from the browser
 * is trusted beyond pointing at which payment to check) and settles it. A repeat answers the
 * settled state.
 */
export async function verifyPayment(
  deps: PaymentsDeps,
  customerId: number,
  input: { order_id: number | string; payload?: Record<string, unknown> | null | undefined },
): Promise<VerifyPaymentResult> {
  const ref = await findCustomerOrderRef(deps.ctx.db, customerId, input.order_id);
  if (!ref) throw AppError.notFound(orderMessages.notFound);
  const payload = input.payload ?? {};
  const payment = await paymentOfPayload(deps, ref.id, payload);
  if (!payment) throw AppError.invalid('order_id', paymentMessages.noPaymentStarted);
  if (CAPTURED_STATES.has(payment.status)) return resultOfPayment(payment, ref);
  // A failed attempt is not final: Razorpay lets the shopper retry on the same gateway order, and
  // the browser then points at the new payment, which is checked like the first.
  const retried = str(payload.razorpay_payment_id);
  const isRetry = payment.gateway === 'razorpay' && retried && retried !== payment.gatewayPaymentId;
  if (payment.status === 'failed' && !isRetry) return resultOfPayment(payment);

  const settings = await settingsOfPayment(deps, payment);
  let verdict: Verdict;
  try {
    verdict = await verdictOf(settings, payment, payload);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.ctx.log.warn(
      { err: error.message, gateway: payment.gateway },
      'payment verification: gateway unavailable',
    );
    verdict = unchanged(paymentMessages.gatewayUnavailable);
  }
  if ('unchanged' in verdict) return verdict.unchanged;
  return settlePayment(deps.ctx, payment.id, payment.orderId, verdict.outcome);
}

async function verdictOf(
  settings: GatewaySettings,
  payment: PaymentRow,
  payload: Record<string, unknown>,
): Promise<Verdict> {
  switch (settings.gateway) {
    case 'cod':
      return { outcome: { kind: 'cod' } };
    case 'razorpay': {
      const paymentId = str(payload.razorpay_payment_id);
      const signatureOk =
        paymentId !== undefined &&
        verifyRazorpayPaymentSignature({
          orderId: payment.gatewayOrderId ?? '',
          paymentId,
          signature: str(payload.razorpay_signature) ?? '',
          keySecret: settings.keySecret,
        });
      if (!paymentId || !signatureOk) return unchanged(paymentMessages.verificationFailed);
      return razorpayVerdict(settings, payment, paymentId);
    }
    case 'paytm':
      return paytmVerdict(settings, payment);
    case 'paypal':
      return paypalVerdict(settings, payment);
  }
}
