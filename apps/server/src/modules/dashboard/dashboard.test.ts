/**
 * The back-office dashboard on a small known set of orders: revenue is paid plus confirmed
 * cash-on-delivery orders minus refunds processed in the period; pending, failed and cancelled
 * orders are no sale; a cancelled order that was paid and refunded counts in revenue (its refund
 * is subtracted) but not in the orders, average, methods, days or top products; days are India's
 * days.
 */
import type { Dashboard } from '@shop/contract/admin/dashboard';
import type { DbOrTx } from '@shop/db/client';
import { orderItems, orders, payments, refunds } from '@shop/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeProduct, setSetting } from '../orders/orders.test-kit.ts';
import { type StaffHarness, staffHarness } from '../staff/staff.test-kit.ts';
import { dashboardOf, periodOf } from './dashboard.service.ts';

/** 17:30 in India on 15 January 2031: far from any other test's orders. */
const NOW = new Date('2031-01-15T12:00:00Z');
const daysAgo = (days: number, hour = 6) => new Date(NOW.getTime() - days * 86_400_000 - hour * 3_600_000);

let t: StaffHarness<'staff'>;
let baseline: Dashboard;
let p1: number;
let p2: number;
let lowProduct: number;
let okProduct: number;
beforeAll(async () => {
  t = await staffHarness(['staff']);
  const db = t.ctx.db;
  await setSetting(db, 'low_stock_threshold', '3');
  baseline = await dashboardOf(db, 'today', 0, NOW);
  p1 = (await makeProduct(db, { name: 'Kesar Peda 250 g', availableStock: 100 })).id;
  p2 = (await makeProduct(db, { name: 'Brass Padlock', availableStock: 100 })).id;
  lowProduct = (await makeProduct(db, { name: 'Almost gone', availableStock: 2 })).id;
  okProduct = (await makeProduct(db, { name: 'Plenty', availableStock: 4 })).id;
  const customer = await makeCustomer(db);
  let n = 0;
  async function order(
    at: Date,
    gateway: string,
    status: (typeof orders.$inferInsert)['status'],
    paymentStatus: (typeof orders.$inferInsert)['paymentStatus'],
    totalPaise: number,
    lines: [number, number, number][] = [],
  ) {
    n += 1;
    const [row] = await db
      .insert(orders)
      .values({
        orderNumber: `DASH-2031-${n}-${Math.random().toString(36).slice(2, 8)}`,
        customerId: customer.id,
        status,
        paymentStatus,
        paymentGateway: gateway,
        subtotalPaise: totalPaise,
        totalPaise,
        shippingAddress: { pin_code: '302001' },
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('order insert failed');
    for (const [productId, quantity, line] of lines)
      await db.insert(orderItems).values({
        orderId: row.id,
        productId,
        name: productId === p1 ? 'Kesar Peda 250 g' : 'Brass Padlock',
        itemWeight: 250,
        unitPricePaise: line / quantity,
        quantity,
        lineTotalPaise: line,
      });
    return row.id;
  }
  await order(daysAgo(0), 'razorpay', 'confirmed', 'Paid', 100_000, [
    [p1, 2, 80_000],
    [p2, 1, 20_000],
  ]);
  await order(daysAgo(0), 'cod', 'confirmed', 'Pending', 50_000, [[p2, 1, 50_000]]);
  await order(daysAgo(0), 'cod', 'pending', 'Pending', 30_000, [[p1, 5, 30_000]]);
  await order(daysAgo(0), 'razorpay', 'cancelled', 'Failed', 40_000, [[p1, 5, 40_000]]);
  // Paid, then cancelled by the shop and refunded in full today.
  const cancelled = await order(daysAgo(0), 'razorpay', 'cancelled', 'Refunded', 45_000, [[p2, 9, 45_000]]);
  const refunded = await order(daysAgo(3), 'paytm', 'delivered', 'Partially Refunded', 70_000, [
    [p1, 1, 70_000],
  ]);
  await order(daysAgo(20), 'cod', 'delivered', 'Paid', 60_000);
  await order(daysAgo(40), 'razorpay', 'packed', 'Paid', 999_900);
  await refundRows(db, refunded);
  await refundRows(db, cancelled, 'razorpay', 45_000);
});
afterAll(() => t.close());

/** A paid payment of the order and its refunds: `full` refunded (processed) or ₹200 processed and ₹50 pending. */
async function refundRows(db: DbOrTx, orderId: number, gateway = 'paytm', full?: number) {
  const [payment] = await db
    .insert(payments)
    .values({ orderId, gateway, amountMinor: full ?? 70_000, status: full ? 'refunded' : 'paid' })
    .returning();
  if (!payment) throw new Error('payment insert failed');
  const base = { orderId, paymentId: payment.id, gateway, reason: 'damaged', requestedBy: 'staff' };
  if (full) {
    await db.insert(refunds).values({
      ...base,
      amountPaise: full,
      amountMinor: full,
      status: 'processed',
      processedAt: daysAgo(0, 1),
      idempotencyKey: `dash-full-${orderId}`,
      gatewayKey: `dash-full-${orderId}`,
    });
    return;
  }
  await db.insert(refunds).values([
    {
      ...base,
      amountPaise: 20_000,
      amountMinor: 20_000,
      status: 'processed',
      processedAt: daysAgo(0, 1),
      idempotencyKey: 'dash-1',
      gatewayKey: `dash-1-${orderId}`,
    },
    // Not yet processed: no money has left, so it is not subtracted.
    {
      ...base,
      amountPaise: 5_000,
      amountMinor: 5_000,
      idempotencyKey: 'dash-2',
      gatewayKey: `dash-2-${orderId}`,
    },
  ]);
}

describe('dashboard', () => {
  it("today counts paid and confirmed cash-on-delivery orders, minus today's processed refunds", async () => {
    const today = await dashboardOf(t.ctx.db, 'today', 3, NOW);
    expect(today.from).toBe('2031-01-14T18:30:00.000Z');
    // The cancelled, refunded ₹450 order: in revenue and out again with its refund, not an order.
    expect(today.orders).toBe(2);
    expect(today.revenue_paise).toBe(150_000 + 45_000 - 20_000 - 45_000);
    expect(today.average_order_paise).toBe(75_000);
    expect(today.by_method).toEqual([
      { method: 'razorpay', orders: 1, revenue_paise: 100_000 },
      { method: 'cod', orders: 1, revenue_paise: 50_000 },
    ]);
    expect(today.refunds).toEqual({ count: 2, amount_paise: 65_000 });
    expect(today.failed_mails).toBe(3);
    expect(today.by_day).toEqual([{ day: '2031-01-15', orders: 2, revenue_paise: 150_000 }]);
    // Two confirmed orders wait to be packed, one packed order to be shipped (whatever their date).
    expect(today.pending_shipments).toEqual({
      confirmed: baseline.pending_shipments.confirmed + 2,
      packed: baseline.pending_shipments.packed + 1,
    });
  });

  it('7 and 30 days: every day of the period, top products by revenue, older orders left out', async () => {
    const week = await dashboardOf(t.ctx.db, '7d', 0, NOW);
    expect(week.orders).toBe(3);
    expect(week.revenue_paise).toBe(220_000 - 20_000);
    expect(week.by_method.find((m) => m.method === 'razorpay')).toEqual({
      method: 'razorpay',
      orders: 1,
      revenue_paise: 100_000,
    });
    expect(week.average_order_paise).toBe(73_333);
    expect(week.by_day).toHaveLength(7);
    expect(week.by_day[0]?.day).toBe('2031-01-09');
    expect(week.by_day.find((d) => d.day === '2031-01-12')).toEqual({
      day: '2031-01-12',
      orders: 1,
      revenue_paise: 70_000,
    });
    expect(week.top_products).toEqual([
      { product_id: p1, name: 'Kesar Peda 250 g', quantity: 3, revenue_paise: 150_000 },
      { product_id: p2, name: 'Brass Padlock', quantity: 2, revenue_paise: 70_000 },
    ]);
    const month = await dashboardOf(t.ctx.db, '30d', 0, NOW);
    expect(month.orders).toBe(4);
    expect(month.revenue_paise).toBe(280_000 - 20_000);
    expect(month.average_order_paise).toBe(70_000);
    expect(month.by_day).toHaveLength(30);
    expect(month.by_method.find((m) => m.method === 'cod')).toEqual({
      method: 'cod',
      orders: 2,
      revenue_paise: 110_000,
    });
  });

  it('low stock is the Low stock screen: its lowest ten and its whole count, each at its own threshold', async () => {
    const { low_stock, low_stock_total } = await dashboardOf(t.ctx.db, 'today', 0, NOW);
    const ids = low_stock.map((p) => p.product_id);
    expect(ids).not.toContain(okProduct);
    expect(low_stock).toHaveLength(Math.min(10, low_stock_total));
    expect(low_stock.map((p) => p.available_stock)).toEqual(
      [...low_stock.map((p) => p.available_stock)].sort((a, b) => a - b),
    );
    // More low products than the card lists: the count goes on past ten (it stopped there).
    for (let i = 0; i < 11; i++) await makeProduct(t.ctx.db, { name: `Nearly out ${i}`, availableStock: 0 });
    const more = await dashboardOf(t.ctx.db, 'today', 0, NOW);
    expect(more.low_stock).toHaveLength(10);
    expect(more.low_stock_total).toBe(low_stock_total + 11);
    const screen = await t.as('staff', 'GET', '/stock/low?per-page=1');
    expect(screen.json<{ _meta: { totalCount: number } }>()._meta.totalCount).toBe(more.low_stock_total);
    const all = (await t.as('staff', 'GET', '/stock/low?per-page=200')).json<{
      items: { id: number; low_stock_threshold: number }[];
    }>();
    expect(all.items.find((p) => p.id === lowProduct)).toMatchObject({ low_stock_threshold: 3 });
  });

  it("is served to staff with 'orders' with the mail outbox's failures; an unknown range is a 400", async () => {
    const res = await t.as('staff', 'GET', '/dashboard?range=7d');
    expect(res.statusCode).toBe(200);
    const body = res.json<Dashboard>();
    expect(body.range).toBe('7d');
    expect(body.failed_mails).toBe(await t.ctx.mail.failedCount());
    const bad = await t.as('staff', 'GET', '/dashboard?range=year');
    expect(bad.statusCode).toBe(400);
    expect((await t.as(null, 'GET', '/dashboard')).statusCode).toBe(401);
  });

  it('a period starts at midnight in India', () => {
    expect(periodOf('today', new Date('2031-01-15T18:29:00Z')).from.toISOString()).toBe(
      '2031-01-14T18:30:00.000Z',
    );
    expect(periodOf('today', new Date('2031-01-15T18:31:00Z')).from.toISOString()).toBe(
      '2031-01-15T18:30:00.000Z',
    );
  });
});
