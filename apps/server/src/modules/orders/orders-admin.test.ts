/**
 * The back office's orders API: the list with its filters and search, order details with the
 * actions the transition table allows for the staff member's role, actions, internal notes and
 * partial refunds, each audited.
 */
import type { AdminOrderDetail, AdminOrderRow } from '@shop/contract/admin/orders';
import type { Collection } from '@shop/contract/collection';
import type { CheckoutResult } from '@shop/contract/orders';
import { auditLog, orders } from '@shop/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  createdPayment,
  newShopper,
  paidThrough,
  placeOrder,
  verified,
} from '../payments/payments.test-kit.ts';
import { runDueRefunds } from '../payments/refunds.service.ts';
import { type StaffPaymentsHarness, staffPaymentsHarness } from '../staff/staff-payments.test-kit.ts';
import { ADMIN } from '../staff/staff.test-kit.ts';
import { makeAddress, makeCoupon, makeCustomer, makeProduct } from './orders.test-kit.ts';

let h: StaffPaymentsHarness<'manager' | 'staff'>;
beforeAll(async () => {
  h = await staffPaymentsHarness(['manager', 'staff']);
});
afterAll(() => h.close());

/** The audit log's entries of one action on one order. */
const orderAudit = (orderId: number, action: string) =>
  h.t.ctx.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)),
    );

