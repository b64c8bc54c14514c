/**
 * Staff order operations (one order state machine): confirm → pack → ship with tracking →
 * deliver, cancel with restock and refund, record a return. Every move is a timeline event the
 * customer sees in their words, with the shipment and its tracking link, and each event's mail
 * exists exactly once even when the action is retried.
 */
import type { Collection } from '@shop/contract/collection';
import type { Order } from '@shop/contract/orders';
import { auditLog, shippingCarriers } from '@shop/db/schema/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createdPayment, paidThrough, placeOrder } from '../payments/payments.test-kit.ts';
import { stockHistory } from '../catalogue/stock.service.ts';
import { runDueRefunds } from '../payments/refunds.service.ts';
import { orderPayments, refundOrderAmount } from '../payments/staff-refunds.service.ts';
import { type StaffPaymentsHarness, staffPaymentsHarness } from '../staff/staff-payments.test-kit.ts';
import { actOnOrder } from './order-operations.service.ts';
import { setSetting, stockOf } from './orders.test-kit.ts';

const SHOP = 'orders@kesarfoods.test';
const STAFF_ID = 7;
let h: StaffPaymentsHarness<'manager'>;
let delhivery: number;
beforeAll(async () => {
  h = await staffPaymentsHarness(['manager']);
  await setSetting(h.t.ctx.db, 'company_email_address', SHOP);
  const [carrier] = await h.t.ctx.db
    .select()
    .from(shippingCarriers)
    .where(eq(shippingCarriers.name, 'Delhivery'));
  if (!carrier) throw new Error('the demo carriers are not seeded');
  delhivery = carrier.id;
});
afterAll(() => h.close());

const details = async (orderId: number) =>
  (
    await h.t.request({ method: 'GET', url: `${API}/orders/${orderId}`, headers: h.shopper.auth })
  ).json<Order>();

const subjects = async () => (await h.mailsTo(h.shopper.email)).map((m) => m.subject);

