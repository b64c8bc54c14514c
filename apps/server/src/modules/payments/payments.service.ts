import { paiseToRupees } from '@shop/contract/money';
import { orderMessages, type ShippingAddress } from '@shop/contract/orders';
import {
  type CreatePaymentResult,
  isGatewayName,
  type PaymentGatewayView,
  paymentMessages,
  type VerifyPaymentResult,
} from '@shop/contract/payments';
import { AppError } from '../../http/app-error.ts';
import { codTerms } from '../fulfilment/fulfilment.service.ts';
import { customerOrderByRef, ownedOrderRow } from '../orders/order-lifecycle.service.ts';
import { setCodFee } from '../orders/payment-charges.service.ts';
import { type GatewaySettings, resolveGateway } from './gateway-settings.ts';
import { resultOfPayment, settlePayment } from './payment-settlement.service.ts';
import {
  CAPTURED_STATES,
  findGateway,
  findPaymentById,
  findPaymentOfOrder,
  latestPayment,
  listActiveGateways,
  type PaymentRow,
  withdrawCodChoice,
} from './payments.repository.ts';
import { GatewayUnavailable } from './providers/gateway-http.ts';
import {
  type OrderForPayment,
  type PaymentsDeps,
  settingsView,
  unchanged,
  type Verdict,
} from './providers/payment-provider.ts';
import { providerOf } from './providers/registry.ts';
import { stringOf as str } from './providers/webhook-body.ts';

const LOGO_BASE = '/backend/data/payment-gateways';

export type { PaymentsDeps };

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
      api_key: providerOf(settings).publicKey(settings),
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
  if (!settings || !providerOf(settings).isConfigured(settings))
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

type StoredOrder = Awaited<ReturnType<typeof ownedOrderRow>>;

/**
 * The order priced for the chosen way of paying. Cash on delivery must be offered for the
 * delivery pincode and the order (with delivery) must not exceed the zone's limit, else a 422 on
 * payment_gateway says why; it then carries the zone's fee. Any other gateway takes a fee added
 * by an earlier choice of cash on delivery off again, and that choice with it: an empty
 * verify_payment (cash on delivery's, §4) must not confirm the order for cash after the shopper
 * moved on to pay online, nor does the choice count towards the daily cash-on-delivery cap.
 */
async function pricedForGateway(
  deps: PaymentsDeps,
  order: StoredOrder,
  gateway: string,
): Promise<StoredOrder> {
  const { db } = deps.ctx;
  if (gateway !== 'cod')
    return db.transaction(async (tx) => {
      const priced = await setCodFee(tx, order.id, 0); // locks the order row
      if (priced.status === 'pending') await withdrawCodChoice(tx, order.id);
      return priced;
    });
  const address = order.shippingAddress as ShippingAddress;
  const terms = await codTerms(db, address.pin_code, order.totalPaise - order.codFeePaise);
  if (terms.refusal !== null) throw AppError.invalid('payment_gateway', terms.refusal);
  return db.transaction((tx) => setCodFee(tx, order.id, terms.feePaise));
}

/**
 * POST orders/payment: creates the gateway-side order for the shopper's own unpaid order and
 * records a payment row. Gateway refusals come back as `order.order_error_message` (the page
 * shows them); a paid or cancelled order is a 409, and so is another gateway for an order that
 * cash on delivery has confirmed (its total carries the fee, its stock is committed, and a
 * second way of paying would leave two payments that disagree).
 */
export async function createPayment(
  deps: PaymentsDeps,
  customerId: number,
  input: { id: number; payment_gateway: string },
): Promise<CreatePaymentResult> {
  const placed = await ownedOrderRow(deps.ctx.db, customerId, input.id);
  const settings = await activeGateway(deps, input.payment_gateway);
  if (placed.paymentStatus === 'Paid') throw new AppError('conflict', paymentMessages.orderAlreadyPaid);
  if (placed.status === 'cancelled') throw new AppError('conflict', paymentMessages.orderCancelled);
  const codOrder = placed.paymentGateway === 'cod';
  // A repeated cash-on-delivery choice for its own order answers as the first one did.
  if (placed.status !== 'pending' && !(codOrder && settings.gateway === 'cod'))
    throw new AppError(
      'conflict',
      codOrder ? paymentMessages.orderConfirmedCod : paymentMessages.orderConfirmed,
    );
  const order = await pricedForGateway(deps, placed, settings.gateway);
  const address = order.shippingAddress as ShippingAddress;
  const target: OrderForPayment = {
    id: order.id,
    number: order.orderNumber,
    totalPaise: order.totalPaise,
    customerId,
    view: {
      id: order.id,
      order_id: order.orderNumber,
      total_amount: paiseToRupees(order.totalPaise),
      currency_value: 1,
      currency_code: 'INR',
      payment_gateway_order_id: null,
      payment_transaction_token: null,
      order_error_message: null,
      shipping_details: {
        contact_person: address.contact_person,
        full_address: address.full_address,
      },
    },
  };
  const provider = providerOf(settings);
  try {
    return await provider.create(deps, settings, target);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.ctx.log.warn({ err: error.message, gateway: settings.gateway }, 'payment gateway unavailable');
    return {
      order: { ...target.view, order_error_message: paymentMessages.gatewayUnavailable },
      settings: settingsView(settings, provider.publicKey(settings), null, 'INR'),
    };
  }
}

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
  const ref = await customerOrderByRef(deps.ctx.db, customerId, input.order_id);
  if (!ref) throw AppError.notFound(orderMessages.notFound);
  const payload = input.payload ?? {};
  const payment = await paymentOfPayload(deps, ref.id, payload);
  if (!payment) {
    // Nothing to choose any more on a cancelled order: say what the payment step says.
    if (ref.status === 'cancelled') throw new AppError('conflict', paymentMessages.orderCancelled);
    throw AppError.invalid('order_id', paymentMessages.noPaymentStarted);
  }
  // The order as it stands now, read after the payment: a settlement (a webhook) commits both at
  // once, so an order read before it could still look unpaid beside a captured payment.
  if (CAPTURED_STATES.has(payment.status))
    return resultOfPayment(payment, (await customerOrderByRef(deps.ctx.db, customerId, ref.id)) ?? ref);
  const result = await checkWithGateway(deps, payment, payload);
  if (result.payment_status === 'Paid') return result;
  // A cancelled order whose payment took no money has nothing left to pay: "Pending" would read
  // as a placed order (the storefront clears the cart and says so), a failure as a retry to make.
  const order = await customerOrderByRef(deps.ctx.db, customerId, ref.id);
  if (order?.status === 'cancelled') {
    const now = await findPaymentById(deps.ctx.db, payment.id);
    if (!now || !CAPTURED_STATES.has(now.status))
      throw new AppError('conflict', paymentMessages.orderCancelled);
  }
  return result;
}

/** Asks the gateway about a payment that has not captured money yet, and settles its answer. */
async function checkWithGateway(
  deps: PaymentsDeps,
  payment: PaymentRow,
  payload: Record<string, unknown>,
): Promise<VerifyPaymentResult> {
  // A failed attempt is not final: Razorpay lets the shopper retry on the same gateway order, and
  // the browser then points at the new payment, which is checked like the first.
  const retried = str(payload.razorpay_payment_id);
  const isRetry = payment.gateway === 'razorpay' && retried && retried !== payment.gatewayPaymentId;
  if (payment.status === 'failed' && !isRetry) return resultOfPayment(payment);

  const settings = await settingsOfPayment(deps, payment);
  let verdict: Verdict;
  try {
    verdict = await providerOf(settings).verify(settings, payment, payload);
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
