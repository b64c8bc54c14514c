import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, staticAccounts } from './accounts.ts';
import { generatePaytmSignature, verifyPaytmSignature } from './signatures/paytm.ts';
import { rawJsonMember } from './signatures/raw-json.ts';
import { createGatewaySimulators, type GatewaySimulators } from './simulators.ts';
import type { WebhookDelivery } from './webhook-sender.ts';

const delivered: WebhookDelivery[] = [];
let app: FastifyInstance;
let sims: GatewaySimulators;

beforeAll(async () => {
  sims = createGatewaySimulators({
    accounts: staticAccounts({
      razorpay: [{ ...demoAccounts.razorpay, webhookUrl: 'http://shop.test/hooks/razorpay' }],
      paytm: [{ ...demoAccounts.paytm, webhookUrl: 'http://shop.test/hooks/paytm' }],
      paypal: [{ ...demoAccounts.paypal, webhookUrl: 'http://shop.test/hooks/paypal' }],
    }),
    deliver: async (d) => {
      delivered.push(d);
      return 200;
    },
  });
  app = Fastify();
  await sims.register(app);
  await app.ready();
});
afterAll(() => app.close());

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const rzpAuth = basic(demoAccounts.razorpay.keyId, demoAccounts.razorpay.keySecret);

describe('Razorpay simulator', () => {
  const post = (url: string, payload: unknown, authorization = rzpAuth) =>
    app.inject({
      method: 'POST',
      url: `/__sim/razorpay${url}`,
      headers: { authorization },
      payload: payload as object,
    });

  it('answers bad credentials with 401 "Authentication failed" in the error envelope', async () => {
    const res = await post('/v1/orders', { amount: 100 }, basic(demoAccounts.razorpay.keyId, 'wrong'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
    });
  });
  it('refuses an amount below INR 1.00 and a non-integer amount', async () => {
    expect((await post('/v1/orders', { amount: 99, currency: 'INR' })).json()).toMatchObject({
      error: { description: 'The amount must be at least INR 1.00', field: 'amount' },
    });
    expect((await post('/v1/orders', { amount: 100.5 })).statusCode).toBe(400);
  });
  it('creates an order (created → paid) and answers payment look-ups; capture needs the exact amount', async () => {
    const order = (await post('/v1/orders', { amount: 29_500, currency: 'INR', receipt: 'KFL-1' })).json();
    expect(order).toMatchObject({
      entity: 'order',
      amount: 29_500,
      amount_paid: 0,
      amount_due: 29_500,
      status: 'created',
      attempts: 0,
    });
    const paid = (
      await post('/checkout/pay', {
        key_id: demoAccounts.razorpay.keyId,
        order_id: order.id,
        outcome: 'approve',
      })
    ).json();
    expect(paid.razorpay_order_id).toBe(order.id);
    const payment = await app.inject({
      method: 'GET',
      url: `/__sim/razorpay/v1/payments/${paid.razorpay_payment_id}`,
      headers: { authorization: rzpAuth },
    });
    expect(payment.json()).toMatchObject({ status: 'captured', amount: 29_500, order_id: order.id });
    const again = await app.inject({
      method: 'GET',
      url: `/__sim/razorpay/v1/orders/${order.id}`,
      headers: { authorization: rzpAuth },
    });
    expect(again.json()).toMatchObject({ status: 'paid', amount_paid: 29_500, amount_due: 0, attempts: 1 });
    const unknown = await app.inject({
      method: 'GET',
      url: '/__sim/razorpay/v1/payments/pay_nope',
      headers: { authorization: rzpAuth },
    });
    expect(unknown.statusCode).toBe(400);
  });
  it('signs webhooks over the raw body with the webhook secret', async () => {
    await sims.webhooks.idle();
    const hook = delivered.find((d) => d.url.endsWith('/razorpay'));
    if (!hook) throw new Error('no webhook');
    const { razorpayWebhookSignature } = await import('./signatures/razorpay.ts');
    expect(hook.headers['x-razorpay-signature']).toBe(
      razorpayWebhookSignature(hook.body, demoAccounts.razorpay.webhookSecret),
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      entity: 'event',
      payload: { payment: { entity: { entity: 'payment' } } },
    });
  });
  it('serves checkout.js defining window.Razorpay', async () => {
    const res = await app.inject({ method: 'GET', url: '/__sim/razorpay/v1/checkout.js' });
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.body).toContain('window.Razorpay = Razorpay');
  });
});

