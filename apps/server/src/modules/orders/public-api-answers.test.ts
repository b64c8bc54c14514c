/**
 * Answers of the public API to what clients other than the storefront send: `sort=` on every
 * collection (unknown fields refused), a coupon tried on a cart with a product that is gone, and
 * a PIN code of any length answered with the delivery check's own message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeCoupon, makeCustomer, makeProduct } from './orders.test-kit.ts';
import { ensureGateways } from '../payments/payments.test-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const API = '/backend/api/web';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sort= on the collections kept in memory', () => {
  it("a customer's addresses and the payment gateways sort by a known field and refuse an unknown one", async () => {
    const customer = await makeCustomer(t.ctx.db);
    await makeAddress(t.ctx.db, customer.id, { city: 'Jaipur', isDefault: true });
    await makeAddress(t.ctx.db, customer.id, { city: 'Agra', isDefault: false });
    await makeAddress(t.ctx.db, customer.id, { city: 'Udaipur', isDefault: false });
    const list = async (query: string) =>
      t.request({ method: 'GET', url: `${API}/customers/address${query}`, headers: customer.auth });
    const cities = async (query: string) =>
      (await list(query)).json<{ items: { city: string }[] }>().items.map((a) => a.city);
    expect(await cities('?sort=city')).toEqual(['Agra', 'Jaipur', 'Udaipur']);
    expect(await cities('?sort=-city')).toEqual(['Udaipur', 'Jaipur', 'Agra']);
    const unknown = await list('?sort=nonsense');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown sort field "nonsense"/);

    await ensureGateways(t.ctx.db);
    const gateways = async (query: string) =>
      t.request({ method: 'GET', url: `${API}/orders/payment_gateways${query}` });
    const ids = (await (await gateways('?sort=-id')).json<{ items: { id: number }[] }>()).items.map(
      (g) => g.id,
    );
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await gateways('?sort=secret')).statusCode).toBe(400);
  });
});

describe('apply_coupon', () => {
  it('names a product that is gone or no longer sold, as checkout does (not "Add items worth … more")', async () => {
    const coupon = await makeCoupon(t.ctx.db, { minCartPaise: 29_900 });
    const unsold = await makeProduct(t.ctx.db, { isActive: false, sellingPricePaise: 50_000 });
    const apply = (itemId: number) =>
      t.request({
        method: 'POST',
        url: `${API}/orders/apply_coupon`,
        payload: { coupon_code: coupon.code, items: [{ item_id: itemId, quantity: 1 }] },
      });
    const gone = await apply(99_999_999);
    expect(gone.statusCode).toBe(422);
    expect(JSON.stringify(gone.json())).toContain('Product #99999999 is no longer sold.');
    const inactive = await apply(unsold.id);
    expect(inactive.statusCode).toBe(422);
    expect(JSON.stringify(inactive.json())).toContain(`${unsold.name} is no longer sold.`);
  });
});

describe('delivery/{pincode}', () => {
  it('any text but six digits is the 400 "Please enter a valid 6-digit PIN code.", long input included', async () => {
    for (const pincode of ['12345678901234567890', '1'.repeat(21), '1'.repeat(60)]) {
      const res = await t.request({ method: 'GET', url: `${API}/delivery/${pincode}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid 6-digit PIN code.');
    }
  });
});
