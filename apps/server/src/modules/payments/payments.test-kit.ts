import type { CheckoutResult, Order } from '@shop/contract/orders';
import type { CreatePaymentResult, VerifyPaymentResult } from '@shop/contract/payments';
import { demoAccounts } from '@shop/gateway-sim/accounts';
import type { GatewaySimulators } from '@shop/gateway-sim/simulators';
import type { DbOrTx } from '@shop/db/client';
import { mailOutbox, orders, paymentGateways, payments } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeAddress, makeCustomer, makeProduct, setSetting } from '../orders/orders.test-kit.ts';

/** Test helpers for the payments module: the real app listening on a free port with its simulators. */

export const API = '/backend/api/web';

/** The four demo gateways as the seed creates them (inserted when the seed has not yet). */
export async function ensureGateways(db: DbOrTx) {
  await db
    .insert(paymentGateways)
    .values([
      {
        name: 'Cash on Delivery',
        internalName: 'cod',
        environment: 'sandbox',
        isDefault: true,
        displayOrder: 1,
      },
      {
        name: 'Razorpay',
        internalName: 'razorpay',
        environment: 'sandbox',
        apiKey: demoAccounts.razorpay.keyId,
        apiSecret: demoAccounts.razorpay.keySecret,
        config: { webhook_secret: demoAccounts.razorpay.webhookSecret },
        displayOrder: 2,
      },
      {
        name: 'Paytm',
        internalName: 'paytm',
        environment: 'stage',
        apiKey: demoAccounts.paytm.mid,
        apiSecret: demoAccounts.paytm.merchantKey,
        config: { website: 'WEBSTAGING' },
        displayOrder: 3,
      },
      {
        name: 'PayPal',
        internalName: 'paypal',
        environment: 'sandbox',
        apiKey: demoAccounts.paypal.clientId,
        apiSecret: demoAccounts.paypal.clientSecret,
        config: { currency_code: 'USD', currency_value: '0.012', webhook_id: demoAccounts.paypal.webhookId },
        displayOrder: 4,
      },
    ])
    .onConflictDoNothing({ target: paymentGateways.internalName });
}

export interface PaymentsHarness {
  t: TestApp;
  sims: GatewaySimulators;
  orderRow(id: number): Promise<typeof orders.$inferSelect>;
  paymentRows(orderId: number): Promise<(typeof payments.$inferSelect)[]>;
  mailsTo(email: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  /** Re-sends every webhook the simulators delivered from the `since`-th on (gateways retry and duplicate). */
  replayWebhooks(times: number, since?: number): Promise<void>;
  close(): Promise<void>;
}

/** The real app (simulators in-process) listening on 127.0.0.1:0, so gateway calls and webhooks travel over HTTP. */
export async function paymentsHarness(): Promise<PaymentsHarness> {
  // One shopper pays many orders in these tests; the per-customer order caps have their own test.
  const t = await createTestApp({ env: { ORDER_MAX_UNPAID: '1000', ORDER_MAX_COD_PER_DAY: '1000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await ensureGateways(t.ctx.db);
  await setSetting(t.ctx.db, 'minimum_order_amount', '0');
  const sims = t.app.gatewaySimulators;
  if (!sims) throw new Error('gateway simulators are not mounted');
  const db = t.ctx.db;
  return {
    t,
    sims,
    async orderRow(id) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw new Error('no order');
      return row;
    },
    paymentRows: (orderId) => db.select().from(payments).where(eq(payments.orderId, orderId)),
    mailsTo: (email) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)),
    async replayWebhooks(times, since = 0) {
      const sent = sims.webhooks.sent.slice(since);
      for (let i = 0; i < times; i++) {
        for (const delivery of sent) {
          const res = await t.request({
            method: 'POST',
            url: new URL(delivery.url).pathname,
            headers: delivery.headers,
            payload: delivery.body,
          });
          expect(res.statusCode).toBe(200);
        }
      }
    },
    async close() {
      await sims.webhooks.idle();
      await t.close();
    },
  };
}

export type Shopper = Awaited<ReturnType<typeof makeCustomer>> & { addressId: number };

export async function newShopper(t: TestApp): Promise<Shopper> {
  const customer = await makeCustomer(t.ctx.db);
  const address = await makeAddress(t.ctx.db, customer.id, {
    contactPerson: 'Asha Verma',
    fullAddress: '12, MG Road',
    pinCode: '302001',
    mobileNumber: '9876543210',
  });
  return { ...customer, addressId: address.id };
}

/** Places an order through the checkout API: `quantity` × a fresh product of `pricePaise`. */
export async function placeOrder(
  t: TestApp,
  shopper: Shopper,
  options: { pricePaise?: number; quantity?: number; stock?: number; couponCode?: string } = {},
): Promise<{ order: Order; productId: number }> {
  const product = await makeProduct(t.ctx.db, {
    sellingPricePaise: options.pricePaise ?? 29_500,
    availableStock: options.stock ?? 10,
  });
  const res = await t.request({
    method: 'POST',
    url: `${API}/orders/checkout`,
    headers: shopper.auth,
    payload: {
      items: [{ item_id: product.id, quantity: options.quantity ?? 1 }],
      customer_remarks: '',
      coupon_code: options.couponCode ?? '',
      customer: { address_id: shopper.addressId },
    },
  });
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return { order: res.json<CheckoutResult>().order, productId: product.id };
}

export async function createPayment(t: TestApp, shopper: Shopper, orderId: number, gateway: string) {
  return t.request({
    method: 'POST',
    url: `${API}/orders/payment`,
    headers: shopper.auth,
    payload: { id: orderId, payment_gateway: gateway, payment_gateway_environment: 'sandbox' },
  });
}

export async function createdPayment(t: TestApp, shopper: Shopper, orderId: number, gateway: string) {
  const res = await createPayment(t, shopper, orderId, gateway);
  if (res.statusCode !== 200) throw new Error(`create payment failed: ${res.statusCode} ${res.body}`);
  return res.json<CreatePaymentResult>();
}

export async function verify(t: TestApp, shopper: Shopper, orderId: number | string, payload: unknown) {
  return t.request({
    method: 'POST',
    url: `${API}/orders/verify_payment`,
    headers: shopper.auth,
    payload: { order_id: orderId, payload },
  });
}

export async function verified(t: TestApp, shopper: Shopper, orderId: number | string, payload: unknown) {
  const res = await verify(t, shopper, orderId, payload);
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
  return res.json<VerifyPaymentResult>();
}

/** What the sim's browser script does on "Approve"/"Decline": POST to its checkout endpoint. */
export async function simCheckout(t: TestApp, path: string, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: `/__sim/${path}`, payload: body });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

