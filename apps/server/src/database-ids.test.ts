import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAddress, makeCustomer, makeProduct } from './modules/orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/**
 * Every id is a PostgreSQL integer (1..2147483647). An id outside that range, negative, a
 * fraction, an exponent or no number at all is refused by its schema — a 404 in a path (it names
 * nothing), a 422 in a body, a 400 in a query filter — and never reaches the database as a 500.
 */
const API = '/backend/api/web';
const NOT_IDS = ['0', '-1', '1.5', '1e3', '0x10', '2147483648', '99999999999', '9'.repeat(40), 'abc', '%20'];

describe('ids out of range', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let addressId: number;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const customer = await makeCustomer(t.ctx.db);
    auth = customer.auth;
    addressId = (await makeAddress(t.ctx.db, customer.id)).id;
    productId = (await makeProduct(t.ctx.db)).id;
  });
  afterAll(() => t.close());

  it('a path id that is no id is a 404 on every route with an id in its path', async () => {
    const routes = [
      ['GET', 'products', ''],
      ['GET', 'orders', ''],
      ['POST', 'orders', '/cancel'],
      ['DELETE', 'customers/address', ''],
      ['PUT', 'customers/address', ''],
    ] as const;
    for (const [method, path, suffix] of routes) {
      for (const id of NOT_IDS) {
        const res = await t.request({
          method,
          url: `${API}/${path}/${id}${suffix}`,
          headers: auth,
          ...(method === 'PUT' ? { payload: {} } : {}),
        });
        // '0' has the shape of an id and is looked up: no such order, product or address either.
        expect(res.statusCode, `${method} ${path}/${id}`).toBe(404);
        expect(res.json(), `${method} ${path}/${id}`).toMatchObject({ name: 'Not Found', status: 404 });
      }
    }
  });

  it('POST orders/verify_payment: order_id "2147483648" and its kin are a 422, not a 500', async () => {
    for (const orderId of [
      '2147483648',
      2147483648,
      '99999999999999999999',
      1e300,
      1.5,
      -1,
      0,
      ' 2147483648 ',
    ]) {
      const res = await t.request({
        method: 'POST',
        url: `${API}/orders/verify_payment`,
        headers: auth,
        payload: { order_id: orderId, payload: {} },
      });
      expect(res.statusCode, String(orderId)).toBe(422);
      expect(res.json()).toEqual([{ field: 'order_id', message: 'This is not a valid order id.' }]);
    }
    // Text that is no id is an order number; there is none such: the order is not found.
    for (const orderId of ['-1', '1e3', 'KFL-2026-9999999999', '१२३']) {
      const res = await t.request({
        method: 'POST',
        url: `${API}/orders/verify_payment`,
        headers: auth,
        payload: { order_id: orderId },
      });
      expect(res.statusCode, orderId).toBe(404);
      expect(res.json()).toMatchObject({ name: 'Not Found', message: 'Order not found.' });
    }
  });

  it('ids in JSON bodies (order, item, address) out of range are a 422 naming the field', async () => {
    const huge = [2147483648, '2147483648', -5, 1.5, '1e3', 1e300];
    for (const id of huge) {
      const payment = await t.request({
        method: 'POST',
        url: `${API}/orders/payment`,
        headers: auth,
        payload: { id, payment_gateway: 'cod' },
      });
      expect(payment.statusCode, `payment ${id}`).toBe(422);
      expect(payment.json()).toEqual([{ field: 'id', message: 'This is not a valid order id.' }]);

      for (const url of ['orders/checkout', 'orders/price_cart', 'orders/apply_coupon']) {
        const res = await t.request({
          method: 'POST',
          url: `${API}/${url}`,
          headers: auth,
          payload: {
            items: [{ item_id: id, quantity: 1 }],
            coupon_code: 'WELCOME10',
            customer: { address_id: addressId },
          },
        });
        expect(res.statusCode, `${url} ${id}`).toBe(422);
        expect(res.json(), `${url} ${id}`).toEqual([
          { field: 'items.0.item_id', message: 'Item id must be a positive whole number.' },
        ]);
      }

      const address = await t.request({
        method: 'POST',
        url: `${API}/orders/checkout`,
        headers: auth,
        payload: { items: [{ item_id: productId, quantity: 1 }], customer: { address_id: id } },
      });
      expect(address.statusCode, `address ${id}`).toBe(422);
      expect(address.json()).toEqual([{ field: 'customer.address_id', message: 'Please select address' }]);
    }
  });

  it('a category filter out of range is a 400 like every malformed query filter', async () => {
    for (const id of ['2147483648', '-1', '1e3', '1.5']) {
      const res = await t.request({
        method: 'GET',
        url: `${API}/products?ProductsSearch[category_id]=${id}`,
      });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({
        name: 'Bad Request',
        message: 'Invalid query parameter "ProductsSearch[category_id]": must be a category id',
      });
    }
  });
});
