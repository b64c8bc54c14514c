/** The simulators' refund side: idempotency as each gateway defines it, statuses, webhooks, the failure switch. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoAccounts, staticAccounts } from './accounts.ts';
import { generatePaytmSignature, verifyPaytmSignature } from './signatures/paytm.ts';
import { rawJsonMember } from './signatures/raw-json.ts';
import { razorpayWebhookSignature } from './signatures/razorpay.ts';
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
beforeEach(() => {
  delivered.length = 0;
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const rzpAuth = basic(demoAccounts.razorpay.keyId, demoAccounts.razorpay.keySecret);
const eventsOf = (name: string) =>
  delivered.map((d) => JSON.parse(d.body) as Record<string, unknown>).filter((e) => e.event === name);

describe('Razorpay refunds', () => {
  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `/__sim/razorpay${url}`,
      headers: { authorization: rzpAuth, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  async function capturedPayment(amount = 30_000) {
    const order = (await call('POST', '/v1/orders', { amount, currency: 'INR' })).json<{ id: string }>();
    const paid = await call('POST', '/checkout/pay', {
      key_id: demoAccounts.razorpay.keyId,
      order_id: order.id,
      outcome: 'approve',
    });
    return paid.json<{ razorpay_payment_id: string }>().razorpay_payment_id;
  }

  it('same X-Refund-Idempotency and body → the same refund; other body → 400; above the capture → 400', async () => {
    const payId = await capturedPayment();
    const refund = (amount: number, key: string) =>
      call('POST', `/v1/payments/${payId}/refund`, { amount }, { 'x-refund-idempotency': key });
    const first = await refund(10_000, 'refund-key-001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      entity: 'refund',
      amount: 10_000,
      payment_id: payId,
      status: 'pending',
    });
    expect((await refund(10_000, 'refund-key-001')).json<{ id: string }>().id).toBe(
      first.json<{ id: string }>().id,
    );
    expect((await refund(12_000, 'refund-key-001')).statusCode).toBe(400);
    expect((await refund(10_000, 'short')).statusCode).toBe(400);
    expect((await refund(20_001, 'refund-key-002')).json()).toMatchObject({
      error: { description: 'The refund amount provided is greater than amount captured' },
    });
    expect((await call('GET', `/v1/payments/${payId}`)).json()).toMatchObject({
      amount_refunded: 10_000,
      refund_status: 'partial',
    });
    await sims.webhooks.idle();
    const processed = eventsOf('refund.processed');
    expect(processed).toHaveLength(1);
    const hook = delivered.find((d) => d.body.includes('refund.processed'));
    expect(hook?.headers['x-razorpay-signature']).toBe(
      razorpayWebhookSignature(hook?.body ?? '', demoAccounts.razorpay.webhookSecret),
    );
    expect((await call('GET', `/v1/refunds/${first.json<{ id: string }>().id}`)).json()).toMatchObject({
      status: 'processed',
    });
    expect((await call('GET', `/v1/payments/${payId}/refunds`)).json()).toMatchObject({ count: 1 });
    expect((await call('GET', '/v1/refunds?count=100')).json<{ count: number }>().count).toBeGreaterThan(0);
    expect((await call('GET', '/v1/payments?count=100')).json<{ count: number }>().count).toBeGreaterThan(0);
  });

  it('the control switch makes the next refund fail (refund.failed, amount given back), then refunds process again', async () => {
    const payId = await capturedPayment();
    const control = await app.inject({
      method: 'POST',
      url: '/__sim/razorpay/__control/refunds',
      payload: { fail_next: 1 },
    });
    expect(control.json()).toEqual({ fail_next: 1, hold: false });
    const failed = await call(
      'POST',
      `/v1/payments/${payId}/refund`,
      { amount: 30_000 },
      { 'x-refund-idempotency': 'fail-key-0001' },
    );
    expect(failed.json()).toMatchObject({ status: 'pending' });
    await sims.webhooks.idle();
    expect(eventsOf('refund.failed')).toHaveLength(1);
    expect((await call('GET', `/v1/refunds/${failed.json<{ id: string }>().id}`)).json()).toMatchObject({
      status: 'failed',
    });
    expect((await call('GET', `/v1/payments/${payId}`)).json()).toMatchObject({
      amount_refunded: 0,
      status: 'captured',
    });
    const again = await call(
      'POST',
      `/v1/payments/${payId}/refund`,
      { amount: 30_000 },
      { 'x-refund-idempotency': 'fail-key-0002' },
    );
    expect(again.statusCode).toBe(200);
    expect((await call('GET', `/v1/payments/${payId}`)).json()).toMatchObject({
      status: 'refunded',
      refund_status: 'full',
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/__sim/razorpay/__control/refunds',
      payload: { fail_next: -1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Paytm refunds', () => {
  const key = demoAccounts.paytm.merchantKey;
  const mid = demoAccounts.paytm.mid;
  async function signed(url: string, body: Record<string, unknown>) {
    const text = JSON.stringify(body);
    const signature = await generatePaytmSignature(text, key);
    const res = await app.inject({
      method: 'POST',
      url: `/__sim/paytm${url}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"body":${text},"head":{"signature":"${signature}"}}`,
    });
    const raw = rawJsonMember(res.body, 'body') ?? '';
    expect(verifyPaytmSignature(raw, key, res.json<{ head: { signature?: string } }>().head.signature)).toBe(
      true,
    );
    return JSON.parse(raw) as Record<string, unknown>;
  }

  it('registers a refund as PENDING; a repeated refId is rejected (617); status by refId; refundAmt once done', async () => {
    const orderId = 'KFL-R1';
    const init = await signed(`/theia/api/v1/initiateTransaction?mid=${mid}&orderId=${orderId}`, {
      requestType: 'Payment',
      mid,
      websiteName: 'WEBSTAGING',
      orderId,
      txnAmount: { value: '300.00', currency: 'INR' },
      userInfo: { custId: 'CUST_1' },
      callbackUrl: 'http://shop.test/cb',
    });
    const pay = await app.inject({
      method: 'POST',
      url: '/__sim/paytm/checkout/pay',
      payload: { mid, orderId, txnToken: init.txnToken, outcome: 'approve' },
    });
    const txnId = pay.json<{ TXNID: string }>().TXNID;
    sims.paytm.refundSwitch.hold = true;
    const apply = (refId: string, refundAmount: string) =>
      signed('/refund/apply', { mid, txnType: 'REFUND', orderId, txnId, refId, refundAmount });
    expect(await apply('REF-1', '100.00')).toMatchObject({
      resultInfo: { resultStatus: 'PENDING' },
      refId: 'REF-1',
    });
    expect(await apply('REF-1', '100.00')).toMatchObject({
      resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '617' },
    });
    expect(await apply('REF-2', '200.01')).toMatchObject({
      resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '619' },
    });
    expect(await signed('/v2/refund/status', { mid, orderId, refId: 'REF-1' })).toMatchObject({
      resultInfo: { resultStatus: 'PENDING' },
    });
    sims.paytm.settleRefunds();
    sims.paytm.refundSwitch.hold = false;
    expect(await signed('/v2/refund/status', { mid, orderId, refId: 'REF-1' })).toMatchObject({
      resultInfo: { resultStatus: 'TXN_SUCCESS' },
      refundAmount: '100.00',
    });
    expect(await signed('/v3/order/status', { mid, orderId })).toMatchObject({ refundAmt: '100.00' });
  });
});

describe('PayPal refunds', () => {
  it('refunds a capture (partial, in its currency); PayPal-Request-Id replays; PAYMENT.CAPTURE.REFUNDED; never above the capture', async () => {
    const tokenRes = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v1/oauth2/token',
      headers: {
        authorization: basic(demoAccounts.paypal.clientId, demoAccounts.paypal.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    const headers = { authorization: `Bearer ${tokenRes.json<{ access_token: string }>().access_token}` };
    const created = await app.inject({
      method: 'POST',
      url: '/__sim/paypal/v2/checkout/orders',
      headers,
      payload: {
        intent: 'CAPTURE',
        purchase_units: [{ reference_id: 'KFL-P', amount: { currency_code: 'USD', value: '3.60' } }],
      },
    });
    const { id } = created.json<{ id: string }>();
    await app.inject({
      method: 'POST',
      url: '/__sim/paypal/checkoutnow/approve',
      payload: { token: id, client_id: demoAccounts.paypal.clientId, outcome: 'approve' },
    });
    const captured = await app.inject({
      method: 'POST',
      url: `/__sim/paypal/v2/checkout/orders/${id}/capture`,
      headers,
      payload: {},
    });
    const captureId = captured.json<{ purchase_units: { payments: { captures: { id: string }[] } }[] }>()
      .purchase_units[0]?.payments.captures[0]?.id;
    const refund = (requestId: string, value: string, currency_code = 'USD') =>
      app.inject({
        method: 'POST',
        url: `/__sim/paypal/v2/payments/captures/${captureId}/refund`,
        headers: { ...headers, 'paypal-request-id': requestId },
        payload: { amount: { currency_code, value } },
      });
    const first = await refund('rf-1', '1.20');
    expect(first.statusCode).toBe(201);
    const refundId = first.json<{ id: string }>().id;
    expect((await refund('rf-1', '1.20')).json()).toMatchObject({ id: refundId, status: 'COMPLETED' });
    expect((await refund('rf-2', '2.41')).json()).toMatchObject({
      details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }],
    });
    expect((await refund('rf-3', '1.00', 'EUR')).json()).toMatchObject({
      details: [{ issue: 'REFUND_CURRENCY_MISMATCH' }],
    });
    await sims.webhooks.idle();
    const events = delivered.map(
      (d) => JSON.parse(d.body) as { event_type: string; resource: { id: string } },
    );
    expect(
      events.filter((e) => e.event_type === 'PAYMENT.CAPTURE.REFUNDED').map((e) => e.resource.id),
    ).toEqual([refundId]);
    const status = await app.inject({
      method: 'GET',
      url: `/__sim/paypal/v2/payments/refunds/${refundId}`,
      headers,
    });
    expect(status.json()).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '1.20' },
    });
    const order = await app.inject({ method: 'GET', url: `/__sim/paypal/v2/checkout/orders/${id}`, headers });
    expect(order.json()).toMatchObject({
      purchase_units: [
        { payments: { captures: [{ status: 'PARTIALLY_REFUNDED' }], refunds: [{ id: refundId }] } },
      ],
    });
  });
});
