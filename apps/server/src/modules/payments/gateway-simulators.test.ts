import { demoAccounts } from '@shop/gateway-sim/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureGateways } from './payments.test-kit.ts';

describe('in-process gateway simulators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ postRateLimit: 2 });
    await ensureGateways(t.ctx.db);
  });
  afterAll(() => t.close());

  it("are mounted under /__sim outside production and exempt from the shoppers' POST rate limit", async () => {
    const auth = `Basic ${Buffer.from(`${demoAccounts.razorpay.keyId}:${demoAccounts.razorpay.keySecret}`).toString('base64')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/__sim/razorpay/v1/orders',
        headers: { authorization: auth },
        payload: { amount: 100, currency: 'INR' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    const api: number[] = [];
    for (let i = 0; i < 3; i++) {
      api.push(
        (await t.request({ method: 'POST', url: '/backend/api/web/no-such-route', payload: {} })).statusCode,
      );
    }
    expect(api).toEqual([404, 404, 429]);
  });

  it("know the shop's own credentials (database + env): another key is refused", async () => {
    const res = await t.request({
      method: 'POST',
      url: '/__sim/razorpay/v1/orders',
      headers: { authorization: `Basic ${Buffer.from('rzp_test_other:x').toString('base64')}` },
      payload: { amount: 100 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('are off in production unless GATEWAY_SIMULATOR=on', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(32) } });
    try {
      expect(prod.app.gatewaySimulators).toBeNull();
      const res = await prod.request({ method: 'GET', url: '/__sim/razorpay/v1/checkout.js' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
