/**
 * Invoices issued late: orders confirmed while the shop's registration settings were incomplete
 * get their tax invoices when staff save valid settings — oldest confirmation first, numbered
 * consecutively and dated the day they are issued; orders cancelled meanwhile get none.
 */
import { invoices } from '@shop/db/schema/index';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '../orders/orders.test-kit.ts';
import { createdPayment, placeOrder, verified } from '../payments/payments.test-kit.ts';
import { type StaffPaymentsHarness, staffPaymentsHarness } from '../staff/staff-payments.test-kit.ts';

let h: StaffPaymentsHarness<'owner'>;
beforeAll(async () => {
  h = await staffPaymentsHarness(['owner']);
});
afterAll(() => h.close());

const invoiceOf = async (orderId: number) =>
  (
    await h.t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id))
  )[0];
const saveSettings = (values: Record<string, string>) => h.as('owner', 'PUT', '/settings', { values });
const confirmCod = async (order: { id: number; order_id: string }) => {
  await createdPayment(h.t, h.shopper, order.id, 'cod');
  await verified(h.t, h.shopper, order.order_id, {});
};

describe('invoices that waited for the shop registration', () => {
  it('saving valid registration settings issues them in order of confirmation, dated today', async () => {
    // A production start seeds the registration empty: orders are confirmed without invoices.
    await setSetting(h.t.ctx.db, 'seller_gstin', '');
    const { order: first } = await placeOrder(h.t, h.shopper);
    const { order: second } = await placeOrder(h.t, h.shopper);
    const { order: cancelled } = await placeOrder(h.t, h.shopper);
    await confirmCod(second); // confirmed before `first`, though placed after it
    await confirmCod(first);
    await confirmCod(cancelled);
    const cancel = await h.as('owner', 'POST', `/orders/${cancelled.id}/actions`, { action: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const order of [first, second, cancelled]) expect(await invoiceOf(order.id)).toBeUndefined();

    // A save that leaves the registration incomplete issues nothing.
    expect(
      (await saveSettings({ seller_legal_name: 'Kesar Foods and Locks Private Limited' })).statusCode,
    ).toBe(200);
    expect(await invoiceOf(first.id)).toBeUndefined();

    const before = Date.now();
    const saved = await saveSettings({ seller_gstin: '08AAKCK4242M1Z5' });
    expect(saved.statusCode, saved.body).toBe(200);
    const [a, b] = [await invoiceOf(second.id), await invoiceOf(first.id)];
    expect(a?.kind).toBe('invoice');
    expect(b?.sequence).toBe((a?.sequence ?? 0) + 1);
    expect(a?.series).toBe('INV');
    for (const row of [a, b]) expect(row?.issuedAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    // Cancelled before any invoice: nothing was supplied, so no invoice and no credit note.
    expect(await invoiceOf(cancelled.id)).toBeUndefined();

    // Saving again issues nothing twice.
    expect(
      (await saveSettings({ seller_gstin: '08AAKCK4242M1Z5', seller_state: 'Rajasthan' })).statusCode,
    ).toBe(200);
    const rows = await h.t.ctx.db.select().from(invoices).where(eq(invoices.orderId, first.id));
    expect(rows).toHaveLength(1);
  });
});