describe('Paytm simulator', () => {
  const key: string = demoAccounts.paytm.merchantKey;
  const mid = demoAccounts.paytm.mid;
  async function signed(url: string, body: Record<string, unknown>, signatureKey = key) {
    const text = JSON.stringify(body);
    const signature = await generatePaytmSignature(text, signatureKey);
    const res = await app.inject({
      method: 'POST',
      url: `/__sim/paytm${url}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"body":${text},"head":{"signature":"${signature}"}}`,
    });
    const raw = rawJsonMember(res.body, 'body') ?? '';
    const head = res.json<{ head: { signature?: string } }>().head;
    return {
      body: JSON.parse(raw) as Record<string, unknown>,
      signedOk: verifyPaytmSignature(raw, key, head.signature),
    };
  }
  const initiate = (orderId: string, value = '450.75', signatureKey = key) =>
    signed(
      `/theia/api/v1/initiateTransaction?mid=${mid}&orderId=${orderId}`,
      {
        requestType: 'Payment',
        mid,
        websiteName: 'WEBSTAGING',
        orderId,
        txnAmount: { value, currency: 'INR' },
        userInfo: { custId: 'CUST_1' },
        callbackUrl: 'http://shop.test/cb',
      },
      signatureKey,
    );

  it('initiates a transaction with a signed answer and a txnToken; a repeated order id is refused', async () => {
    const first = await initiate('KFL-9_a');
    expect(first.signedOk).toBe(true);
    expect(first.body).toMatchObject({
      resultInfo: { resultStatus: 'S', resultCode: '0000', resultMsg: 'Success' },
    });
    expect(first.body.txnToken).toMatch(/^[a-z0-9]{32}$/);
    expect((await initiate('KFL-9_a')).body).toMatchObject({
      resultInfo: { resultStatus: 'F', resultCode: '325' },
    });
  });
  it('refuses a request signed with another key and an amount with 3 decimals', async () => {
    expect((await initiate('KFL-9_b', '1.00', 'wrongKey16bytes!')).body).toMatchObject({
      resultInfo: { resultStatus: 'F', resultCode: '2005' },
    });
    expect((await initiate('KFL-9_c', '1.005')).body).toMatchObject({ resultInfo: { resultStatus: 'F' } });
  });
  it('reports PENDING until paid, then TXN_SUCCESS with the amount', async () => {
    const { body } = await initiate('KFL-9_d', '12.30');
    expect((await signed('/v3/order/status', { mid, orderId: 'KFL-9_d' })).body).toMatchObject({
      resultInfo: { resultStatus: 'PENDING' },
    });
    const pay = await app.inject({
      method: 'POST',
      url: '/__sim/paytm/checkout/pay',
      payload: { mid, orderId: 'KFL-9_d', txnToken: body.txnToken, outcome: 'approve' },
    });
    const callback = pay.json<Record<string, string>>();
    expect(verifyPaytmSignature(callback, key, callback.CHECKSUMHASH)).toBe(true);
    const status = await signed('/v3/order/status', { mid, orderId: 'KFL-9_d' });
    expect(status.signedOk).toBe(true);
    expect(status.body).toMatchObject({
      resultInfo: { resultStatus: 'TXN_SUCCESS', resultCode: '01' },
      orderId: 'KFL-9_d',
      txnAmount: '12.30',
    });
  });
});

