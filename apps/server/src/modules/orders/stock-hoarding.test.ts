import { randomUUID } from 'node:crypto';
import type { CheckoutResult } from '@shop/contract/orders';
import { orders, payments } from '@shop/db/schema/index';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ensureGateways } from '../payments/payments.test-kit.ts';
import { makeAddress, makeCustomer, makeProduct, setSetting, stockOf } from './orders.test-kit.ts';

/**
 * Stock hoarding: every unpaid order holds its stock, a cash-on-delivery order until delivery.
 * A customer may have at most ORDER_MAX_UNPAID (default 3) unpaid orders at a time and choose
 * cash on delivery for at most ORDER_MAX_COD_PER_DAY (default 5) orders in any 24 hours.
 */
const API = '/backend/api/web';
type Shopper = Awaited<ReturnType<typeof makeCustomer>> & { addressId: number };

const unpaidMessage =
  'You already have 3 unpaid orders. Please pay for one of them before placing another; an unpaid order is cancelled after 30 minutes.';
const codMessage =
  'You can place at most 5 cash on delivery orders in 24 hours. Please choose another payment option.';

describe('the limits’ defaults', () => {
  it('are 3 unpaid and 5 cash-on-delivery orders in production and the tests, ten times that in development, where everybody shares the demo customer', () => {
    const production = loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(16) });
    expect([production.ORDER_MAX_UNPAID, production.ORDER_MAX_COD_PER_DAY]).toEqual([3, 5]);
    const test = loadConfig({ NODE_ENV: 'test' });
    expect([test.ORDER_MAX_UNPAID, test.ORDER_MAX_COD_PER_DAY]).toEqual([3, 5]);
    const development = loadConfig({ NODE_ENV: 'development' });
    expect([development.ORDER_MAX_UNPAID, development.ORDER_MAX_COD_PER_DAY]).toEqual([30, 50]);
    const set = loadConfig({ NODE_ENV: 'development', ORDER_MAX_UNPAID: '2', ORDER_MAX_COD_PER_DAY: '7' });
    expect([set.ORDER_MAX_UNPAID, set.ORDER_MAX_COD_PER_DAY]).toEqual([2, 7]);
  });
});

