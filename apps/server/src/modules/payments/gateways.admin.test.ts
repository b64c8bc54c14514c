import type { AdminGateway, GatewayTestResult } from '@shop/contract/admin/gateways';
import { gatewayAdminMessages } from '@shop/contract/admin/gateways';
import { auditLog, paymentGateways } from '@shop/db/schema/index';
import { demoAccounts } from '@shop/gateway-sim/accounts';
import { queryRows } from '@shop/db/seed/raw-rows';
import { openSecret } from '@shop/db/secret-box';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';

let t: StaffHarness<'owner' | 'manager' | 'staff'>;
beforeAll(async () => {
  t = await staffHarness(['owner', 'manager', 'staff']);
  // The simulators are called over HTTP at the address the server listens on.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** A gateway's secret columns as stored, without the column types that open them. */
const storedSecrets = async (name: string) => {
  const [row] = await queryRows<{ api_secret: string; config: { webhook_secret?: string } | string }>(
    t.ctx.db,
    sql`SELECT api_secret, config FROM payment_gateways WHERE internal_name = ${name}`,
  );
  if (!row) throw new Error(`no gateway ${name}`);
  return {
    api_secret: row.api_secret,
    config: typeof row.config === 'string' ? JSON.parse(row.config) : row.config,
  } as {
    api_secret: string;
    config: { webhook_secret?: string };
  };
};

const gatewayRow = async (name: string) =>
  (await t.ctx.db.select().from(paymentGateways).where(eq(paymentGateways.internalName, name)))[0];

describe('payment gateways (owner only)', () => {
  it('answers keys as their last four characters only', async () => {
    const row = await gatewayRow('razorpay');
    const res = await t.as('owner', 'GET', '/payment-gateways');
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
    const res = await t.as('owner', 'PATCH', '/payment-gateways/paypal', {
      keys: { client_secret: newSecret, webhook_id: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(newSecret);
    expect(res.json<AdminGateway>().keys.find((k) => k.field === 'client_secret')?.last4).toBe('••••9f3a');
    expect((await gatewayRow('paypal'))?.apiSecret).toBe(newSecret);
    const stored = await storedSecrets('paypal');
    expect(stored.api_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored.api_secret).not.toContain(newSecret);
    expect(openSecret(stored.api_secret)).toBe(newSecret);
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
    const ok = await t.as('owner', 'POST', '/payment-gateways/razorpay/test', {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json<GatewayTestResult>()).toMatchObject({
      ok: true,
      message: expect.stringContaining('accepted'),
    });

    const wrong = await t.as('owner', 'POST', '/payment-gateways/razorpay/test', {
      keys: { key_secret: 'wrong_secret_1234' },
    });
    expect(wrong.json<GatewayTestResult>()).toMatchObject({
      ok: false,
      message: expect.stringContaining('Authentication failed'),
    });
    const paytm = await t.as('owner', 'POST', '/payment-gateways/paytm/test', {});
    expect(paytm.json<GatewayTestResult>().ok).toBe(true);
    const paytmWrong = await t.as('owner', 'POST', '/payment-gateways/paytm/test', {
      keys: { merchant_key: 'ZZZZZZZZZZZZZZZZ' },
    });
    expect(paytmWrong.json<GatewayTestResult>().ok).toBe(false);
    const paypal = await t.as('owner', 'POST', '/payment-gateways/paypal/test', {});
    expect(paypal.json<GatewayTestResult>().ok).toBe(true);
    const cod = await t.as('owner', 'POST', '/payment-gateways/cod/test', {});
    expect(cod.json<GatewayTestResult>()).toMatchObject({
      ok: true,
      message: 'Cash on delivery needs no connection.',
    });
  });

  it('stores saved keys sealed, and still signs with them: the connection test and the masked display', async () => {
    const { keySecret, webhookSecret } = demoAccounts.razorpay;
    // A database from before secrets were sealed holds them in plain text: they still work.
    await t.ctx.db.execute(
      sql`UPDATE payment_gateways SET api_secret = ${keySecret}, config = ${JSON.stringify({ webhook_secret: webhookSecret })}::jsonb WHERE internal_name = 'razorpay'`,
    );
    expect(
      (await t.as('owner', 'POST', '/payment-gateways/razorpay/test', {})).json<GatewayTestResult>().ok,
    ).toBe(true);

    const saved = await t.as('owner', 'PATCH', '/payment-gateways/razorpay', {
      keys: { key_secret: keySecret, webhook_secret: webhookSecret },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AdminGateway>().keys.find((k) => k.field === 'key_secret')?.last4).toBe(
      `••••${keySecret.slice(-4)}`,
    );
    const stored = await storedSecrets('razorpay');
    expect(stored.api_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored.config.webhook_secret).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(JSON.stringify(stored)).not.toContain(keySecret);
    expect(JSON.stringify(stored)).not.toContain(webhookSecret);
    expect([openSecret(stored.api_secret), openSecret(stored.config.webhook_secret ?? '')]).toEqual([
      keySecret,
      webhookSecret,
    ]);
    const test = await t.as('owner', 'POST', '/payment-gateways/razorpay/test', {});
    expect(test.json<GatewayTestResult>()).toMatchObject({
      ok: true,
      message: expect.stringContaining('accepted'),
    });
    const listed = (await t.as('owner', 'GET', '/payment-gateways')).json<{ items: AdminGateway[] }>();
    const razorpay = listed.items.find((g) => g.gateway === 'razorpay');
    expect(razorpay?.keys.find((k) => k.field === 'webhook_secret')?.last4).toBe(
      `••••${webhookSecret.slice(-4)}`,
    );
  });

  it('switches a gateway off (the checkout stops offering it) and to live mode, but never the last one off', async () => {
    const off = await t.as('owner', 'PATCH', '/payment-gateways/paytm', { is_active: false, mode: 'live' });
    expect(off.json<AdminGateway>()).toMatchObject({ is_active: false, mode: 'live' });
    const offered = await t.request({ method: 'GET', url: '/backend/api/web/orders/payment_gateways' });
    expect(JSON.stringify(offered.json())).not.toContain('"paytm"');
    expect((await gatewayRow('paytm'))?.environment).toBe('live');

    for (const name of ['razorpay', 'paypal'])
      expect(
        (await t.as('owner', 'PATCH', `/payment-gateways/${name}`, { is_active: false })).statusCode,
      ).toBe(200);
    const last = await t.as('owner', 'PATCH', '/payment-gateways/cod', { is_active: false });
    expect(last.statusCode).toBe(422);
    expect(last.json()).toEqual([{ field: 'is_active', message: gatewayAdminMessages.lastGateway }]);
  });

  it('refuses unknown fields by name (422), and a PATCH that changes nothing writes no audit entry', async () => {
    const audits = async () =>
      (
        await t.ctx.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'payment_gateway'), eq(auditLog.entityId, 'razorpay')))
      ).length;
    const before = await gatewayRow('razorpay');
    const auditsBefore = await audits();

    const unknown = await t.as('owner', 'PATCH', '/payment-gateways/razorpay', {
      is_enabled: !before?.isActive,
      mode: 'live',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual([{ field: 'is_enabled', message: gatewayAdminMessages.unknownField }]);
    expect(await gatewayRow('razorpay')).toEqual(before);

    for (const body of [
      {},
      { is_active: before?.isActive, mode: 'test' },
      { keys: { key_id: before?.apiKey } },
    ]) {
      const same = await t.as('owner', 'PATCH', '/payment-gateways/razorpay', body);
      expect(same.statusCode, JSON.stringify(body)).toBe(200);
      expect(same.json<AdminGateway>()).toMatchObject({ is_active: before?.isActive, mode: 'test' });
    }
    expect(await gatewayRow('razorpay')).toEqual(before);
    expect(await audits()).toBe(auditsBefore);

    // A real change is still audited.
    const changed = await t.as('owner', 'PATCH', '/payment-gateways/razorpay', {
      keys: { key_id: before?.apiKey, webhook_secret: 'zz_new_webhook_secret_77' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await audits()).toBe(auditsBefore + 1);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'payment_gateway'), eq(auditLog.entityId, 'razorpay')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.action).toBe('payment_gateway.update');
  });

  it('is closed to managers and staff (403), whatever they send', async () => {
    for (const role of ['manager', 'staff'] as const) {
      expect((await t.as(role, 'GET', '/payment-gateways')).statusCode).toBe(403);
      expect((await t.as(role, 'POST', '/payment-gateways/razorpay/test', {})).statusCode).toBe(403);
    }
  });
});
