import type { AdminCoupon } from '@shop/contract/admin/coupons';
import { couponAdminMessages } from '@shop/contract/admin/coupons';
import { couponMessages } from '@shop/contract/coupons';
import { randomUUID } from 'node:crypto';
import { storableTimeMessage } from '@shop/contract/storable-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';
import { makeAddress, makeCustomer, makeProduct, setSetting } from './orders.test-kit.ts';

let t: StaffHarness<'manager' | 'staff'>;
let productId: number;
beforeAll(async () => {
  t = await staffHarness(['manager', 'staff']);
  await setSetting(t.ctx.db, 'minimum_order_amount', '0');
  productId = (await makeProduct(t.ctx.db, { sellingPricePaise: 50_000, availableStock: 100 })).id;
});
afterAll(() => t.close());

const apply = (code: string) =>
  t.request({
    method: 'POST',
    url: '/backend/api/web/orders/apply_coupon',
    payload: { coupon_code: code, items: [{ item_id: productId, quantity: 2 }] },
  });

describe('coupons in the back office', () => {
  it('creates a capped percent coupon the checkout applies, then shows its usage so far', async () => {
    const created = await t.as('manager', 'POST', '/coupons', {
      code: 'zzdiwali20',
      description: 'Diwali',
      discount_type: 'percent',
      discount_value: 20,
      max_discount_paise: 15_000,
      usage_limit_total: 2,
    });
    expect(created.statusCode).toBe(201);
    const coupon = created.json<AdminCoupon>();
    expect(coupon).toMatchObject({ code: 'ZZDIWALI20', state: 'active', used_count: 0, orders: 0 });
    // 20 % of ₹1,000 is ₹200, capped at ₹150.
    expect((await apply('ZZDIWALI20')).json()).toMatchObject({ discount: 150 });

    const customer = await makeCustomer(t.ctx.db);
    const address = await makeAddress(t.ctx.db, customer.id);
    const order = await t.request({
      method: 'POST',
      url: '/backend/api/web/orders/checkout',
      headers: { ...customer.auth, 'idempotency-key': randomUUID() },
      payload: {
        items: [{ item_id: productId, quantity: 2 }],
        coupon_code: 'ZZDIWALI20',
        customer: { address_id: address.id },
      },
    });
    expect(order.statusCode).toBe(200);
    const list = await t.as('manager', 'GET', '/coupons');
    expect(list.json<{ items: AdminCoupon[] }>().items.find((c) => c.id === coupon.id)).toMatchObject({
      used_count: 1,
      orders: 1,
      discount_given_paise: 15_000,
    });
  });

  it('switching a coupon off makes the checkout refuse it at once; switching it on again restores it', async () => {
    const coupon = (
      await t.as('manager', 'POST', '/coupons', {
        code: 'ZZFLAT50',
        discount_type: 'flat',
        discount_value: 5_000,
      })
    ).json<AdminCoupon>();
    expect((await apply('ZZFLAT50')).statusCode).toBe(200);
    const off = await t.as('manager', 'PATCH', `/coupons/${coupon.id}`, { is_active: false });
    expect(off.json<AdminCoupon>()).toMatchObject({ is_active: false, state: 'disabled' });
    const refused = await apply('ZZFLAT50');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([{ field: 'coupon_code', message: couponMessages.invalid }]);
    await t.as('manager', 'PATCH', `/coupons/${coupon.id}`, { is_active: true });
    expect((await apply('ZZFLAT50')).json()).toMatchObject({ discount: 50 });
  });

  it('edits terms, and refuses a taken code, a percentage over 100 and an end before the start', async () => {
    const coupon = (
      await t.as('manager', 'POST', '/coupons', {
        code: 'ZZEDIT',
        discount_type: 'percent',
        discount_value: 5,
      })
    ).json<AdminCoupon>();
    const edited = await t.as('manager', 'PUT', `/coupons/${coupon.id}`, {
      code: 'ZZEDIT',
      discount_type: 'percent',
      discount_value: 15,
      starts_at: '2099-01-01T00:00:00Z',
    });
    expect(edited.json<AdminCoupon>()).toMatchObject({ discount_value: 15, state: 'scheduled' });
    expect((await apply('ZZEDIT')).json()).toEqual([
      { field: 'coupon_code', message: couponMessages.notStarted },
    ]);

    const taken = await t.as('manager', 'POST', '/coupons', {
      code: 'zzedit',
      discount_type: 'flat',
      discount_value: 100,
    });
    expect(taken.json()).toEqual([{ field: 'code', message: couponAdminMessages.codeTaken }]);
    const percent = await t.as('manager', 'POST', '/coupons', {
      code: 'ZZBIG',
      discount_type: 'percent',
      discount_value: 120,
    });
    expect(percent.json()).toEqual([{ field: 'discount_value', message: couponAdminMessages.percent }]);
    const backwards = await t.as('manager', 'POST', '/coupons', {
      code: 'ZZBACK',
      discount_type: 'flat',
      discount_value: 100,
      starts_at: '2030-01-02T00:00:00Z',
      ends_at: '2030-01-01T00:00:00Z',
    });
    expect(backwards.json()).toEqual([{ field: 'ends_at', message: couponAdminMessages.schedule }]);
    // Year 0, or a time whose offset moves it into year 10000, is no time the database can keep.
    const yearZero = await t.as('manager', 'POST', '/coupons', {
      code: 'ZZYEAR',
      discount_type: 'flat',
      discount_value: 100,
      starts_at: '0000-01-01T00:00:00Z',
      ends_at: '9999-12-31T23:00:00-05:00',
    });
    expect(yearZero.statusCode).toBe(422);
    expect(yearZero.json()).toEqual([
      { field: 'starts_at', message: storableTimeMessage },
      { field: 'ends_at', message: storableTimeMessage },
    ]);
  });

  it('a maximum discount applies only to percentage coupons: a flat coupon with one is refused, not saved without it', async () => {
    const flat = { code: 'ZZFLATCAP', discount_type: 'flat', discount_value: 5_000, max_discount_paise: 100 };
    const refused = await t.as('manager', 'POST', '/coupons', flat);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual([
      { field: 'max_discount_paise', message: couponAdminMessages.maxDiscountFlat },
    ]);
    const listed = await t.as('manager', 'GET', '/coupons');
    expect(listed.json<{ items: AdminCoupon[] }>().items.some((c) => c.code === 'ZZFLATCAP')).toBe(false);

    const percent = (
      await t.as('manager', 'POST', '/coupons', { ...flat, discount_type: 'percent', discount_value: 10 })
    ).json<AdminCoupon>();
    expect(percent).toMatchObject({ discount_type: 'percent', max_discount_paise: 100 });
    const toFlat = await t.as('manager', 'PUT', `/coupons/${percent.id}`, flat);
    expect(toFlat.json()).toEqual([
      { field: 'max_discount_paise', message: couponAdminMessages.maxDiscountFlat },
    ]);
    const flatNoCap = await t.as('manager', 'PUT', `/coupons/${percent.id}`, {
      ...flat,
      max_discount_paise: null,
    });
    expect(flatNoCap.json<AdminCoupon>()).toMatchObject({ discount_type: 'flat', max_discount_paise: null });
  });

  it('is closed to a staff member without the coupons permission', async () => {
    const res = await t.as('staff', 'GET', '/coupons');
    expect(res.statusCode).toBe(403);
  });
});
