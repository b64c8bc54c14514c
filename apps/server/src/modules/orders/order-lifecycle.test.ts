import { randomUUID } from 'node:crypto';
import type { CheckoutResult, Order } from '@shop/contract/orders';
import { coupons, orders } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  confirmOrder,
  cancelOrder,
  getOwnedOrder,
  releaseExpiredReservations,
} from './order-lifecycle.service.ts';
import {
  makeAddress,
  makeCoupon,
  makeCustomer,
  makeProduct,
  setSetting,
  stockOf,
  customerActorOf,
} from './orders.test-kit.ts';
import { SYSTEM } from './order-state.ts';

const MINUTE = 60_000;

describe('order lifecycle and history', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof makeCustomer>> & { addressId: number };
  beforeAll(async () => {
    // One customer places many orders here; the unpaid-order cap has its own test (stock-hoarding).
    t = await createTestApp({ env: { ORDER_MAX_UNPAID: '100' } });
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    const c = await makeCustomer(t.ctx.db);
    s = { ...c, addressId: (await makeAddress(t.ctx.db, c.id)).id };
  });
  afterAll(() => t.close());

  async function placeOrder(productId: number, quantity = 2, couponCode = '', who = s): Promise<Order> {
    const res = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/checkout',
      headers: { ...who.auth, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ item_id: productId, quantity }],
        coupon_code: couponCode,
        customer: { address_id: who.addressId },
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json<CheckoutResult>().order;
  }
  const rowOf = async (id: number) => (await t.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('confirmOrder: pending → confirmed, keeps stock, clears the expiry, records history; idempotent and forward-only', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 5 });
    const order = await placeOrder(p.id);
    await t.ctx.db.transaction((tx) =>
      confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Pending', gateway: 'cod' }),
    );
    await t.ctx.db.transaction((tx) =>
      confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Pending', gateway: 'cod' }),
    );
    let row = await rowOf(order.id);
    expect(row).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Pending',
      paymentGateway: 'cod',
      reservationExpiresAt: null,
    });
    await t.ctx.db.transaction((tx) =>
      confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Paid', gateway: 'cod' }),
    );
    await t.ctx.db.transaction((tx) =>
      confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Pending', gateway: 'cod' }),
    );
    row = await rowOf(order.id);
    expect(row?.paymentStatus).toBe('Paid');
    expect(await stockOf(t.ctx.db, p.id)).toBe(3);
    const details = await getOwnedOrder(t.ctx.db, s.id, order.id);
    expect(details.status_history?.map((h) => h.status)).toEqual(['pending', 'confirmed', 'confirmed']);
    // A confirmed order never expires.
    expect(
      await releaseExpiredReservations(t.ctx, new Date(Date.now() + 999 * MINUTE)),
    ).toBeGreaterThanOrEqual(0);
    expect((await rowOf(order.id))?.status).toBe('confirmed');
  });

  it('cancelOrder: cancels, returns stock and coupon use exactly once; a shipped order cannot be cancelled, a system cancellation only touches unpaid orders', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 5 });
    const coupon = await makeCoupon(t.ctx.db);
    const order = await placeOrder(p.id, 2, coupon.code);
    expect(await stockOf(t.ctx.db, p.id)).toBe(3);
    await t.ctx.db.transaction(async (tx) =>
      cancelOrder(t.ctx, tx, order.id, await customerActorOf(tx, order.id), 'Cancelled by the customer'),
    );
    for (let i = 0; i < 2; i++)
      await expect(
        t.ctx.db.transaction(async (tx) =>
          cancelOrder(t.ctx, tx, order.id, await customerActorOf(tx, order.id), 'again'),
        ),
      ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await stockOf(t.ctx.db, p.id)).toBe(5);
    expect(await rowOf(order.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'customer' });
    expect((await t.ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount).toBe(0);
    const history = (await getOwnedOrder(t.ctx.db, s.id, order.id)).status_history ?? [];
    expect(history.map((h) => [h.status, h.note])).toEqual([
      ['pending', 'Order placed'],
      ['cancelled', 'Cancelled by the customer'],
    ]);
    await expect(
      t.ctx.db.transaction((tx) =>
        confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Paid', gateway: 'paytm' }),
      ),
    ).rejects.toMatchObject({ kind: 'conflict' });

    const paid = await placeOrder(p.id, 1);
    await t.ctx.db.transaction((tx) =>
      confirmOrder(t.ctx, tx, paid.id, { paymentStatus: 'Paid', gateway: 'razorpay' }),
    );
    await expect(
      t.ctx.db.transaction(async (tx) => cancelOrder(t.ctx, tx, paid.id, SYSTEM, 'late')),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await rowOf(paid.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
    await t.ctx.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, paid.id));
    await expect(
      t.ctx.db.transaction(async (tx) =>
        cancelOrder(t.ctx, tx, paid.id, await customerActorOf(tx, paid.id), 'too late'),
      ),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await stockOf(t.ctx.db, p.id)).toBe(4);
  });

  it('releaseExpiredReservations: cancels unpaid orders past their expiry and releases stock once, even run in parallel', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 10 });
    const coupon = await makeCoupon(t.ctx.db);
    const expiring = await placeOrder(p.id, 3, coupon.code);
    const fresh = await placeOrder(p.id, 1);
    await t.ctx.db
      .update(orders)
      .set({ reservationExpiresAt: new Date(Date.now() - MINUTE) })
      .where(eq(orders.id, expiring.id));
    expect(await stockOf(t.ctx.db, p.id)).toBe(6);
    const counts = await Promise.all([1, 2, 3].map(() => releaseExpiredReservations(t.ctx, new Date())));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await releaseExpiredReservations(t.ctx, new Date())).toBe(0);
    expect(await stockOf(t.ctx.db, p.id)).toBe(9);
    expect(await rowOf(expiring.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'Pending' });
    expect((await rowOf(fresh.id))?.status).toBe('pending');
    expect((await t.ctx.db.select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount).toBe(0);
    expect((await rowOf(expiring.id))?.cancelledBy).toBe('system');
    // A later cancellation of the expired order gives nothing back a second time.
    await expect(
      t.ctx.db.transaction(async (tx) =>
        cancelOrder(t.ctx, tx, expiring.id, await customerActorOf(tx, expiring.id), 'late'),
      ),
    ).rejects.toMatchObject({ kind: 'conflict' });
    expect(await stockOf(t.ctx.db, p.id)).toBe(9);
  });

  it('GET orders lists only own orders, newest first, in the Yii2 envelope with items', async () => {
    const c = await makeCustomer(t.ctx.db);
    const other = { ...c, addressId: (await makeAddress(t.ctx.db, c.id)).id };
    const p = await makeProduct(t.ctx.db, {
      name: 'Besan Ladoo',
      sellingPricePaise: 30_000,
      availableStock: 10,
    });
    const first = await placeOrder(p.id, 1, '', other);
    const second = await placeOrder(p.id, 2, '', other);
    const res = await t.request({
      method: 'GET',
      url: '/backend/api/web/orders?sort=-id&per-page=200&page=1',
      headers: other.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Order[]; _meta: { totalCount: number; perPage: number } }>();
    expect(body.items.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(body._meta).toMatchObject({ totalCount: 2, perPage: 200 });
    expect(body.items[0]).toMatchObject({
      order_id: second.order_id,
      status: 'pending',
      payment_status: 'Pending',
      total_amount: 600,
    });
    expect(body.items[0]?.items).toEqual([
      expect.objectContaining({ name: 'Besan Ladoo', quantity: 2, price: 300 }),
    ]);
    const asc = await t.request({
      method: 'GET',
      url: '/backend/api/web/orders?sort=id&per-page=1',
      headers: other.auth,
    });
    expect(asc.json<{ items: Order[] }>().items.map((o) => o.id)).toEqual([first.id]);
    expect(asc.headers['x-pagination-page-count']).toBe('2');
    const bad = await t.request({
      method: 'GET',
      url: '/backend/api/web/orders?sort=hack',
      headers: other.auth,
    });
    expect(bad.statusCode).toBe(400);
    const badPage = await t.request({
      method: 'GET',
      url: '/backend/api/web/orders?page=x',
      headers: other.auth,
    });
    expect(badPage.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/backend/api/web/orders' })).statusCode).toBe(401);
  });

  it("GET orders/{id} shows own order details with history; another customer's is 404", async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 10, sellingPricePaise: 12_345 });
    const order = await placeOrder(p.id, 1);
    const res = await t.request({
      method: 'GET',
      url: `/backend/api/web/orders/${order.id}`,
      headers: s.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      id: order.id,
      order_id: order.order_id,
      total_amount: 123.45,
      payment_gateway: null,
      shipping_address: { contact_person: 'Asha Verma', mobile_number: '9876543210' },
      status_history: [{ status: 'pending', note: 'Order placed' }],
    });
    const intruder = await makeCustomer(t.ctx.db);
    const theirs = await t.request({
      method: 'GET',
      url: `/backend/api/web/orders/${order.id}`,
      headers: intruder.auth,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ name: 'Not Found', message: 'Order not found.', status: 404 });
    await expect(getOwnedOrder(t.ctx.db, intruder.id, order.id)).rejects.toMatchObject({ kind: 'not-found' });
    // An id that is no id names no order either.
    const bad = await t.request({ method: 'GET', url: '/backend/api/web/orders/abc', headers: s.auth });
    expect(bad.statusCode).toBe(404);
  });

  it('POST orders/price_cart returns current prices, GST rates (for the GST the cart total includes), stock and availability', async () => {
    const p = await makeProduct(t.ctx.db, {
      name: 'Pista Roll',
      sellingPricePaise: 55_050,
      availableStock: 4,
      itemWeight: 250,
      gstRate: 12,
    });
    const gone = await makeProduct(t.ctx.db, { availableStock: 0 });
    const retired = await makeProduct(t.ctx.db, { availableStock: 7, isActive: false });
    await setSetting(t.ctx.db, 'minimum_order_amount', '149.50');
    const res = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/price_cart',
      payload: {
        items: [
          { item_id: p.id, quantity: 1 },
          { item_id: gone.id },
          { item_id: retired.id },
          { item_id: 99_999_998 },
        ],
      },
    });
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      minimum_order_amount: 149.5,
      items: [
        {
          item_id: p.id,
          name: 'Pista Roll',
          selling_price: 550.5,
          available_stock: 4,
          main_image: 'main.webp',
          item_weight: 250,
          gst_rate: 12,
          available: true,
          sold: true,
        },
        // Out of stock is still sold; a product taken off sale is not, whatever its stock.
        expect.objectContaining({ item_id: gone.id, available: false, available_stock: 0, sold: true }),
        expect.objectContaining({ item_id: retired.id, available: false, available_stock: 0, sold: false }),
        expect.objectContaining({ item_id: 99_999_998, available: false, name: '', sold: false }),
      ],
    });
    const bad = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/price_cart',
      payload: { items: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