describe('stock hoarding limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureGateways(t.ctx.db);
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
  });
  afterAll(() => t.close());

  async function newShopper(): Promise<Shopper> {
    const c = await makeCustomer(t.ctx.db);
    return { ...c, addressId: (await makeAddress(t.ctx.db, c.id)).id };
  }

  const checkout = (who: Shopper, itemId: number, quantity = 1, key: string | null = randomUUID()) =>
    t.request({
      method: 'POST',
      url: `${API}/orders/checkout`,
      headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { items: [{ item_id: itemId, quantity }], customer: { address_id: who.addressId } },
    });

  const orderOf = (res: { json<T>(): T }) => res.json<CheckoutResult>().order;

  const choosePayment = (who: Shopper, orderId: number, gateway: string) =>
    t.request({
      method: 'POST',
      url: `${API}/orders/payment`,
      headers: who.auth,
      payload: { id: orderId, payment_gateway: gateway },
    });

  /** Places an order and confirms it with cash on delivery (payment chosen, then verified). */
  async function codOrder(who: Shopper, itemId: number) {
    const placed = await checkout(who, itemId);
    expect(placed.statusCode).toBe(200);
    const order = orderOf(placed);
    const chosen = await choosePayment(who, order.id, 'cod');
    expect(chosen.statusCode, chosen.body).toBe(200);
    const verified = await t.request({
      method: 'POST',
      url: `${API}/orders/verify_payment`,
      headers: who.auth,
      payload: { order_id: order.order_id, payload: {} },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return order;
  }

  it('ORDER_MAX_UNPAID: a fourth unpaid order is refused (422) and reserves nothing; paying or releasing one makes room', async () => {
    const who = await newShopper();
    const p = await makeProduct(t.ctx.db, { availableStock: 50 });
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const placed = [];
    for (const [i, key] of keys.entries()) {
      const res = await checkout(who, p.id, i + 1, key);
      expect(res.statusCode).toBe(200);
      placed.push(orderOf(res));
    }
    expect(await stockOf(t.ctx.db, p.id)).toBe(44);

    const refused = await checkout(who, p.id, 4);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'customer', message: unpaidMessage }]);
    const refusedWithoutKey = await checkout(who, p.id, 5, null);
    expect(refusedWithoutKey.json()).toEqual([{ field: 'customer', message: unpaidMessage }]);
    expect(await stockOf(t.ctx.db, p.id)).toBe(44);

    // A retry of an order already placed is not a new order: it is still answered.
    const retried = await checkout(who, p.id, 2, keys[1] as string);
    expect(retried.statusCode).toBe(200);
    expect(orderOf(retried).id).toBe(placed[1]?.id);

    // Other customers are not affected.
    expect((await checkout(await newShopper(), p.id)).statusCode).toBe(200);

    // An order whose reservation ran out holds nothing and no longer counts…
    await t.ctx.db
      .update(orders)
      .set({ reservationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, placed[0]?.id as number));
    expect((await checkout(who, p.id, 6)).statusCode).toBe(200);
    expect((await checkout(who, p.id, 7)).statusCode).toBe(422);
    // …nor does one that is paid for (here: confirmed with cash on delivery).
    const chosen = await choosePayment(who, placed[1]?.id as number, 'cod');
    expect(chosen.statusCode).toBe(200);
    const confirmed = await t.request({
      method: 'POST',
      url: `${API}/orders/verify_payment`,
      headers: who.auth,
      payload: { order_id: placed[1]?.order_id, payload: {} },
    });
    expect(confirmed.statusCode).toBe(200);
    const after = await checkout(who, p.id, 8);
    expect(after.statusCode, after.body).toBe(200);
  });

  it('ORDER_MAX_UNPAID holds under concurrency: 8 checkouts at once place exactly 3 orders', async () => {
    const who = await newShopper();
    const p = await makeProduct(t.ctx.db, { availableStock: 50 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => checkout(who, p.id, i + 1)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual([{ field: 'customer', message: unpaidMessage }]);
    }
    const reserved = ok.reduce((sum, r) => sum + (orderOf(r).items[0]?.quantity ?? 0), 0);
    expect(await stockOf(t.ctx.db, p.id)).toBe(50 - reserved);
  });

  it('ORDER_MAX_COD_PER_DAY: cash on delivery for a sixth order placed within 24 hours is refused (422 on payment_gateway)', async () => {
    const who = await newShopper();
    const p = await makeProduct(t.ctx.db, { availableStock: 50 });
    const cod = [];
    for (let i = 0; i < 5; i++) cod.push(await codOrder(who, p.id));

    const sixth = orderOf(await checkout(who, p.id));
    const refused = await choosePayment(who, sixth.id, 'cod');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'payment_gateway', message: codMessage }]);
    expect(
      await t.ctx.db.select().from(payments).where(eq(payments.orderId, sixth.id)),
      'no payment recorded',
    ).toEqual([]);
    // Choosing cash on delivery again for an order that has it is no new order.
    expect((await choosePayment(who, cod[4]?.id as number, 'cod')).statusCode).toBe(200);
    // Another customer may.
    const other = await newShopper();
    await codOrder(other, p.id);

    // A cancelled order holds no stock and does not count…
    await t.ctx.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, cod[0]?.id as number));
    expect((await choosePayment(who, sixth.id, 'cod')).statusCode).toBe(200);
    const seventh = orderOf(await checkout(who, p.id));
    expect((await choosePayment(who, seventh.id, 'cod')).statusCode).toBe(422);
    // …and orders placed more than 24 hours ago no longer count.
    await t.ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(
        inArray(
          orders.id,
          cod.map((o) => o.id),
        ),
      );
    expect((await choosePayment(who, seventh.id, 'cod')).statusCode).toBe(200);
  });

  it('ORDER_MAX_COD_PER_DAY holds under concurrency: three cash-on-delivery choices at once with room for one → one accepted', async () => {
    const who = await newShopper();
    const p = await makeProduct(t.ctx.db, { availableStock: 50 });
    for (let i = 0; i < 4; i++) await codOrder(who, p.id);
    const pending = [];
    for (let i = 0; i < 3; i++) pending.push(orderOf(await checkout(who, p.id)));
    const answers = await Promise.all(pending.map((o) => choosePayment(who, o.id, 'cod')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('the limits come from the configuration', async () => {
    const strict = await createTestApp({ env: { ORDER_MAX_UNPAID: '1', ORDER_MAX_COD_PER_DAY: '1' } });
    try {
      await ensureGateways(strict.ctx.db);
      await setSetting(strict.ctx.db, 'minimum_order_amount', '0');
      const c = await makeCustomer(strict.ctx.db);
      const who = { ...c, addressId: (await makeAddress(strict.ctx.db, c.id)).id };
      const p = await makeProduct(strict.ctx.db, { availableStock: 10 });
      const send = (quantity: number) =>
        strict.request({
          method: 'POST',
          url: `${API}/orders/checkout`,
          headers: who.auth,
          payload: { items: [{ item_id: p.id, quantity }], customer: { address_id: who.addressId } },
        });
      const first = await send(1);
      expect(first.statusCode).toBe(200);
      const second = await send(2);
      expect(second.json()).toEqual([
        {
          field: 'customer',
          message:
            'You already have an unpaid order. Please pay for it before placing another; an unpaid order is cancelled after 30 minutes.',
        },
      ]);
      const pay = (id: number) =>
        strict.request({
          method: 'POST',
          url: `${API}/orders/payment`,
          headers: who.auth,
          payload: { id, payment_gateway: 'cod' },
        });
      expect((await pay(first.json<CheckoutResult>().order.id)).statusCode).toBe(200);
      await strict.request({
        method: 'POST',
        url: `${API}/orders/verify_payment`,
        headers: who.auth,
        payload: { order_id: first.json<CheckoutResult>().order.id },
      });
      const third = await send(3);
      expect(third.statusCode).toBe(200);
      expect((await pay(third.json<CheckoutResult>().order.id)).json()).toEqual([
        {
          field: 'payment_gateway',
          message:
            'You can place at most one cash on delivery order in 24 hours. Please choose another payment option.',
        },
      ]);
    } finally {
      await strict.close();
    }
  });
});
