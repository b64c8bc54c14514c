import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeCustomer } from '../modules/orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * product rules §7 for every body of the API: JSON only (another content type is a named 415), a body
 * that is not a JSON object is a 422 naming the missing fields, never a field called "body".
 */
const API = '/backend/api/web';

/** Every POST/PUT route of product rules §7 with a body, and one field it requires. */
const routes: { method: 'POST' | 'PUT'; path: string; field: string; auth: boolean }[] = [
  { method: 'POST', path: 'customers/login', field: 'username', auth: false },
  { method: 'POST', path: 'customers', field: 'email', auth: false },
  { method: 'POST', path: 'customers/forgot_email_password', field: 'email', auth: false },
  { method: 'POST', path: 'customers/verify_email_forgot_password_otp', field: 'email', auth: false },
  { method: 'POST', path: 'customers/verify_email_otp', field: 'email_verification_otp', auth: false },
  { method: 'POST', path: 'customers/change_password', field: 'new_password', auth: true },
  { method: 'POST', path: 'customers/address', field: 'contact_person', auth: true },
  { method: 'PUT', path: 'customers/address/1', field: 'address_type', auth: true },
  { method: 'POST', path: 'orders/checkout', field: 'items', auth: true },
  { method: 'POST', path: 'orders/payment', field: 'id', auth: true },
  { method: 'POST', path: 'orders/verify_payment', field: 'order_id', auth: true },
  { method: 'POST', path: 'newsletters', field: 'email', auth: false },
  { method: 'POST', path: 'contact_queries', field: 'captcha_value', auth: false },
];

describe('JSON request bodies (product rules §7)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    auth = (await makeCustomer(t.ctx.db)).auth;
  });
  afterAll(() => t.close());

  const send = (route: (typeof routes)[number], payload: string | undefined, contentType?: string) =>
    t.request({
      method: route.method,
      url: `${API}/${route.path}`,
      headers: { ...(route.auth ? auth : {}), ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });

  describe.each(routes)('$method $path', (route) => {
    it('a text/plain or XML body → named 415 asking for JSON', async () => {
      for (const type of ['text/plain', 'application/xml']) {
        const res = await send(route, '{"email":"a@b.in"}', type);
        expect(res.statusCode, type).toBe(415);
        expect(res.json()).toEqual({
          name: 'Unsupported Media Type',
          message: 'Unsupported Media Type: send the request body as application/json.',
          code: 0,
          status: 415,
        });
      }
    });

    it('no body, null, an array, a string or a number → 422 naming the missing fields, not "body"', async () => {
      for (const payload of [undefined, 'null', '[1,2]', '"text"', '42']) {
        const res = await send(route, payload, payload === undefined ? undefined : 'application/json');
        expect(res.statusCode, String(payload)).toBe(422);
        const fields = res.json<{ field: string; message: string }[]>();
        expect(fields.map((f) => f.field)).toContain(route.field);
        expect(fields.map((f) => f.field)).not.toContain('body');
        expect(fields.every((f) => !/Invalid input|expected/.test(f.message))).toBe(true);
      }
    });
  });

  it('checks the token before the body: no token and a text/plain body is still a 401', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/customers/address`,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ name: 'Unauthorized', status: 401 });
  });

  it('product rules §7 DELETE customers/address/{id} "none": an empty body with Content-Type: application/json is no body, not a 400', async () => {
    const customer = await makeCustomer(t.ctx.db);
    const address = await makeAddress(t.ctx.db, customer.id);
    const json = { ...customer.auth, 'content-type': 'application/json' };
    const removed = await t.request({
      method: 'DELETE',
      url: `${API}/customers/address/${address.id}`,
      headers: json,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Address removed successfully.' });
    const empty = await t.request({
      method: 'POST',
      url: `${API}/orders/verify_payment`,
      headers: json,
      payload: ' ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual([{ field: 'order_id', message: 'This is a required field.' }]);
    const logout = await t.request({ method: 'POST', url: `${API}/customers/logout`, headers: json });
    expect(logout.statusCode).toBe(200);
  });

  it('product rules §7 never a 500: a deeply nested body (60 KB of [[[…]]]) is a named 400, 32 levels still pass', async () => {
    const deep = `{"email":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    for (const path of ['newsletters', 'customers/login', 'orders/verify_payment']) {
      const res = await t.request({
        method: 'POST',
        url: `${API}/${path}`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: deep,
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toEqual({
        name: 'Bad Request',
        message: 'The request body is nested too deeply (at most 32 levels).',
        code: 0,
        status: 400,
      });
    }
    const payload = JSON.parse(`${'{"a":'.repeat(30)}1${'}'.repeat(30)}`) as object;
    const ok = await t.request({
      method: 'POST',
      url: `${API}/orders/verify_payment`,
      headers: auth,
      payload: { order_id: 'KFL-0000-999999', payload },
    });
    expect(ok.statusCode).toBe(404);
  });

  it('refuses a body whose bytes are not UTF-8 with a named 400, instead of storing U+FFFD in their place', async () => {
    for (const bytes of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80]]) {
      const res = await t.request({
        method: 'POST',
        url: `${API}/customers/forgot_email_password`,
        headers: { 'content-type': 'application/json' },
        payload: Buffer.concat([
          Buffer.from('{"email":"a'),
          Buffer.from(bytes),
          Buffer.from('@example.in"}'),
        ]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        name: 'Bad Request',
        message: 'The request body is not valid UTF-8.',
      });
    }
    const hindi = await t.request({
      method: 'POST',
      url: `${API}/customers/forgot_email_password`,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from('{"email":"रवि@example.in"}'),
    });
    expect(hindi.statusCode).toBe(200);
  });

  it('accepts application/json with a charset', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/customers/forgot_email_password`,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      payload: '{"email":"nobody@example.in"}',
    });
    expect(res.statusCode).toBe(200);
  });

  it('reads a "__proto__" key as valid JSON and drops it, instead of "Body is not valid JSON"', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/customers/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},"username":"a@b.in"}',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'password', message: 'This is a required field.' }]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
