import type { AdminGateway, GatewayTestResult } from '@shop/contract/admin/gateways';
import { gatewayAdminMessages } from '@shop/contract/admin/gateways';
import { auditLog, paymentGateways } from '@shop/db/schema/index';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ADMIN, signInStaff } from '../staff/staff.test-kit.ts';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  // The simulators are called over HTTP at the address the server listens on.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = (await signInStaff(t.app, 'owner')).headers;
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'PATCH' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  headers = owner,
) => t.request({ method, url: `${ADMIN}/${url}`, headers, ...(payload ? { payload } : {}) });

const gatewayRow = async (name: string) =>
  (await t.ctx.db.select().from(paymentGateways).where(eq(paymentGateways.internalName, name)))[0];

describe('payment gateways (owner only)', () => {
  it('answers keys as their last four characters only', async () => {
    const row = await gatewayRow('razorpay');
    const res = await send('GET', 'payment-gateways');
    expect(res.statusCode).toBe(200);
    const razorpay = res.json<{ items: AdminGateway[] }>().items.find((g) => g.gateway === 'razorpay');
    expect(razorpay).toMatchObject({ is_active: true, mode: 'test', simulator: true });
    const secret = razorpay?.keys.find((k) => k.field === 'key_secret');
    expect(secret).toEqual({
      field: 'key_secret',
      label: 'Key secret',
      set: true,
      last4: `••••${row?.apiSecret.slice(-4)}`,
      from_environment: false,
    });
    expect(res.body).not.toContain(row?.apiSecret ?? 'x');
    expect(res.body).not.toContain(row?.apiKey ?? 'x');
  });

  it('replaces a key without showing it, and the audit log keeps only its last four characters', async () => {
    const newSecret = 'zz_secret_never_shown_9f3a';
    const res = await send('PATCH', 'payment-gateways/paypal', {
      keys: { client_secret: newSecret, webhook_id: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(newSecret);
    expect(res.json<AdminGateway>().keys.find((k) => k.field === 'client_secret')?.last4).toBe('••••9f3a');
    expect((await gatewayRow('paypal'))?.apiSecret).toBe(newSecret);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_gateway'), eq(auditLog.entityId, 'paypal')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.action).toBe('payment_gateway.update');
    expect(JSON.stringify(audit)).not.toContain(newSecret);
    expect(JSON.stringify(audit)).not.toContain('secret_never');
  });

  it('tests the connection against the gateway: the saved keys pass, a wrong secret is refused', async () => {
    const ok = await send('POST', 'payment-gateways/razorpay/test', {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json<GatewayTestResult>()).toMatchObject({
      ok: true,
      message: expect.stringContaining('accepted'),
    });

    const wrong = await send('POST', 'payment-gateways/razorpay/test', {
      keys: { key_secret: 'wrong_secret_1234' },
    });
    expect(wrong.json<GatewayTestResult>()).toMatchObject({
      ok: false,
      message: expect.stringContaining('Authentication failed'),
    });
    const paytm = await send('POST', 'payment-gateways/paytm/test', {});
    expect(paytm.json<GatewayTestResult>().ok).toBe(true);
    const paytmWrong = await send('POST', 'payment-gateways/paytm/test', {
      keys: { merchant_key: 'ZZZZZZZZZZZZZZZZ' },
    });
    expect(paytmWrong.json<GatewayTestResult>().ok).toBe(false);
    const paypal = await send('POST', 'payment-gateways/paypal/test', {});
    expect(paypal.json<GatewayTestResult>().ok).toBe(true);
    const cod = await send('POST', 'payment-gateways/cod/test', {});
    expect(cod.json<GatewayTestResult>()).toMatchObject({
      ok: true,
      message: 'Cash on delivery needs no connection.',
    });
  });

  it('switches a gateway off (the checkout stops offering it) and to live mode, but never the last one off', async () => {
    const off = await send('PATCH', 'payment-gateways/paytm', { is_active: false, mode: 'live' });
    expect(off.json<AdminGateway>()).toMatchObject({ is_active: false, mode: 'live' });
    const offered = await t.request({ method: 'GET', url: '/backend/api/web/orders/payment_gateways' });
    expect(JSON.stringify(offered.json())).not.toContain('"paytm"');
    expect((await gatewayRow('paytm'))?.environment).toBe('live');

    for (const name of ['razorpay', 'paypal'])
      expect((await send('PATCH', `payment-gateways/${name}`, { is_active: false })).statusCode).toBe(200);
    const last = await send('PATCH', 'payment-gateways/cod', { is_active: false });
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual([{ field: 'is_active', message: gatewayAdminMessages.lastGateway }]);
  });

  it('is closed to managers and staff (403), whatever they send', async () => {
    for (const role of ['manager', 'staff'] as const) {
      const { headers } = await signInStaff(t.app, role);
      expect((await send('GET', 'payment-gateways', undefined, headers)).statusCode).toBe(403);
      expect((await send('POST', 'payment-gateways/razorpay/test', {}, headers)).statusCode).toBe(403);
    }
  });
});