/** A new order paid through a gateway's simulator; returns our order and its paid payments row. */
export async function paidThrough(
  h: PaymentsHarness,
  shopper: Shopper,
  gateway: 'razorpay' | 'paytm' | 'paypal',
  pricePaise = 30_000,
) {
  const { order } = await placeOrder(h.t, shopper, { pricePaise });
  const created = await createdPayment(h.t, shopper, order.id, gateway);
  let payload: unknown;
  if (gateway === 'razorpay') {
    payload = (
      await simCheckout(h.t, 'razorpay/checkout/pay', {
        key_id: created.settings.key,
        order_id: created.order.payment_gateway_order_id,
        amount: pricePaise,
        outcome: 'approve',
      })
    ).body;
  } else if (gateway === 'paytm') {
    payload = (
      await simCheckout(h.t, 'paytm/checkout/pay', {
        mid: created.settings.mid,
        orderId: created.order.payment_gateway_order_id,
        txnToken: created.order.payment_transaction_token,
        outcome: 'approve',
      })
    ).body;
  } else {
    await simCheckout(h.t, 'paypal/checkoutnow/approve', {
      token: created.order.payment_gateway_order_id,
      client_id: created.settings.key,
      outcome: 'approve',
    });
    payload = { orderID: created.order.payment_gateway_order_id };
  }
  expect((await verified(h.t, shopper, order.order_id, payload)).payment_status).toBe('Paid');
  await h.sims.webhooks.idle();
  const [payment] = (await h.paymentRows(order.id)).filter((p) => p.status === 'paid');
  if (!payment) throw new Error('no paid payment');
  return { orderId: order.id, order, payment };
}

/**
 * A process that dies mid-flight: once `died()` holds after a committed transaction, every later
 * transaction fails, as if the process had stopped right after that commit. Returns the undo.
 */
export function dieAfterCommit(
  t: TestApp,
  died: () => Promise<boolean>,
): { dead(): boolean; revive(): void } {
  const db = t.ctx.db;
  const transaction = db.transaction.bind(db);
  let dead = false;
  db.transaction = (async (...args: Parameters<typeof transaction>) => {
    if (dead) throw new Error('the process died');
    const out = await transaction(...args);
    if (await died()) dead = true;
    return out;
  }) as typeof db.transaction;
  return {
    dead: () => dead,
    revive: () => {
      db.transaction = transaction;
    },
  };
}
