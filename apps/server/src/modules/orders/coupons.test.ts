import { randomUUID } from 'node:crypto';
import type { ApplyCouponResult } from '@shop/contract/coupons';
import type { CheckoutResult } from '@shop/contract/orders';
import { coupons } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cancelOrder } from './order-lifecycle.service.ts';
import {
  customerActorOf,
  makeAddress,
  makeCoupon,
  makeCustomer,
  makeProduct,
  setSetting,
} from './orders.test-kit.ts';

const APPLY = '/backend/api/web/orders/apply_coupon';
const CHECKOUT = '/backend/api/web/orders/checkout';
const DAY = 24 * 60 * 60 * 1000;

describe('coupons', () => {
  let t: TestApp;
  let productId: number;
  beforeAll(async () => {
    t = await createTestApp();
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    // ₹400.00 each, plenty of stock.
    productId = (await makeProduct(t.ctx.db, { sellingPricePaise: 40_000, availableStock: 1000 })).id;
  });
  afterAll(() => t.close());

  const apply = (code: string, quantity: number, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: APPLY,
      headers,
      payload: { coupon_code: code, items: [{ item_id: productId, quantity }] },
    });

  async function shopper() {
    const c = await makeCustomer(t.ctx.db);
    const a = await makeAddress(t.ctx.db, c.id);
    return { ...c, addressId: a.id };
  }
  const checkout = (who: Awaited<ReturnType<typeof shopper>>, code: string, quantity = 1) =>
    t.request({
      method: 'POST',
      url: CHECKOUT,
      headers: { ...who.auth, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ item_id: productId, quantity }],
        coupon_code: code,
        customer: { address_id: who.addressId },
      },
    });

  it('computes a percent discount on the server (case-insensitive code) with a message', async () => {
    const c = await makeCoupon(t.ctx.db, { discountType: 'percent', discountValue: 10 });
    const res = await apply(c.code.toLowerCase(), 2);
    expect(res.statusCode).toBe(200);
    expect(res.json<ApplyCouponResult>()).toEqual({
      coupon_code: c.code,
      discount: 80,
      subtotal: 800,
      total: 720,
      message: 'Coupon applied. You save ₹80.00.',
    });
  });

  it('caps the discount at max_discount, and leaves ₹1.00 of the goods to pay (the least a gateway takes)', async () => {
    const capped = await makeCoupon(t.ctx.db, { discountValue: 50, maxDiscountPaise: 10_000 });
    expect((await apply(capped.code, 2)).json<ApplyCouponResult>()).toMatchObject({
      discount: 100,
      total: 700,
    });
    const flat = await makeCoupon(t.ctx.db, { discountType: 'flat', discountValue: 100_000 });
    expect((await apply(flat.code, 1)).json<ApplyCouponResult>()).toMatchObject({ discount: 399, total: 1 });
    const whole = await makeCoupon(t.ctx.db, { discountType: 'percent', discountValue: 100 });
    expect((await apply(whole.code, 2)).json<ApplyCouponResult>()).toMatchObject({ discount: 799, total: 1 });
  });

  it('explains why a coupon does not apply (422 on coupon_code)', async () => {
    const expired = await makeCoupon(t.ctx.db, { endsAt: new Date(Date.now() - DAY) });
    const future = await makeCoupon(t.ctx.db, { startsAt: new Date(Date.now() + DAY) });
    const inactive = await makeCoupon(t.ctx.db, { isActive: false });
    const minCart = await makeCoupon(t.ctx.db, { minCartPaise: 100_000 });
    const usedUp = await makeCoupon(t.ctx.db, { usageLimitTotal: 5, usedCount: 5 });
    for (const [code, message] of [
      [expired.code, 'This coupon has expired.'],
      [future.code, 'This coupon is not active yet.'],
      [inactive.code, 'Invalid coupon code.'],
      ['NO-SUCH-CODE', 'Invalid coupon code.'],
      [minCart.code, 'Add items worth ₹600.00 more to use this coupon.'],
      [usedUp.code, 'This coupon has reached its usage limit.'],
    ] as const) {
      const res = await apply(code, 1);
      expect(res.statusCode, code).toBe(422);
      expect(res.json()).toEqual([{ field: 'coupon_code', message }]);
    }
    const empty = await t.request({
      method: 'POST',
      url: APPLY,
      payload: { coupon_code: ' ', items: [{ item_id: productId, quantity: 1 }] },
    });
    expect(empty.json()).toEqual([{ field: 'coupon_code', message: 'This is a required field.' }]);
  });

  it('applies the coupon at checkout with the server-computed discount and counts the use', async () => {
    const c = await makeCoupon(t.ctx.db, { discountValue: 10 });
    const s = await shopper();
    const res = await checkout(s, c.code, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json<CheckoutResult>().order).toMatchObject({
      subtotal: 800,
      discount: 80,
      total_amount: 720,
      coupon_code: c.code,
    });
    const [row] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(row?.usedCount).toBe(1);
  });

  it('enforces the per-customer limit (also in apply_coupon when logged in) and returns the use when the order is cancelled', async () => {
    const c = await makeCoupon(t.ctx.db, { usageLimitPerCustomer: 1 });
    const s = await shopper();
    const first = await checkout(s, c.code);
    expect(first.statusCode).toBe(200);
    const second = await checkout(s, c.code);
    expect(second.json()).toEqual([
      { field: 'coupon_code', message: 'You have already used this coupon the maximum number of times.' },
    ]);
    expect((await apply(c.code, 1, s.auth)).statusCode).toBe(422);
    expect((await apply(c.code, 1)).statusCode).toBe(200);
    const orderId = first.json<CheckoutResult>().order.id;
    await t.ctx.db.transaction(async (tx) =>
      cancelOrder(t.ctx, tx, orderId, await customerActorOf(tx, orderId), 'Cancelled by the customer'),
    );
    await expect(
      t.ctx.db.transaction(async (tx) =>
        cancelOrder(t.ctx, tx, orderId, await customerActorOf(tx, orderId), 'again'),
      ),
    ).rejects.toMatchObject({ kind: 'conflict' });
    const [row] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(row?.usedCount).toBe(0);
    expect((await checkout(s, c.code)).statusCode).toBe(200);
  });

  it('never lets concurrent checkouts exceed the total usage limit', async () => {
    const c = await makeCoupon(t.ctx.db, { usageLimitTotal: 3 });
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    const results = await Promise.all(shoppers.map((s) => checkout(s, c.code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.json()).toEqual([
        { field: 'coupon_code', message: 'This coupon has reached its usage limit.' },
      ]);
    const [row] = await t.ctx.db.select().from(coupons).where(eq(coupons.id, c.id));
    expect(row?.usedCount).toBe(3);
  });

  it('never lets one customer race past the per-customer limit', async () => {
    const c = await makeCoupon(t.ctx.db, { usageLimitPerCustomer: 1 });
    const s = await shopper();
    const results = await Promise.all(Array.from({ length: 6 }, () => checkout(s, c.code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