describe('PayPal simulator', () => {
  async function token() {
    const res = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v1/oauth2/token',
      headers: {
        authorization: basic(demoAccounts.paypal.clientId, demoAccounts.paypal.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 32400 });
    return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
  }
  const order = (value: string, currency_code = 'USD') => ({
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: 'KFL-1', amount: { currency_code, value } }],
  });

  it('refuses bad client credentials and a missing bearer token', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v1/oauth2/token',
      headers: { authorization: basic('x', 'y'), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(bad.statusCode).toBe(401);
    const none = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v2/checkout/orders',
      payload: order('1.00'),
    });
    expect(none.json()).toMatchObject({ name: 'AUTHENTICATION_FAILURE' });
  });
  it('answers INR with CURRENCY_NOT_SUPPORTED and 3 decimals with DECIMAL_PRECISION', async () => {
    const headers = await token();
    const inr = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v2/checkout/orders',
      headers,
      payload: order('100.00', 'INR'),
    });
    expect(inr.statusCode).toBe(422);
    expect(inr.json()).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'CURRENCY_NOT_SUPPORTED' }],
    });
    const precise = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v2/checkout/orders',
      headers,
      payload: order('1.005'),
    });
    expect(precise.json()).toMatchObject({ details: [{ issue: 'DECIMAL_PRECISION' }] });
  });
  it('capture: ORDER_NOT_APPROVED before approval, COMPLETED after, ORDER_ALREADY_CAPTURED on a new request id; PayPal-Request-Id replays', async () => {
    const headers = await token();
    const created = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v2/checkout/orders',
      headers: { ...headers, 'paypal-request-id': 'r1' },
      payload: order('3.54'),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    const replay = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v2/checkout/orders',
      headers: { ...headers, 'paypal-request-id': 'r1' },
      payload: order('3.54'),
    });
    expect(replay.json<{ id: string }>().id).toBe(id);
    const capture = (requestId: string) =>
      app.inject({
        method: 'POST',
        url: `/__sim/paypal/v2/checkout/orders/${id}/capture`,
        headers: { ...headers, 'paypal-request-id': requestId },
        payload: {},
      });
    expect((await capture('c0')).json()).toMatchObject({ details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    await app.inject({
      method: 'POST',
      url: '/__sim/paypal/checkoutnow/approve',
      payload: { token: id, client_id: demoAccounts.paypal.clientId, outcome: 'approve' },
    });
    const done = await capture('c1');
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [
        {
          payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '3.54' } }] },
        },
      ],
    });
    expect((await capture('c1')).statusCode).toBe(201);
    expect((await capture('c2')).json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
  });
  it('verify-webhook-signature: SUCCESS for a delivered event, FAILURE when the event or webhook id was changed', async () => {
    await sims.webhooks.idle();
    const hook = delivered.find((d) => d.url.endsWith('/paypal'));
    if (!hook) throw new Error('no PayPal webhook');
    const headers = await token();
    const check = (event: unknown, webhookId: string = demoAccounts.paypal.webhookId) =>
      app.inject({
        method: 'POST',
        url: '/__sim/paypal/v1/notifications/verify-webhook-signature',
        headers,
        payload: {
          auth_algo: hook.headers['paypal-auth-algo'],
          cert_url: hook.headers['paypal-cert-url'],
          transmission_id: hook.headers['paypal-transmission-id'],
          transmission_sig: hook.headers['paypal-transmission-sig'],
          transmission_time: hook.headers['paypal-transmission-time'],
          webhook_id: webhookId,
          webhook_event: event,
        },
      });
    const event = JSON.parse(hook.body);
    expect((await check(event)).json()).toEqual({ verification_status: 'SUCCESS' });
    expect((await check({ ...event, event_type: 'PAYMENT.CAPTURE.REFUNDED' })).json()).toEqual({
      verification_status: 'FAILURE',
    });
    expect((await check(event, 'WH-OTHER')).json()).toEqual({ verification_status: 'FAILURE' });
  });
});
