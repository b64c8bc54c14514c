import { randomUUID } from 'node:crypto';
import type { CheckoutResult, Order } from '@shop/contract/orders';
import { orders } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  makeAddress,
  makeCoupon,
  makeCustomer,
  makeProduct,
  setSetting,
  stockOf,
} from './orders.test-kit.ts';

const CHECKOUT = '/backend/api/web/orders/checkout';
type Shopper = Awaited<ReturnType<typeof makeCustomer>> & { addressId: number };

describe('checkout', () => {
  let t: TestApp;
  let shopper: Shopper;
  beforeAll(async () => {
    // One customer places many orders here; the unpaid-order cap has its own test (stock-hoarding).
    t = await createTestApp({ env: { ORDER_MAX_UNPAID: '100' } });
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    shopper = await newShopper();
  });
  afterAll(() => t.close());

  async function newShopper(): Promise<Shopper> {
    const c = await makeCustomer(t.ctx.db);
    const address = await makeAddress(t.ctx.db, c.id);
    return { ...c, addressId: address.id };
  }

  const place = (who: Shopper, payload: Record<string, unknown>, key?: string) =>
    t.request({
      method: 'POST',
      url: CHECKOUT,
      headers: { ...who.auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: { customer_remarks: '', coupon_code: '', customer: { address_id: who.addressId }, ...payload },
    });

  it('creates a pending order priced from the database, with snapshots, and reserves stock', async () => {
    const kaju = await makeProduct(t.ctx.db, {
      name: 'Kaju Katli',
      sellingPricePaise: 45_000,
      availableStock: 10,
      itemWeight: 500,
    });
    const res = await place(shopper, {
      // A tampered client price and total must be ignored.
      items: [{ item_id: kaju.id, quantity: 2, selling_price: 1, price: 1 }],
      total_amount: 2,
      customer_remarks: 'Ring the bell twice',
    });
    expect(res.statusCode).toBe(200);
    const { order } = res.json<CheckoutResult>();
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'Pending',
      subtotal: 900,
      discount: 0,
      total_amount: 900,
      currency_code: 'INR',
      customer_remarks: 'Ring the bell twice',
      coupon_code: null,
      items: [
        {
          item_id: kaju.id,
          name: 'Kaju Katli',
          item_weight: 500,
          price: 450,
          quantity: 2,
          line_total: 900,
          image: 'main.webp',
        },
      ],
      shipping_address: {
        contact_person: 'Asha Verma',
        mobile_number: '9876543210',
        pin_code: '302001',
        city: 'Jaipur',
      },
    });
    expect(order.order_id).toMatch(/^KFL-\d{4}-\d{6}$/);
    expect(order.order_id.endsWith(String(order.id).padStart(6, '0'))).toBe(true);
    expect(await stockOf(t.ctx.db, kaju.id)).toBe(8);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    const minutes = ((row?.reservationExpiresAt?.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(Math.round(minutes)).toBe(t.ctx.config.ORDER_RESERVATION_MINUTES);
  });

  it('merges duplicate item ids into one line', async () => {
    const p = await makeProduct(t.ctx.db, { sellingPricePaise: 10_000 });
    const res = await place(shopper, {
      items: [
        { item_id: p.id, quantity: 1 },
        { item_id: p.id, quantity: 2 },
      ],
    });
    const { order } = res.json<CheckoutResult>();
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ quantity: 3, line_total: 300 });
    expect(await stockOf(t.ctx.db, p.id)).toBe(7);
  });

  it('names the product when it is out of stock, short or no longer sold (422, nothing reserved)', async () => {
    const gone = await makeProduct(t.ctx.db, { name: 'Kaju Katli', availableStock: 0 });
    const short = await makeProduct(t.ctx.db, { name: 'Kaju Katli', availableStock: 3 });
    const retired = await makeProduct(t.ctx.db, { name: 'Kaju Katli', isActive: false });
    const fine = await makeProduct(t.ctx.db, { availableStock: 5 });
    for (const [items, message] of [
      [
        [
          { item_id: fine.id, quantity: 1 },
          { item_id: gone.id, quantity: 1 },
        ],
        'Kaju Katli is out of stock.',
      ],
      [
        [
          { item_id: fine.id, quantity: 1 },
          { item_id: short.id, quantity: 4 },
        ],
        'Only 3 of Kaju Katli left.',
      ],
      [[{ item_id: retired.id, quantity: 1 }], 'Kaju Katli is no longer sold.'],
      [[{ item_id: 99_999_999, quantity: 1 }], 'Product #99999999 is no longer sold.'],
    ] as const) {
      const res = await place(shopper, { items });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'items', message }]);
    }
    expect(await stockOf(t.ctx.db, fine.id)).toBe(5);
    expect(await stockOf(t.ctx.db, short.id)).toBe(3);
  });

  it('rejects bad inputs with 422 and never a 500', async () => {
    const p = await makeProduct(t.ctx.db);
    const cases: [unknown, string][] = [
      [{ items: [] }, 'Your cart is empty. Please add items before checking out.'],
      [{ items: [{ item_id: p.id, quantity: 0 }] }, 'Quantity must be at least 1.'],
      [{ items: [{ item_id: p.id, quantity: -2 }] }, 'Quantity must be at least 1.'],
      [{ items: [{ item_id: p.id, quantity: 101 }] }, 'Quantity cannot be more than 100.'],
      [{ items: [{ item_id: p.id, quantity: 1.5 }] }, 'Quantity must be a whole number.'],
      [{ items: [{ item_id: 'abc', quantity: 1 }] }, 'Item id must be a positive whole number.'],
      // No items is an empty cart; items that are not a list are the client's mistake, told so.
      [{}, 'Your cart is empty. Please add items before checking out.'],
      [{ items: null }, 'Your cart is empty. Please add items before checking out.'],
      [{ items: 'lots' }, 'Items must be a list of lines, each with an item_id and a quantity.'],
      [
        { items: { item_id: p.id, quantity: 1 } },
        'Items must be a list of lines, each with an item_id and a quantity.',
      ],
      // Wrong JSON types are refused, not coerced (true would have become quantity 1), and told
      // what a quantity is; a number beyond 2^53 is told the real limit.
      [{ items: [{ item_id: p.id, quantity: true }] }, 'Quantity must be a whole number.'],
      [{ items: [{ item_id: p.id, quantity: [2] }] }, 'Quantity must be a whole number.'],
      [{ items: [{ item_id: p.id, quantity: 1e16 }] }, 'Quantity cannot be more than 100.'],
      [{ items: [{ item_id: p.id }] }, 'This is a required field.'],
      [{ items: [{ quantity: 1 }] }, 'This is a required field.'],
      [{ items: [{ item_id: true, quantity: 1 }] }, 'Item id must be a positive whole number.'],
      [{ items: [{ item_id: p.id, quantity: 1 }], customer: { address_id: true } }, 'Please select address'],
    ];
    for (const [payload, message] of cases) {
      const res = await place(shopper, payload as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json<{ message: string }[]>()[0]?.message).toBe(message);
    }
    const merged = await place(shopper, {
      items: [
        { item_id: p.id, quantity: 60 },
        { item_id: p.id, quantity: 60 },
      ],
    });
    expect(merged.json()).toEqual([{ field: 'items', message: 'Quantity cannot be more than 100.' }]);
    const noAddress = await t.request({
      method: 'POST',
      url: CHECKOUT,
      headers: shopper.auth,
      payload: { items: [{ item_id: p.id, quantity: 1 }] },
    });
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json<{ message: string }[]>()[0]?.message).toBe('Please select address');
    const notJson = await t.request({
      method: 'POST',
      url: CHECKOUT,
      headers: { ...shopper.auth, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    const badKey = await place(shopper, { items: [{ item_id: p.id, quantity: 1 }] }, 'x'.repeat(101));
    expect(badKey.statusCode).toBe(400);
    // An empty key would make every retry a new order: it is refused too, and places nothing.
    for (const blank of ['', ' ']) {
      const empty = await place(shopper, { items: [{ item_id: p.id, quantity: 1 }] }, blank);
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        message: 'Idempotency-Key must be 1–100 printable characters (a UUID is best).',
      });
    }
  });

  it('requires a login (401 Unauthorized)', async () => {
    const res = await t.request({ method: 'POST', url: CHECKOUT, payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ name: 'Unauthorized' });
  });

  it("refuses another customer's address with 'Please select address'", async () => {
    const other = await newShopper();
    const p = await makeProduct(t.ctx.db);
    const res = await place(shopper, {
      items: [{ item_id: p.id, quantity: 1 }],
      customer: { address_id: other.addressId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([{ field: 'customer.address_id', message: 'Please select address' }]);
    expect(await stockOf(t.ctx.db, p.id)).toBe(10);
  });

  it("product rules §5: without a usable address it says 'Please add a new address' when none is saved, else 'Please select address'", async () => {
    const p = await makeProduct(t.ctx.db);
    const newcomer = await makeCustomer(t.ctx.db);
    const items = [{ item_id: p.id, quantity: 1 }];
    const send = (who: { auth: Record<string, string> }, payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: CHECKOUT, headers: who.auth, payload: { items, ...payload } });
    const withoutAddress: Record<string, unknown>[] = [
      {},
      { customer: null },
      { customer: 'x' },
      { customer: {} },
      { customer: { address_id: null } },
      { customer: { address_id: 'abc' } },
      { customer: { address_id: shopper.addressId } }, // someone else's
    ];
    for (const payload of withoutAddress) {
      const res = await send(newcomer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual([{ field: 'customer.address_id', message: 'Please add a new address' }]);
    }
    for (const payload of withoutAddress.slice(0, 6)) {
      const res = await send(shopper, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual([{ field: 'customer.address_id', message: 'Please select address' }]);
    }
    expect(await stockOf(t.ctx.db, p.id)).toBe(10);
  });

  it('enforces minimum_order_amount on the server with the formatted amount', async () => {
    const p = await makeProduct(t.ctx.db, { sellingPricePaise: 5_000 });
    await setSetting(t.ctx.db, 'minimum_order_amount', '199');
    try {
      const res = await place(shopper, { items: [{ item_id: p.id, quantity: 2 }] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual([{ field: 'items', message: 'Minimum order amount should be ₹199.00' }]);
      const enough = await place(shopper, { items: [{ item_id: p.id, quantity: 4 }] });
      expect(enough.statusCode).toBe(200);
      // The minimum is the goods' value before a coupon (spec §2: the cart total equals the
      // subtotal): ₹200 of goods qualifies, and a 50% coupon does not take that back.
      const half = await makeCoupon(t.ctx.db, { discountValue: 50 });
      const withCoupon = await place(shopper, {
        items: [{ item_id: p.id, quantity: 4 }],
        coupon_code: half.code,
      });
      expect(withCoupon.statusCode).toBe(200);
      expect(withCoupon.json<CheckoutResult>().order.total_amount).toBeLessThan(199);
    } finally {
      await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    }
  });

  it('returns the same order for the same Idempotency-Key, also when retried concurrently', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 10 });
    const key = randomUUID();
    const first = await place(shopper, { items: [{ item_id: p.id, quantity: 1 }] }, key);
    const retry = await place(shopper, { items: [{ item_id: p.id, quantity: 1 }] }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<CheckoutResult>().order.id).toBe(first.json<CheckoutResult>().order.id);
    const raceKey = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => place(shopper, { items: [{ item_id: p.id, quantity: 1 }] }, raceKey)),
    );
    expect(racing.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(racing.map((r) => r.json<CheckoutResult>().order.id)).size).toBe(1);
    expect(await stockOf(t.ctx.db, p.id)).toBe(8);
    // The same key of another customer is another order.
    const other = await newShopper();
    const theirs = await place(other, { items: [{ item_id: p.id, quantity: 1 }] }, key);
    expect(theirs.json<CheckoutResult>().order.id).not.toBe(first.json<CheckoutResult>().order.id);
  });

  it('Idempotency-Key reused with a different request → 422 naming the key; the same request still returns the same order', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 10 });
    const q = await makeProduct(t.ctx.db, { availableStock: 10 });
    const who = await newShopper();
    const key = randomUUID();
    const cart = { items: [{ item_id: p.id, quantity: 2 }], customer_remarks: 'Ring twice' };
    const first = await place(who, cart, key);
    expect(first.statusCode).toBe(200);
    const orderId = first.json<CheckoutResult>().order.id;
    const changes: Record<string, unknown>[] = [
      { items: [{ item_id: p.id, quantity: 3 }] },
      { items: [{ item_id: q.id, quantity: 2 }] },
      { items: [...cart.items, { item_id: q.id, quantity: 1 }] },
      { customer_remarks: 'Leave at the door' },
      { coupon_code: 'WELCOME10' },
    ];
    for (const change of changes) {
      const res = await place(who, { ...cart, ...change }, key);
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(res.json()).toEqual([
        {
          field: 'Idempotency-Key',
          message:
            'This Idempotency-Key was already used for a different order. Send a new key with a changed cart, address, coupon or remarks.',
        },
      ]);
    }
    const otherAddress = await makeAddress(t.ctx.db, who.id, { isDefault: false });
    const moved = await place(who, { ...cart, customer: { address_id: otherAddress.id } }, key);
    expect(moved.statusCode).toBe(422);
    // The same request — also written differently (key order, split lines, spaces, ignored client
    // prices) — is the same request.
    const same = await t.request({
      method: 'POST',
      url: CHECKOUT,
      headers: { ...who.auth, 'idempotency-key': key },
      payload: {
        customer: { address_id: who.addressId },
        coupon_code: '',
        customer_remarks: ' Ring twice ',
        items: [
          { quantity: 1, item_id: p.id, selling_price: 1 },
          { item_id: p.id, quantity: 1 },
        ],
      },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<CheckoutResult>().order.id).toBe(orderId);
    expect(await stockOf(t.ctx.db, p.id)).toBe(8);
    expect(await stockOf(t.ctx.db, q.id)).toBe(10);
    // Two different requests racing with one key: one order, the other request refused.
    const raceKey = randomUUID();
    const racing = await Promise.all([
      place(who, { items: [{ item_id: q.id, quantity: 1 }] }, raceKey),
      place(who, { items: [{ item_id: q.id, quantity: 2 }] }, raceKey),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect([8, 9]).toContain(await stockOf(t.ctx.db, q.id));
  });

  it('product rules §10: the same cart retried without a key (also concurrently) returns the same unpaid order', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 20 });
    const who = await newShopper();
    const cart = { items: [{ item_id: p.id, quantity: 2 }], customer_remarks: 'Ring twice' };
    const racing = await Promise.all(Array.from({ length: 4 }, () => place(who, cart)));
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(racing.map((r) => r.json<CheckoutResult>().order.id));
    expect(ids.size).toBe(1);
    expect(await stockOf(t.ctx.db, p.id)).toBe(18);
    // Another cart is another order; so is the same cart once the first order is under way.
    const changed = await place(who, { ...cart, items: [{ item_id: p.id, quantity: 3 }] });
    expect(ids.has(changed.json<CheckoutResult>().order.id)).toBe(false);
    const [firstId] = ids;
    await t.ctx.db
      .update(orders)
      .set({ status: 'confirmed' })
      .where(eq(orders.id, firstId as number));
    const again = await place(who, cart);
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckoutResult>().order.id).not.toBe(firstId);
  });

  it('never oversells: 200 concurrent checkouts for 50 units make exactly 50 orders and stock 0', async () => {
    const p = await makeProduct(t.ctx.db, { name: 'Kaju Katli', availableStock: 50 });
    const shoppers = await Promise.all(Array.from({ length: 200 }, () => newShopper()));
    const results = await Promise.all(
      shoppers.map((s) => place(s, { items: [{ item_id: p.id, quantity: 1 }] }, randomUUID())),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(50);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(150).fill(422));
    for (const r of refused)
      expect(r.json<{ message: string }[]>()[0]?.message).toBe('Kaju Katli is out of stock.');
    expect(new Set(ok.map((r) => r.json<{ order: Order }>().order.id)).size).toBe(50);
    expect(await stockOf(t.ctx.db, p.id)).toBe(0);
  });
});
