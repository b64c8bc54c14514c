/**
 * Razorpay, Paytm and PayPal end to end against their simulators over HTTP: creating the
 * gateway order, server-side verification, webhooks converging with the browser, declines.
 * (Rules common to every gateway, and cash on delivery: payments.test.ts.)
 */
import type { CreatePaymentResult } from '@shop/contract/payments';
import { paymentEvents, payments } from '@shop/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockOf } from '../orders/orders.test-kit.ts';
import {
  API,
  createdPayment,
  createPayment,
  newShopper,
  type PaymentsHarness,
  paymentsHarness,
  placeOrder,
  type Shopper,
  simCheckout,
  verified,
} from './payments.test-kit.ts';

let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
});
afterAll(() => h.close());

describe('Razorpay', () => {
  async function razorpayOrder(pricePaise = 29_500) {
    const placed = await placeOrder(h.t, shopper, { pricePaise });
    const created = await createdPayment(h.t, shopper, placed.order.id, 'razorpay');
    return { ...placed, created };
  }
  const pay = (created: CreatePaymentResult, outcome: 'approve' | 'decline') =>
    simCheckout(h.t, 'razorpay/checkout/pay', {
      key_id: created.settings.key,
      order_id: created.order.payment_gateway_order_id,
      amount: Math.round(created.order.total_amount * 100),
      outcome,
    });

  it('creates a gateway order in paise with the order number as receipt and public settings only', async () => {
    const { order, created } = await razorpayOrder();
    expect(created.settings).toMatchObject({
      key: 'rzp_test_KesarDemo0001',
      currency: 'INR',
      amount: 29_500,
      script_url: '/__sim/razorpay/v1/checkout.js',
    });
    const gatewayOrder = h.sims.razorpay.orders.get(created.order.payment_gateway_order_id ?? '');
    expect(gatewayOrder).toMatchObject({
      amount: 29_500,
      currency: 'INR',
      receipt: order.order_id,
      status: 'created',
    });
    expect(JSON.stringify(created)).not.toContain('kesar_demo_razorpay_secret');
  });

  it('success: tampered signature is refused, the real one pays; webhooks ×3 + replayed verify → one Paid payment, one confirmed order, one mail', async () => {
    h.sims.webhooks.pause();
    const { order, created } = await razorpayOrder();
    const paid = await pay(created, 'approve');
    expect(paid.status).toBe(200);
    const handler = paid.body as {
      razorpay_payment_id: string;
      razorpay_order_id: string;
      razorpay_signature: string;
    };

    // One hex digit changed (a signature that starts with 0 gets a 1: writing 0 over it changed
    // nothing, and one run in sixteen paid).
    const signature = handler.razorpay_signature;
    const tampered = await verified(h.t, shopper, order.order_id, {
      ...handler,
      razorpay_signature: `${signature.startsWith('0') ? '1' : '0'}${signature.slice(1)}`,
    });
    expect(tampered).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message:
        'Payment verification failed. If money was deducted, it will be refunded.',
    });
    // The browser cannot point the signature at another gateway order: the stored id is used.
    const other = await razorpayOrder();
    const swapped = await verified(h.t, shopper, other.order.order_id, {
      ...handler,
      razorpay_order_id: other.created.order.payment_gateway_order_id,
    });
    expect(swapped.payment_status).toBe('Failed');
    expect((await h.orderRow(order.id)).status).toBe('pending');
    expect((await h.orderRow(other.order.id)).status).toBe('pending');

    expect(await verified(h.t, shopper, order.order_id, handler)).toEqual({
      payment_status: 'Paid',
      payment_verification_error_message: null,
    });
    h.sims.webhooks.resume();
    await h.sims.webhooks.idle();
    expect(await verified(h.t, shopper, order.order_id, handler)).toEqual({
      payment_status: 'Paid',
      payment_verification_error_message: null,
    });
    await h.replayWebhooks(3);

    const rows = await h.paymentRows(order.id);
    expect(rows.map((r) => [r.status, r.gatewayPaymentId])).toEqual([['paid', handler.razorpay_payment_id]]);
    expect(await h.orderRow(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Paid',
      paymentGateway: 'razorpay',
    });
    const mails = await h.mailsTo(shopper.email);
    expect(mails.filter((m) => m.subject === `Order ${order.order_id} placed successfully`)).toHaveLength(1);
    const events = await h.t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.gateway, 'razorpay'));
    const own = events.filter((e) => JSON.stringify(e.payload).includes(handler.razorpay_payment_id));
    expect(own.map((e) => e.eventType).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
    ]);
  });

  it('webhook first, browser later: the webhook alone pays the order; the browser verify then answers Paid', async () => {
    const { order, created } = await razorpayOrder();
    const paid = await pay(created, 'approve');
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
    expect((await verified(h.t, shopper, order.order_id, paid.body)).payment_status).toBe('Paid');
    expect((await h.paymentRows(order.id)).map((r) => r.status)).toEqual(['paid']);
  });

  it('decline then retry: a declined card keeps the order pending with its stock held; the retry on the same Razorpay order pays it', async () => {
    const { order, created, productId } = await razorpayOrder();
    expect(await stockOf(h.t.ctx.db, productId)).toBe(9);
    const declined = await pay(created, 'decline');
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({
      error: { reason: 'payment_declined', metadata: { order_id: created.order.payment_gateway_order_id } },
    });
    await h.sims.webhooks.idle();
    await h.replayWebhooks(1);
    // A failed attempt is not final: the order waits for another try until its reservation ends.
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'Pending' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(9);

    // "Pay now" again: the same Razorpay order, as Razorpay advises one order per purchase.
    const again = await createdPayment(h.t, shopper, order.id, 'razorpay');
    expect(again.order.payment_gateway_order_id).toBe(created.order.payment_gateway_order_id);
    const paid = await pay(again, 'approve');
    expect(paid.status).toBe(200);
    expect(await verified(h.t, shopper, order.order_id, paid.body)).toEqual({
      payment_status: 'Paid',
      payment_verification_error_message: null,
    });
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(9);
    const rows = await h.paymentRows(order.id);
    expect(rows.map((r) => r.status)).toEqual(['paid']);
  });

  it('a webhook with a wrong signature is a 400 and changes nothing', async () => {
    const res = await h.t.request({
      method: 'POST',
      url: `${API}/payments/webhooks/razorpay`,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      payload: '{"event":"payment.captured"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: 'Bad Request',
      message: 'Invalid webhook signature.',
      code: 0,
      status: 400,
    });
  });

  it('a paid order cannot be paid again (409)', async () => {
    const { order, created } = await razorpayOrder();
    const paid = await pay(created, 'approve');
    expect((await verified(h.t, shopper, order.order_id, paid.body)).payment_status).toBe('Paid');
    const again = await createPayment(h.t, shopper, order.id, 'razorpay');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This order has already been paid.' });
  });
});

