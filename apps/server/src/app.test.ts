import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '@shop/db/schema/index';
import { makeCustomer, validAddress } from './modules/orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the health check', async () => {
    const res = await t.request({ method: 'GET', url: '/backend/api/web/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', failed_mails: 0 });
  });

  it('answers unknown API routes with a JSON 404 in the named-error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/backend/api/web/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ name: 'Not Found', code: 0, status: 404 });
  });

  it("DESIGN §3 '`menus` and `/menus` mean one call': a doubled slash after the base path finds the route", async () => {
    for (const url of ['/backend/api/web//menus?per-page=200', '/backend/api/web//products//1']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
    const login = await t.request({
      method: 'POST',
      url: '/backend/api/web//customers/login',
      payload: { login_method: 'email', username: 'nobody@example.in', password: 'Wrong@12345' },
    });
    expect(login.statusCode).toBe(422);
  });

  it("a signed-in customer's answers are marked private, no-store: no shared cache keeps one customer's data for another", async () => {
    const { auth } = await makeCustomer(t.ctx.db);
    for (const url of [
      '/backend/api/web/customers/details',
      '/backend/api/web/orders',
      '/backend/api/web/customers/address',
    ]) {
      const res = await t.request({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const refused = await t.request({ method: 'GET', url: '/backend/api/web/orders' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('serves the OpenAPI 3.1 document', async () => {
    const res = await t.request({ method: 'GET', url: '/backend/api/web/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ openapi: string }>().openapi).toBe('3.1.0');
  });

  it('refuses NUL characters in JSON bodies with a 422 naming the field, never a 500 (product rules §7)', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['newsletters', { email: 'a\u0000@example.in' }, 'email'],
      ['customers/forgot_email_password', { email: 'a@example.in\u0000' }, 'email'],
      [
        'customers/login',
        { login_method: 'email', username: 'a@example.in', password: 'x\u0000y' },
        'password',
      ],
      ['orders/verify_payment', { order_id: 1, payload: { 'k\u0000': 1 } }, 'payload.k\u0000'],
      ['customers/address', { contact_person: ['ok', 'bad\u0000'] }, 'contact_person.1'],
    ];
    const { auth } = await makeCustomer(t.ctx.db);
    for (const [path, payload, field] of cases) {
      const res = await t.request({
        method: 'POST',
        url: `/backend/api/web/${path}`,
        payload,
        headers: auth,
      });
      expect(res.statusCode, path).toBe(422);
      expect(res.json()).toEqual([{ field, message: 'This must not contain NUL characters.' }]);
    }
  });

  it('refuses half a surrogate pair (JSON "\\ud800" alone) with a 422 naming the field, instead of storing U+FFFD in its place', async () => {
    const { auth } = await makeCustomer(t.ctx.db);
    const before = await t.ctx.db.select({ id: orders.id }).from(orders);
    const res = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/checkout',
      headers: auth,
      payload: {
        items: [{ item_id: 1, quantity: 1 }],
        customer_remarks: 'Ring \ud800',
        customer: { address_id: 1 },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'customer_remarks', message: 'This must be valid Unicode text.' }]);
    expect(await t.ctx.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    // A whole pair (an emoji) is text like any other.
    const emoji = await t.request({
      method: 'POST',
      url: '/backend/api/web/customers/address',
      headers: auth,
      payload: { ...validAddress, contact_person: 'Asha 🙂' },
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json<{ address: { contact_person: string } }>().address.contact_person).toBe('Asha 🙂');
  });

  it('sets security headers, with the short content security policy for JSON', async () => {
    const res = await t.request({ method: 'GET', url: '/backend/api/web/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.request({ method: 'GET', url: '/backend/api/web/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