describe('back-office orders', () => {
  it('lists with filters and search by order number, e-mail, mobile and pincode', async () => {
    const { order } = await h.codOrder();
    const list = async (query: string) => {
      const res = await h.as('manager', 'GET', `/orders?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json<Collection<AdminOrderRow>>();
    };
    expect((await list(`q=${order.order_id}`)).items.map((o) => o.id)).toEqual([order.id]);
    // The part of a number matches; LIKE's wildcards typed in the box match only themselves.
    expect((await list(`q=${order.order_id.slice(-6).toLowerCase()}`)).items.map((o) => o.id)).toContain(
      order.id,
    );
    for (const wildcard of ['%25', '_', '%5C', 'KFL-%25'])
      expect((await list(`q=${wildcard}`)).items, wildcard).toEqual([]);
    const byEmail = await list(`q=${encodeURIComponent(h.shopper.email)}&status=confirmed&per-page=100`);
    expect(byEmail.items.some((o) => o.id === order.id)).toBe(true);
    expect(byEmail.items.every((o) => o.customer_email === h.shopper.email && o.status === 'confirmed')).toBe(
      true,
    );
    expect((await list('q=9876543210&pincode=302001&method=cod')).items.some((o) => o.id === order.id)).toBe(
      true,
    );
    expect((await list('status=delivered&q=9876543210')).items.some((o) => o.id === order.id)).toBe(false);
    // First digits of a pincode: every order whose pincode starts so (302001 is Jaipur's).
    const ids = async (pincode: string) =>
      (await list(`q=9876543210&per-page=100&pincode=${pincode}`)).items.map((o) => o.id);
    for (const prefix of ['3', '30', '302', '3020', '30200']) expect(await ids(prefix)).toContain(order.id);
    for (const other of ['4', '301', '3021', '302002', '9', '99999'])
      expect(await ids(other)).not.toContain(order.id);
    const letters = await h.as('manager', 'GET', '/orders?pincode=30a');
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({
      message: 'A pincode is digits only: all six, or its first digits.',
    });
    const first = (await list('per-page=1')).items[0];
    expect(first?.item_count).toBeGreaterThan(0);
    expect((await h.as('manager', 'GET', '/orders?status=lost')).statusCode).toBe(400);
    expect((await h.as('manager', 'GET', '/orders?from=yesterday')).statusCode).toBe(400);
  });

  it('answers 400 for a day not on the calendar or a year the database cannot keep, list and CSV', async () => {
    // 0001-01-01 in India's time starts in year 0 in UTC; the last time is in year 10000 in UTC.
    const bad = [
      'from=0001-01-01',
      'from=10000-01-01',
      'to=9999-12-31T23:00:00-05:00',
      'from=0000-12-31T23:00:00Z',
    ];
    for (const query of [...bad, 'from=2026-02-30', 'to=2026-13-01']) {
      for (const path of ['/orders', '/orders/export.csv']) {
        const response = await h.as('manager', 'GET', `${path}?${query}`);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json()).toMatchObject({
          message: 'Use a date like 2026-11-25 or 2026-11-25T14:30:00Z.',
        });
      }
    }
    expect((await h.as('manager', 'GET', '/orders?from=0001-01-02&to=9999-12-31')).statusCode).toBe(200);
    // A range ending before it starts is a 400, as in the audit log, not an empty list.
    const reversed = await h.as('manager', 'GET', '/orders?from=2026-02-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ message: '"from" must not be after "to".' });
    expect((await h.as('manager', 'GET', '/orders?from=2026-01-16&to=2026-01-16')).statusCode).toBe(200);
  });

  it("filters by coupon, dates (whole days in India's time) and payment status, and sorts by total or age", async () => {
    // A shopper of their own, so that `q=<e-mail>` holds exactly this test's orders.
    const own = await newShopper(h.t);
    const coupon = await makeCoupon(h.t.ctx.db, { discountType: 'percent', discountValue: 10 });
    const product = await makeProduct(h.t.ctx.db, { sellingPricePaise: 50_000, availableStock: 10 });
    const withCoupon = await h.t.request({
      method: 'POST',
      url: `${API}/orders/checkout`,
      headers: own.auth,
      payload: {
        items: [{ item_id: product.id, quantity: 1 }],
        coupon_code: coupon.code.toLowerCase(),
        customer: { address_id: own.addressId },
      },
    });
    expect(withCoupon.statusCode, withCoupon.body).toBe(200);
    const couponed = withCoupon.json<CheckoutResult>().order;
    const small = (await placeOrder(h.t, own, { pricePaise: 20_000 })).order;
    const paid = (await paidThrough(h, own, 'razorpay', 90_000)).order;
    // Placed at three known moments: 15 Jan 20:00 UTC is already 16 Jan in India (01:30).
    const placedAt: [number, string][] = [
      [couponed.id, '2026-01-10T06:00:00Z'],
      [small.id, '2026-01-15T20:00:00Z'],
      [paid.id, '2026-01-20T06:00:00Z'],
    ];
    for (const [id, at] of placedAt)
      await h.t.ctx.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(eq(orders.id, id));

    const ids = async (query: string) => {
      const res = await h.as('manager', 'GET', `/orders?q=${encodeURIComponent(own.email)}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Collection<AdminOrderRow>>().items.map((o) => o.id);
    };
    // Coupon: the code as typed, any case.
    expect(await ids(`coupon=${coupon.code.toLowerCase()}`)).toEqual([couponed.id]);
    expect(await ids('coupon=NOSUCHCODE')).toEqual([]);
    // Dates: inclusive whole days in India's time.
    expect(await ids('from=2026-01-16&to=2026-01-16')).toEqual([small.id]);
    expect(await ids('from=2026-01-11&to=2026-01-15')).toEqual([]);
    expect(await ids('from=2026-01-16&sort=created_at')).toEqual([small.id, paid.id]);
    expect(await ids('to=2026-01-16&sort=created_at')).toEqual([couponed.id, small.id]);
    // Payment status: one or several.
    expect(await ids('payment_status=Paid')).toEqual([paid.id]);
    expect(await ids('payment_status=Pending&sort=created_at')).toEqual([couponed.id, small.id]);
    expect((await ids('payment_status=Paid,Pending')).sort()).toEqual(
      [couponed.id, small.id, paid.id].sort(),
    );
    // Sort: by total either way, by age oldest first, newest first by default.
    expect(await ids('sort=total')).toEqual([small.id, couponed.id, paid.id]);
    expect(await ids('sort=-total')).toEqual([paid.id, couponed.id, small.id]);
    expect(await ids('')).toEqual([paid.id, small.id, couponed.id]);
    expect((await h.as('manager', 'GET', '/orders?payment_status=Lost')).statusCode).toBe(400);
    expect((await h.as('manager', 'GET', '/orders?sort=name')).statusCode).toBe(400);
  });

  it('shows the actions the role may take; the staff role packs and ships but cannot cancel or refund', async () => {
    const { order } = await h.codOrder();
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.allowed_actions).toEqual(['pack', 'ship', 'cancel']);
    expect(detail.may_refund).toBe(true);
    const asStaff = (await h.as('staff', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(asStaff.allowed_actions).toEqual(['pack', 'ship']);
    // The back office hides Refund for this role: the server refuses it (403) anyway.
    expect(asStaff.may_refund).toBe(false);
    const refused = await h.as('staff', 'POST', `/orders/${order.id}/actions`, { action: 'cancel' });
    expect(refused.statusCode).toBe(403);

    const packed = await h.as('staff', 'POST', `/orders/${order.id}/actions`, { action: 'pack' });
    expect(packed.statusCode).toBe(200);
    const carriers = (await h.as('staff', 'GET', '/carriers')).json<{ id: number; name: string }[]>();
    const bluedart = carriers.find((c) => c.name === 'Blue Dart');
    const shipped = await h.as('staff', 'POST', `/orders/${order.id}/actions`, {
      action: 'ship',
      carrier_id: bluedart?.id,
      tracking_number: '81234567890',
    });
    expect(shipped.statusCode).toBe(200);
    const after = shipped.json<AdminOrderDetail>();
    expect(after).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'Blue Dart', tracking_number: '81234567890' },
    });
    // The timeline names the staff member who moved the order (not "Staff #id").
    expect(after.timeline.at(-1)).toMatchObject({
      status: 'shipped',
      actor: 'staff',
      staff_id: h.signedIn.staff.staff.id,
      staff_name: 'Demo Staff',
    });
    expect(after.timeline[0]).toMatchObject({ actor: 'customer', staff_name: null });
    const again = await h.as('staff', 'POST', `/orders/${order.id}/actions`, { action: 'pack' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This order is shipped: it cannot be packed.' });

    const audit = await orderAudit(order.id, 'order.ship');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: h.signedIn.staff.staff.id, before: { status: 'packed' } });
  });

  it("states the cash-on-delivery fee in the order's totals, so subtotal, delivery and fee add up to the total", async () => {
    // Chennai: ₹60 delivery below ₹999 and a ₹40 cash-on-delivery fee.
    const customer = await makeCustomer(h.t.ctx.db);
    const address = await makeAddress(h.t.ctx.db, customer.id, { pinCode: '600020', city: 'Chennai' });
    const chennai = { ...customer, addressId: address.id };
    const { order } = await placeOrder(h.t, chennai, { pricePaise: 29_500 });
    await createdPayment(h.t, chennai, order.id, 'cod');
    await verified(h.t, chennai, order.order_id, {});
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail).toMatchObject({
      subtotal_paise: 29_500,
      discount_paise: 0,
      shipping_paise: 6_000,
      cod_fee_paise: 4_000,
      total_paise: 39_500,
    });
    const prepaid = await paidThrough(h, h.shopper, 'razorpay', 30_000);
    const paid = (await h.as('manager', 'GET', `/orders/${prepaid.order.id}`)).json<AdminOrderDetail>();
    expect(paid.cod_fee_paise).toBe(0);
  });

  it('keeps internal notes and refunds part of a prepaid order, never more than captured; amounts in Indian digit grouping (₹1,800.00)', async () => {
    const { order } = await paidThrough(h, h.shopper, 'razorpay', 180_000);
    const note = await h.as('manager', 'POST', `/orders/${order.id}/notes`, {
      body: 'Customer asked for evening delivery.',
    });
    expect(note.statusCode).toBe(200);
    expect(note.json()).toMatchObject({ staff_id: h.signedIn.manager.staff.id, staff_name: 'Demo Manager' });
    expect((await h.as('manager', 'POST', `/orders/${order.id}/notes`, { body: '  ' })).statusCode).toBe(422);

    expect(
      (
        await h.as('staff', 'POST', `/orders/${order.id}/refunds`, {
          amount_paise: 10_000,
          reason: 'One pack damaged',
        })
      ).statusCode,
    ).toBe(403);
    // Refunds are a permission of their own: the staff role is refused before its body is read.
    const unread = await h.as('staff', 'POST', `/orders/${order.id}/refunds`, {});
    expect(unread.statusCode).toBe(403);
    expect(unread.json()).toMatchObject({
      name: 'Forbidden',
      message: 'You do not have permission to do this.',
    });
    const tooMuch = await h.as('manager', 'POST', `/orders/${order.id}/refunds`, {
      amount_paise: 190_000,
      reason: 'Everything',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(JSON.stringify(tooMuch.json())).toContain('At most ₹1,800.00 can still be refunded');

    const refunded = await h.as('manager', 'POST', `/orders/${order.id}/refunds`, {
      amount_paise: 125_000,
      reason: 'One pack damaged in transit',
    });
    expect(refunded.statusCode).toBe(200);
    await h.sims.webhooks.idle();
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({
      amount_paise: 125_000,
      status: 'processed',
      requested_by: 'staff',
    });
    expect(detail.refundable_paise).toBe(55_000);
    expect(detail.payment_status).toBe('Partially Refunded');
    expect(detail.notes.map((n) => [n.body, n.staff_name])).toEqual([
      ['Customer asked for evening delivery.', 'Demo Manager'],
    ]);
    const subjects = (await h.mailsTo(h.shopper.email)).map((m) => m.subject);
    expect(subjects).toContain(`Refund of ₹1,250.00 for order ${order.order_id} initiated`);
  });

  it('a refund retried with its Idempotency-Key refunds once and is audited once, with the refund, even when nothing is left', async () => {
    const { order } = await paidThrough(h, h.shopper, 'razorpay', 40_000);
    const refund = () =>
      h.t.request({
        method: 'POST',
        url: `${ADMIN}/orders/${order.id}/refunds`,
        headers: { ...h.signedIn.manager.headers, 'idempotency-key': `refund-all-${order.id}` },
        payload: { amount_paise: 40_000, reason: 'Out of stock after payment' },
      });
    const first = await refund();
    expect(first.statusCode).toBe(200);
    // The whole amount is refunded: a retry is the same request, not a new refund of nothing.
    const retried = await refund();
    expect(retried.statusCode).toBe(200);
    expect(retried.json<AdminOrderDetail>().refunds).toHaveLength(1);
    const entries = await orderAudit(order.id, 'order.refund');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      staffId: h.signedIn.manager.staff.id,
      after: {
        amount_paise: 40_000,
        reason: 'Out of stock after payment',
        refund_id: first.json<AdminOrderDetail>().refunds[0]?.id,
      },
    });
  });

  it('packs in bulk, ships from a carrier file after a dry run (all or none) and exports CSV', async () => {
    const { order: a } = await h.codOrder();
    const { order: b } = await h.codOrder();
    const { order: c } = await h.codOrder();
    await h.as('manager', 'POST', `/orders/${c.id}/actions`, { action: 'cancel' });
    const packed = (await h.as('staff', 'POST', '/orders/bulk/pack', { ids: [a.id, b.id, c.id] })).json<
      { id: number; ok: boolean; message: string | null }[]
    >();
    expect(packed.map((o) => o.ok)).toEqual([true, true, false]);
    expect(packed[2]?.message).toBe('This order is cancelled: it cannot be packed.');
    // Ids past the database's integers are refused before any query: a 422, never a 500.
    const tooBig = await h.as('staff', 'POST', '/orders/bulk/pack', { ids: [2_147_483_648] });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json()).toEqual([{ field: 'ids.0', message: 'Please choose the orders.' }]);
    const noCarrier = await h.as('staff', 'POST', `/orders/${a.id}/actions`, {
      action: 'ship',
      carrier_id: 9_007_199_254_740_991,
      tracking_number: 'X1',
    });
    expect(noCarrier.statusCode).toBe(422);
    expect(noCarrier.json()).toEqual([{ field: 'carrier_id', message: 'Please choose a carrier.' }]);

    const file = (rows: string[]) => ['Order Number,Courier,AWB', ...rows].join('\r\n');
    const wrong = file([
      `${a.order_id},Delhivery,DL-0001`,
      `${c.order_id},Delhivery,DL-0002`,
      `${b.order_id},Pigeon Post,x`,
    ]);
    const dry = await h.as('staff', 'POST', '/orders/bulk/ship', { csv: wrong, dry_run: true });
    expect(dry.statusCode).toBe(200);
    const report = dry.json<{ rows: { line: number; errors: { column: string }[] }[]; shipped: number }>();
    expect(report.shipped).toBe(0);
    expect(report.rows.map((r) => [r.line, r.errors.map((e) => e.column)])).toEqual([
      [2, []],
      [3, ['order number']],
      [4, ['carrier', 'tracking number']],
    ]);
    // Without the dry run a wrong file ships nothing.
    expect(
      (await h.as('staff', 'POST', '/orders/bulk/ship', { csv: wrong, dry_run: false })).json(),
    ).toMatchObject({ shipped: 0 });
    expect((await h.as('manager', 'GET', `/orders/${a.id}`)).json<AdminOrderDetail>().status).toBe('packed');

    const right = file([`${a.order_id},Delhivery,DL-0001`, `${b.order_id},blue dart,BD-0002`]);
    const done = await h.as('staff', 'POST', '/orders/bulk/ship', { csv: right, dry_run: false });
    expect(done.json()).toMatchObject({ shipped: 2 });
    expect((await h.as('manager', 'GET', `/orders/${b.id}`)).json<AdminOrderDetail>().shipment).toMatchObject(
      {
        carrier: 'Blue Dart',
        tracking_number: 'BD-0002',
      },
    );

    const csv = await h.as('manager', 'GET', `/orders/export.csv?q=${a.order_id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'order_id,created_at,status,payment_status,payment_gateway,total,customer_email,contact_person,mobile_number,pincode,city,coupon_code,items',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${a.order_id},`);
    expect(lines[1]).toContain(',shipped,');
  });
});