describe('Paytm', () => {
  async function paytmOrder() {
    const placed = await placeOrder(h.t, shopper, { pricePaise: 45_075 });
    const created = await createdPayment(h.t, shopper, placed.order.id, 'paytm');
    return { ...placed, created };
  }
  const pay = (created: CreatePaymentResult, outcome: 'approve' | 'decline') =>
    simCheckout(h.t, 'paytm/checkout/pay', {
      mid: created.settings.mid,
      orderId: created.order.payment_gateway_order_id,
      txnToken: created.order.payment_transaction_token,
      outcome,
    });

  it('initiates a signed transaction and returns the txnToken and script of the MID', async () => {
    const { created } = await paytmOrder();
    expect(created.order.payment_transaction_token).toMatch(/^[a-z0-9]{32}$/);
    expect(created.settings).toMatchObject({
      mid: 'KESARD47110000000001',
      script_url: '/__sim/paytm/merchantpgpui/checkoutjs/merchants/KESARD47110000000001.js',
    });
    const txn = [...h.sims.paytm.transactions.values()].find(
      (x) => x.orderId === created.order.payment_gateway_order_id,
    );
    expect(txn?.amount).toBe('450.75');
  });

  it('success: verify asks the Status API (the browser status is ignored); webhook ×3 → one Paid', async () => {
    const { order, created } = await paytmOrder();
    const result = await pay(created, 'approve');
    expect(result.body).toMatchObject({ STATUS: 'TXN_SUCCESS', RESPCODE: '01', TXNAMOUNT: '450.75' });
    expect(await verified(h.t, shopper, order.order_id, result.body)).toEqual({
      payment_status: 'Paid',
      payment_verification_error_message: null,
    });
    await h.sims.webhooks.idle();
    await h.replayWebhooks(3);
    expect((await h.paymentRows(order.id)).map((r) => r.status)).toEqual(['paid']);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
  });

  it('a browser claiming TXN_SUCCESS before paying gets no Paid', async () => {
    const { order, created } = await paytmOrder();
    const fake = { ORDERID: created.order.payment_gateway_order_id, STATUS: 'TXN_SUCCESS', RESPCODE: '01' };
    expect(await verified(h.t, shopper, order.order_id, fake)).toEqual({
      payment_status: 'Pending',
      payment_verification_error_message: null,
    });
    expect((await h.orderRow(order.id)).paymentStatus).toBe('Pending');
    expect((await h.orderRow(order.id)).status).toBe('pending');
  });

  it('amount mismatch between the Status API and the stored amount is not Paid', async () => {
    const { order, created } = await paytmOrder();
    await h.t.ctx.db.update(payments).set({ amountMinor: 45_175 }).where(eq(payments.orderId, order.id));
    const result = await pay(created, 'approve');
    const answer = await verified(h.t, shopper, order.order_id, result.body);
    expect(answer).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message: 'The paid amount does not match the order. Please contact us.',
    });
    await h.sims.webhooks.idle();
    expect((await h.orderRow(order.id)).paymentStatus).toBe('Pending');
  });

  it('decline: Failed with the gateway message; the order stays pending with its stock held for another try', async () => {
    const { order, created, productId } = await paytmOrder();
    const result = await pay(created, 'decline');
    const answer = await verified(h.t, shopper, order.order_id, result.body);
    expect(answer.payment_status).toBe('Failed');
    expect(answer.payment_verification_error_message).toMatch(/declined by your bank/);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'Pending' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(9);
    // The retry is a new Paytm transaction of the same shop order.
    const retry = await createdPayment(h.t, shopper, order.id, 'paytm');
    expect(retry.order.payment_gateway_order_id).not.toBe(created.order.payment_gateway_order_id);
    const paid = await pay(retry, 'approve');
    expect((await verified(h.t, shopper, order.order_id, paid.body)).payment_status).toBe('Paid');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
  });

  it('a notification with a tampered field fails its CHECKSUMHASH (400)', async () => {
    const { created } = await paytmOrder();
    const result = await pay(created, 'approve');
    const form = new URLSearchParams({ ...(result.body as Record<string, string>), TXNAMOUNT: '1.00' });
    const res = await h.t.request({
      method: 'POST',
      url: `${API}/payments/webhooks/paytm`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(400);
  });
  it('product rules §7 never a 500: a notification that is JSON null, a list or a string is a named 400', async () => {
    for (const payload of ['null', '[1]', '"x"', '42', '{']) {
      const res = await h.t.request({
        method: 'POST',
        url: `${API}/payments/webhooks/paytm`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ name: 'Bad Request', code: 0, status: 400 });
    }
  });
});

