/**
 * The payments API's common rules: the gateway list, who may pay what, body validation, and
 * cash on delivery. (Each online gateway's flow: payments-gateways.test.ts.)
 */
import type { PaymentGatewayView } from '@shop/contract/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  createdPayment,
  createPayment,
  newShopper,
  type PaymentsHarness,
  paymentsHarness,
  placeOrder,
  type Shopper,
  verified,
  verify,
} from './payments.test-kit.ts';

let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
});
afterAll(() => h.close());

describe('GET orders/payment_gateways', () => {
  it('lists the active gateways with public keys, logos and the default marked 1, and no secrets', async () => {
    const res = await h.t.request({ method: 'GET', url: `${API}/orders/payment_gateways` });
    expect(res.statusCode).toBe(200);
    // product rules §7: a list is a collection envelope with the X-Pagination-* headers.
    const body = res.json<{ items: PaymentGatewayView[]; _meta: Record<string, number> }>();
    expect(body._meta).toEqual({ totalCount: 4, pageCount: 1, currentPage: 1, perPage: 20 });
    expect(res.headers['x-pagination-total-count']).toBe('4');
    const list = body.items;
    expect(list.map((g) => g.internal_name)).toEqual(['cod', 'razorpay', 'paytm', 'paypal']);
    expect(list[0]).toMatchObject({
      internal_name: 'cod',
      is_default: 1,
      logo: '/backend/data/payment-gateways/cod-logo.png',
    });
    expect(list.find((g) => g.internal_name === 'razorpay')).toMatchObject({
      api_key: 'rzp_test_KesarDemo0001',
      is_default: 0,
    });
    expect(list.find((g) => g.internal_name === 'paytm')?.api_key).toBe('KESARD47110000000001');
    for (const secret of [
      'kesar_demo_razorpay_secret',
      'kesarDemoKey16ch',
      'kesar-demo-paypal-secret',
      'kesar_demo_razorpay_webhook',
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });
});

describe('POST orders/payment rules', () => {
  it('rejects an unknown gateway with 422 "Selected payment gateway is not supported"', async () => {
    const { order } = await placeOrder(h.t, shopper);
    const res = await createPayment(h.t, shopper, order.id, 'bitcoin');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'payment_gateway', message: 'Selected payment gateway is not supported' },
    ]);
  });
  it('is owner-only: another customer gets 404 for create and verify; no token gets 401', async () => {
    const { order } = await placeOrder(h.t, shopper);
    const other = await newShopper(h.t);
    expect((await createPayment(h.t, other, order.id, 'cod')).statusCode).toBe(404);
    expect((await verify(h.t, other, order.order_id, {})).statusCode).toBe(404);
    const anonymous = await h.t.request({
      method: 'POST',
      url: `${API}/orders/payment`,
      payload: { id: order.id, payment_gateway: 'cod' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
  it('answers the card provider minimum as order_error_message without calling out', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 50 });
    const res = await createdPayment(h.t, shopper, order.id, 'razorpay');
    expect(res.order.order_error_message).toBe(
      'should be passed in integer paise. Minimum value is 100 paise, i.e. ₹1.00',
    );
    expect(res.order.payment_gateway_order_id).toBeNull();
    expect(await h.paymentRows(order.id)).toHaveLength(0);
  });
  it('validates the body: a missing id is a 422 array', async () => {
    const res = await h.t.request({
      method: 'POST',
      url: `${API}/orders/payment`,
      headers: shopper.auth,
      payload: { payment_gateway: 'cod' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Array<{ field: string }>>()[0]?.field).toBe('id');
  });
  it('product rules §7 orders/payment and verify_payment: a missing or malformed order id and payload get clear 422 messages', async () => {
    const post = (path: string, payload: unknown) =>
      h.t.request({
        method: 'POST',
        url: `${API}/orders/${path}`,
        headers: shopper.auth,
        payload: payload as object,
      });
    const cases: [string, unknown, { field: string; message: string }[]][] = [
      ['payment', { payment_gateway: 'cod' }, [{ field: 'id', message: 'This is a required field.' }]],
      ['payment', { id: 1 }, [{ field: 'payment_gateway', message: 'This is a required field.' }]],
      [
        'payment',
        { id: 1, payment_gateway: ' ' },
        [{ field: 'payment_gateway', message: 'This is a required field.' }],
      ],
      [
        'payment',
        { id: 1, payment_gateway: 7 },
        [{ field: 'payment_gateway', message: 'Selected payment gateway is not supported' }],
      ],
      [
        'payment',
        { id: 'abc', payment_gateway: 'cod' },
        [{ field: 'id', message: 'This is not a valid order id.' }],
      ],
      [
        'payment',
        { id: 1, payment_gateway: 'cod', payment_gateway_environment: 5 },
        [{ field: 'payment_gateway_environment', message: 'This must be text.' }],
      ],
      ['verify_payment', {}, [{ field: 'order_id', message: 'This is a required field.' }]],
      ['verify_payment', { order_id: '' }, [{ field: 'order_id', message: 'This is a required field.' }]],
      ['verify_payment', { order_id: -5 }, [{ field: 'order_id', message: 'This is not a valid order id.' }]],
      [
        'verify_payment',
        { order_id: 99_999_999_999 },
        [{ field: 'order_id', message: 'This is not a valid order id.' }],
      ],
      [
        'verify_payment',
        { order_id: true },
        [{ field: 'order_id', message: 'This is not a valid order id.' }],
      ],
      [
        'verify_payment',
        { order_id: 1, payload: 'x' },
        [{ field: 'payload', message: "The payload must be the gateway's answer as a JSON object." }],
      ],
    ];
    for (const [path, payload, fields] of cases) {
      const res = await post(path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.json(), `${path} ${JSON.stringify(payload)}`).toEqual(fields);
    }
  });
});

describe('cash on delivery', () => {
  it('create then verify with an empty payload confirms the order with payment Pending, one mail, repeatable', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 12_050, quantity: 2 });
    const created = await createdPayment(h.t, shopper, order.id, 'cod');
    expect(created.order).toMatchObject({
      order_id: order.order_id,
      total_amount: 241,
      currency_code: 'INR',
      currency_value: 1,
      payment_gateway_order_id: null,
      order_error_message: null,
      shipping_details: { contact_person: 'Asha Verma', full_address: '12, MG Road' },
    });
    expect(await verified(h.t, shopper, order.order_id, {})).toEqual({
      payment_status: 'Pending',
      payment_verification_error_message: null,
    });
    expect(await verified(h.t, shopper, order.order_id, {})).toEqual({
      payment_status: 'Pending',
      payment_verification_error_message: null,
    });
    expect(await h.orderRow(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Pending',
      paymentGateway: 'cod',
    });
    const mails = await h.mailsTo(shopper.email);
    expect(mails.filter((m) => m.subject === `Order ${order.order_id} placed successfully`)).toHaveLength(1);
  });

  it('an online gateway chosen after cash on delivery withdraws that choice: an empty verify no longer confirms the order for cash', async () => {
    const buyer = await newShopper(h.t);
    const { order } = await placeOrder(h.t, buyer, { pricePaise: 9_900, quantity: 1 });
    // Razorpay, then cash on delivery, then Razorpay again (its gateway order is reused).
    await createdPayment(h.t, buyer, order.id, 'razorpay');
    await createdPayment(h.t, buyer, order.id, 'cod');
    await createdPayment(h.t, buyer, order.id, 'razorpay');
    expect((await h.paymentRows(order.id)).map((p) => p.gateway)).toEqual(['razorpay']);
    const empty = await verified(h.t, buyer, order.order_id, {});
    expect(empty.payment_status).not.toBe('Pending');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending', paymentGateway: null });
    // Choosing cash on delivery again is a new choice, and confirms as before.
    await createdPayment(h.t, buyer, order.id, 'cod');
    expect((await verified(h.t, buyer, order.order_id, {})).payment_status).toBe('Pending');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentGateway: 'cod' });
  });

  it('an order cash on delivery confirmed takes no other gateway (409); choosing cash on delivery again answers as before', async () => {
    const buyer = await newShopper(h.t);
    const { order } = await placeOrder(h.t, buyer, { pricePaise: 9_900, quantity: 1 });
    await createdPayment(h.t, buyer, order.id, 'cod');
    expect((await verified(h.t, buyer, order.order_id, {})).payment_status).toBe('Pending');
    const before = await h.orderRow(order.id);

    const online = await createPayment(h.t, buyer, order.id, 'razorpay');
    expect(online.statusCode).toBe(409);
    expect(online.json()).toMatchObject({
      message: 'This order is confirmed for cash on delivery. Please pay when it is delivered.',
    });
    // Nothing moved: no gateway payment, the same total (the fee kept), and verify still says Pending.
    expect((await h.paymentRows(order.id)).map((p) => p.gateway)).toEqual(['cod']);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', totalPaise: before?.totalPaise });
    expect((await verified(h.t, buyer, order.order_id, {})).payment_status).toBe('Pending');

    const again = await createPayment(h.t, buyer, order.id, 'cod');
    expect(again.statusCode).toBe(200);
    expect((await h.paymentRows(order.id)).map((p) => p.gateway)).toEqual(['cod']);
  });
});