describe('staff order operations', () => {
  it('confirm → pack → ship with tracking → deliver: the customer sees the timeline and shipment, and gets each mail once', async () => {
    const { order } = await h.codOrder();
    expect((await h.mailsTo(SHOP)).map((m) => m.subject)).toContain(`New order ${order.order_id} (₹295.00)`);

    await actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'pack' });
    const ship = { action: 'ship' as const, carrierId: delhivery, trackingNumber: 'DL-12345678', note: '' };
    await actOnOrder(h.t.ctx, STAFF_ID, order.id, ship);
    // A retried ship (double click, a repeated request) is refused and mails nothing more.
    await expect(actOnOrder(h.t.ctx, STAFF_ID, order.id, ship)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is already shipped.',
    });
    await actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'deliver' });

    const seen = await details(order.id);
    expect(seen.status).toBe('delivered');
    expect(seen.shipment).toMatchObject({
      carrier: 'Delhivery',
      tracking_number: 'DL-12345678',
      tracking_url: 'https://www.delhivery.com/track-v2/package/DL-12345678',
    });
    expect(seen.status_history?.map((e) => [e.status, e.actor])).toEqual([
      ['pending', 'customer'],
      ['confirmed', 'system'],
      ['packed', 'staff'],
      ['shipped', 'staff'],
      ['delivered', 'staff'],
    ]);

    const mails = await subjects();
    expect(mails.filter((s) => s === `Order ${order.order_id} placed successfully`)).toHaveLength(1);
    expect(mails.filter((s) => s === `Order ${order.order_id} is on its way`)).toHaveLength(1);
    expect(mails.filter((s) => s === `Order ${order.order_id} delivered`)).toHaveLength(1);
    const shipped = (await h.mailsTo(h.shopper.email)).find((m) => m.subject.endsWith('is on its way'));
    expect(shipped?.text).toContain('https://www.delhivery.com/track-v2/package/DL-12345678');
    expect(shipped?.html).toContain('DL-12345678');
  });

  it('a manager confirms a pending online-payment order (money taken offline, with its reference): invoice issued, placed and new-order mails once, a second confirm is 409', async () => {
    const { order } = await placeOrder(h.t, h.shopper);
    // The shopper chose Razorpay but paid by bank transfer instead: the order waits, unpaid.
    await createdPayment(h.t, h.shopper, order.id, 'razorpay');
    const before = await details(order.id);
    expect(before).toMatchObject({ status: 'pending', invoice: null });
    // The back office is told that Confirm records the money as received.
    const shown = await h.as('manager', 'GET', `/orders/${order.id}`);
    expect(shown.json()).toMatchObject({
      allowed_actions: ['confirm', 'cancel'],
      confirm_records_payment: true,
    });
    const confirm = (reference?: string) =>
      h.as('manager', 'POST', `/orders/${order.id}/actions`, {
        action: 'confirm',
        note: 'Paid by bank transfer',
        ...(reference === undefined ? {} : { payment_reference: reference }),
      });

    // Money is recorded as received only with the reference of the payment: without it (or with
    // blanks) nothing changes, no payment, no invoice, no mail.
    for (const missing of [undefined, '   ']) {
      const refused = await confirm(missing);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toEqual([
        {
          field: 'payment_reference',
          message: 'Please enter the reference of the payment the shop received (UTR, UPI or cheque number).',
        },
      ]);
    }
    expect(await details(order.id)).toMatchObject({
      status: 'pending',
      payment_status: 'Pending',
      invoice: null,
    });
    expect((await orderPayments(h.t.ctx.db, order.id)).some((p) => p.gateway === 'offline')).toBe(false);
    expect(await subjects()).not.toContain(`Order ${order.order_id} placed successfully`);

    const first = await confirm('UTR 4410 2291 0042');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ confirm_records_payment: false });
    const [entry] = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order.confirm')));
    expect(entry?.after).toMatchObject({ status: 'confirmed', payment_reference: 'UTR 4410 2291 0042' });
    // The money reached the shop: the order reads Paid, through an offline payment of its total.
    expect(first.json()).toMatchObject({ status: 'confirmed', payment_status: 'Paid' });
    // No gateway holds the money: the back office asks for the reference of the transfer that
    // refunds it.
    expect(first.json()).toMatchObject({ payment_gateway: 'offline', refund_needs_reference: true });
    const payments = await orderPayments(h.t.ctx.db, order.id);
    expect(payments.find((p) => p.gateway === 'offline')).toMatchObject({
      status: 'paid',
      refundablePaise: Math.round(order.total_amount * 100),
      gatewayPaymentId: 'UTR 4410 2291 0042',
    });
    const again = await confirm('UTR 4410 2291 0042');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This order is already confirmed.' });

    const seen = await details(order.id);
    expect(seen.status).toBe('confirmed');
    expect(seen.invoice?.invoice.number).toMatch(/\S/);
    expect(seen.invoice?.invoice.total).toBe(order.total_amount);
    expect(seen.status_history?.map((e) => [e.status, e.actor, e.note])).toEqual([
      ['pending', 'customer', expect.any(String)],
      ['confirmed', 'staff', 'Paid by bank transfer'],
    ]);
    // The reservation no longer runs out: the confirmed order keeps its stock.
    expect((await h.orderRow(order.id)).reservationExpiresAt).toBeNull();
    const placed = (await subjects()).filter((s) => s === `Order ${order.order_id} placed successfully`);
    expect(placed).toHaveLength(1);
    const shop = (await h.mailsTo(SHOP)).filter((m) => m.subject.startsWith(`New order ${order.order_id} `));
    expect(shop).toHaveLength(1);
    // Not "paid online": no gateway took the money.
    expect(shop[0]?.text).toContain('confirmed by the shop');

    // No gateway can give it back: it is refunded by hand, with the transfer's reference.
    const refund = (reference?: string) =>
      refundOrderAmount(h.t.ctx, order.id, {
        amountPaise: 5_000,
        reason: 'Price matched',
        staffId: STAFF_ID,
        ...(reference ? { reference } : {}),
        key: `offline-${order.id}`,
      });
    await expect(refund()).rejects.toMatchObject({
      message: 'An offline payment is refunded by hand: please enter the reference of the transfer.',
    });
    // Cancelling would promise an automatic refund no gateway can make: neither the customer nor
    // staff cancel while offline money is unrefunded.
    const customerCancel = await h.t.request({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: h.shopper.auth,
    });
    expect(customerCancel.statusCode).toBe(409);
    expect(customerCancel.json()).toMatchObject({
      message:
        'This order was paid to the shop directly. Please contact us to cancel it, and we will refund you.',
    });
    await expect(actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'cancel' })).rejects.toMatchObject({
      kind: 'conflict',
      message:
        'This order was paid offline: refund it by hand first (Refund, with the reference of the transfer), then cancel it.',
    });
    expect((await details(order.id)).status).toBe('confirmed');

    // Through the back office: its audit entry keeps the reference, the only proof of that refund.
    const byHand = await h.as('manager', 'POST', `/orders/${order.id}/refunds`, {
      amount_paise: 5_000,
      reason: 'Price matched',
      reference: 'NEFT-0001',
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const [refundEntry] = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order.refund')));
    expect(refundEntry?.after).toMatchObject({ amount_paise: 5_000, reference: 'NEFT-0001' });
    expect(await details(order.id)).toMatchObject({ payment_status: 'Partially Refunded' });
    await refundOrderAmount(h.t.ctx, order.id, {
      amountPaise: Math.round(order.total_amount * 100) - 5_000,
      reason: 'Order called off',
      staffId: STAFF_ID,
      reference: 'NEFT-0002',
      key: `offline-rest-${order.id}`,
    });
    await actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'cancel' });
    expect(await details(order.id)).toMatchObject({ status: 'cancelled', payment_status: 'Refunded' });
    const refunded = await h.as('manager', 'GET', `/orders/${order.id}`);
    expect(refunded.json()).toMatchObject({ refundable_paise: 0, refund_needs_reference: false });
  });

  it('a manager confirms an order whose shopper chose cash on delivery: it stays cash on delivery, collected at the door', async () => {
    const { order } = await placeOrder(h.t, h.shopper);
    await createdPayment(h.t, h.shopper, order.id, 'cod');
    // No money is recorded, so no reference is asked for.
    expect((await h.as('manager', 'GET', `/orders/${order.id}`)).json()).toMatchObject({
      confirm_records_payment: false,
    });
    const confirmed = await h.as('manager', 'POST', `/orders/${order.id}/actions`, { action: 'confirm' });
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', payment_status: 'Pending' });
    expect((await h.orderRow(order.id)).paymentGateway).toBe('cod');
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await actOnOrder(h.t.ctx, STAFF_ID, order.id, {
        action,
        ...(action === 'ship' ? { carrierId: delhivery, trackingNumber: 'CASH-0002' } : {}),
      });
    expect(await details(order.id)).toMatchObject({ status: 'delivered', payment_status: 'Paid' });
    expect((await orderPayments(h.t.ctx.db, order.id)).map((p) => [p.gateway, p.status])).toEqual([
      ['cod', 'paid'],
    ]);
  });

  it('refuses what the table forbids and shipping without a carrier or tracking number', async () => {
    const { order } = await h.codOrder();
    await expect(actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'deliver' })).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This order is confirmed: it cannot be marked delivered.',
    });
    await expect(
      actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'ship', carrierId: delhivery, trackingNumber: 'x' }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    await expect(
      actOnOrder(h.t.ctx, STAFF_ID, order.id, {
        action: 'ship',
        carrierId: 999_999,
        trackingNumber: 'AB123456',
      }),
    ).rejects.toMatchObject({ kind: 'invalid', message: 'Please choose a carrier.' });
    // No carrier and no number: the carrier is what is missing first.
    await expect(actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'ship' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [{ field: 'carrier_id', message: 'Please choose a carrier.' }],
    });
    expect((await details(order.id)).status).toBe('confirmed');
  });

  it("ships with the shop's own van (a carrier without a tracking page) without a tracking number; a number given is still checked", async () => {
    const [van] = await h.t.ctx.db
      .select()
      .from(shippingCarriers)
      .where(eq(shippingCarriers.name, 'Kesar Foods delivery van'));
    if (!van) throw new Error('the demo carriers are not seeded');
    const { order } = await h.codOrder();
    await expect(
      actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'ship', carrierId: van.id, trackingNumber: 'x' }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [{ field: 'tracking_number' }] });
    // A carrier with a tracking page still needs the number for the customer's link.
    await expect(
      actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'ship', carrierId: delhivery, trackingNumber: '' }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [{ field: 'tracking_number' }] });

    const shipped = await h.as('manager', 'POST', `/orders/${order.id}/actions`, {
      action: 'ship',
      carrier_id: van.id,
      tracking_number: '',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'Kesar Foods delivery van', tracking_number: null, tracking_url: null },
    });
    expect((await details(order.id)).shipment).toMatchObject({
      carrier: 'Kesar Foods delivery van',
      tracking_number: null,
      tracking_url: null,
    });
    const mail = (await h.mailsTo(h.shopper.email)).find(
      (m) => m.subject === `Order ${order.order_id} is on its way`,
    );
    expect(mail?.text).toContain('with Kesar Foods delivery van');
    expect(mail?.text).not.toContain('Tracking number');
    expect(mail?.text).not.toContain('null');
  });

  it('staff cancel a packed prepaid order: stock back (whatever restock says), refunded in full, the customer told why', async () => {
    const { order } = await paidThrough(h, h.shopper, 'razorpay', 52_000);
    const productId = order.items[0]?.item_id ?? 0;
    const stock = await stockOf(h.t.ctx.db, productId);
    await actOnOrder(h.t.ctx, STAFF_ID, order.id, { action: 'pack' });
    // `restock` is a return's choice: a cancellation always gives the stock back, and its audit
    // entry says nothing of a restock that did not decide anything.
    const cancel = await h.as('manager', 'POST', `/orders/${order.id}/actions`, {
      action: 'cancel',
      note: 'The pack was damaged in our store.',
      restock: false,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockOf(h.t.ctx.db, productId)).toBe(stock + 1);
    const [entry] = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(order.id)), eq(auditLog.action, 'order.cancel')));
    expect(entry?.after).toEqual({ status: 'cancelled', note: 'The pack was damaged in our store.' });
    await h.sims.webhooks.idle();
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    const seen = await details(order.id);
    expect(seen).toMatchObject({ status: 'cancelled', payment_status: 'Refunded' });
    expect(seen.refunds?.[0]).toMatchObject({ amount: 520, status: 'processed' });
    const cancelled = (await h.mailsTo(h.shopper.email)).find(
      (m) => m.subject === `Order ${order.order_id} cancelled`,
    );
    expect(cancelled?.text).toContain('The pack was damaged in our store.');
    expect(cancelled?.text).toContain('refunded in full');
  });

  it('an order refunded in full before it left is not packed or shipped, nor counted as waiting to be; cancelling is left', async () => {
    const { order } = await paidThrough(h, h.shopper, 'razorpay', 52_000);
    const waiting = async () =>
      (await h.as('manager', 'GET', '/dashboard')).json<{ pending_shipments: { confirmed: number } }>()
        .pending_shipments.confirmed;
    const before = await waiting();
    await refundOrderAmount(h.t.ctx, order.id, {
      amountPaise: order.total_amount * 100,
      reason: 'We cannot source this batch',
      staffId: STAFF_ID,
      key: `full-${order.id}`,
    });
    await h.sims.webhooks.idle();
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    expect(await details(order.id)).toMatchObject({ status: 'confirmed', payment_status: 'Refunded' });

    const seen = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<{ allowed_actions: string[] }>();
    expect(seen.allowed_actions).toEqual(['cancel']);
    const pack = await h.as('manager', 'POST', `/orders/${order.id}/actions`, { action: 'pack' });
    expect(pack.statusCode).toBe(409);
    expect(pack.json()).toMatchObject({
      message: "This order's payment was refunded in full. It cannot be packed.",
    });
    expect(await waiting()).toBe(before - 1);
    const cancel = await h.as('manager', 'POST', `/orders/${order.id}/actions`, { action: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await details(order.id)).toMatchObject({ status: 'cancelled', payment_status: 'Refunded' });
  });

  it('delivering a cash-on-delivery order records the cash as collected (Paid), which staff can then refund by hand', async () => {
    const { order } = await h.codOrder();
    const before = await details(order.id);
    expect(before.payment_status).toBe('Pending');
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await actOnOrder(h.t.ctx, STAFF_ID, order.id, {
        action,
        ...(action === 'ship' ? { carrierId: delhivery, trackingNumber: 'CASH-0001' } : {}),
      });
    expect(await details(order.id)).toMatchObject({ status: 'delivered', payment_status: 'Paid' });
    const [cash] = await orderPayments(h.t.ctx.db, order.id);
    expect(cash).toMatchObject({
      gateway: 'cod',
      status: 'paid',
      refundablePaise: before.total_amount * 100,
    });

    await refundOrderAmount(h.t.ctx, order.id, {
      amountPaise: 10_000,
      reason: 'One pack arrived open',
      staffId: STAFF_ID,
      reference: 'UPI-REF-0001',
      key: `cash-${order.id}`,
    });
    expect(await details(order.id)).toMatchObject({ payment_status: 'Partially Refunded' });
  });

  it('records a return (with restock when asked), asks a cash-on-delivery payer where the refund goes, and filters the history by status', async () => {
    const { order, productId } = await h.codOrder({ stock: 5, quantity: 2 });
    for (const action of ['pack', 'ship', 'deliver'] as const)
      await actOnOrder(h.t.ctx, STAFF_ID, order.id, {
        action,
        ...(action === 'ship' ? { carrierId: delhivery, trackingNumber: 'RT-0001' } : {}),
      });
    const returned = await h.as('manager', 'POST', `/orders/${order.id}/actions`, {
      action: 'return',
      restock: true,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await stockOf(h.t.ctx.db, productId)).toBe(5);
    expect((await details(order.id)).status).toBe('returned');
    // The cash was collected at the door: the Refund Policy pays it to a bank account or UPI ID.
    const returnMail = (await h.mailsTo(h.shopper.email)).find(
      (m) => m.subject === `Return of order ${order.order_id} received`,
    );
    expect(returnMail?.text).toContain('please reply to this mail with the bank account or UPI ID');
    expect(returnMail?.text).not.toContain('the way you paid');
    // The stock history shows the goods came back from this order, taken back by this manager.
    const history = await stockHistory(h.t.ctx.db, productId, { limit: 1, offset: 0 });
    expect(history?.items[0]).toMatchObject({
      change: 2,
      stock_after: 5,
      reason: 'returned',
      order_id: order.id,
      staff_id: h.signedIn.manager.staff.id,
    });

    const list = async (query: string) =>
      h.t.request({ method: 'GET', url: `${API}/orders?${query}`, headers: h.shopper.auth });
    const listed = (await list('status=returned')).json<Collection<Order>>();
    expect(listed.items.map((o) => o.id)).toEqual([order.id]);
    const several = (await list('status=returned,delivered')).json<Collection<Order>>();
    expect(several.items.every((o) => o.status === 'returned' || o.status === 'delivered')).toBe(true);
    const bad = await list('status=lost');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Unknown order status');
  });
});