describe('PayPal', () => {
  async function paypalOrder() {
    const placed = await placeOrder(h.t, shopper, { pricePaise: 29_500 });
    const created = await createdPayment(h.t, shopper, placed.order.id, 'paypal');
    return { ...placed, created };
  }
  const approve = (created: CreatePaymentResult, outcome: 'approve' | 'decline') =>
    simCheckout(h.t, 'paypal/checkoutnow/approve', {
      token: created.order.payment_gateway_order_id,
      client_id: created.settings.key,
      outcome,
    });

  it('creates a USD order for total × currency_value (₹295.00 × 0.012 = 3.54)', async () => {
    const { created } = await paypalOrder();
    expect(created.order).toMatchObject({ total_amount: 295, currency_value: 0.012, currency_code: 'USD' });
    expect(created.settings.script_url).toBe(
      '/__sim/paypal/sdk/js?client-id=kesar-demo-paypal-client-id&currency=USD&intent=capture',
    );
    const gatewayOrder = h.sims.paypal.orders.get(created.order.payment_gateway_order_id ?? '');
    expect(gatewayOrder?.purchase_units[0]?.amount).toEqual({ currency_code: 'USD', value: '3.54' });
  });

  it('verify before approval changes nothing', async () => {
    const { order, created } = await paypalOrder();
    const answer = await verified(h.t, shopper, order.order_id, {
      orderID: created.order.payment_gateway_order_id,
    });
    expect(answer).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message: 'The payment is not complete yet. Please try again.',
    });
    expect((await h.orderRow(order.id)).status).toBe('pending');
  });

  it('success: the server captures; webhooks ×3 and a replayed verify converge on one Paid', async () => {
    const { order, created } = await paypalOrder();
    expect((await approve(created, 'approve')).status).toBe(200);
    const payload = { orderID: created.order.payment_gateway_order_id };
    const [first, second] = await Promise.all([
      verified(h.t, shopper, order.order_id, payload),
      verified(h.t, shopper, order.order_id, payload),
    ]);
    expect(first).toEqual({ payment_status: 'Paid', payment_verification_error_message: null });
    expect(second).toEqual(first);
    await h.sims.webhooks.idle();
    await h.replayWebhooks(3);
    const rows = await h.paymentRows(order.id);
    expect(rows.map((r) => [r.status, r.amountMinor, r.currency])).toEqual([['paid', 354, 'USD']]);
    expect(h.sims.paypal.orders.get(payload.orderID ?? '')?.status).toBe('COMPLETED');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
  });

  it('decline: the capture is refused (INSTRUMENT_DECLINED) → Failed; the order stays pending with its stock', async () => {
    const { order, created, productId } = await paypalOrder();
    await approve(created, 'decline');
    const answer = await verified(h.t, shopper, order.order_id, {
      orderID: created.order.payment_gateway_order_id,
    });
    expect(answer).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message: 'Your payment was declined. Please try another payment method.',
    });
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'Pending' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(9);
  });

  it('a webhook the verify-webhook-signature call rejects is a 400', async () => {
    const res = await h.t.request({
      method: 'POST',
      url: `${API}/payments/webhooks/paypal`,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': 'x',
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': 'forged',
        'paypal-cert-url': 'https://example.invalid/cert',
        'paypal-auth-algo': 'SHA256withRSA',
      },
      payload: JSON.stringify({ id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: {} }),
    });
    expect(res.statusCode).toBe(400);
    const events = await h.t.ctx.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.gateway, 'paypal'), eq(paymentEvents.eventId, 'WH-FORGED')));
    expect(events).toHaveLength(0);
  });
});
