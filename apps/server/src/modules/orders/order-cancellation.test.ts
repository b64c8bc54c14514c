/**
 * Customer cancellation (POST orders/{id}/cancel): before an order is packed the customer may
 * cancel it; stock and coupon use return, a prepaid order is refunded in full through its
 * gateway, both the customer and the shop are mailed, and the order shows the refund.
 */
import type { Order } from '@shop/contract/orders';
import { orders } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  createdPayment,
  newShopper,
  type PaymentsHarness,
  paidThrough,
  paymentsHarness,
  placeOrder,
  type Shopper,
  simCheckout,
  verified,
  verify,
} from '../payments/payments.test-kit.ts';
import { runDueRefunds } from '../payments/refunds.service.ts';
import { setSetting, stockOf } from './orders.test-kit.ts';

const SHOP = 'orders@kesarfoods.test';
let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
  await setSetting(h.t.ctx.db, 'company_email_address', SHOP);
});
afterAll(() => h.close());

const cancel = (orderId: number | string, who: Shopper = shopper) =>
  h.t.request({ method: 'POST', url: `${API}/orders/${orderId}/cancel`, headers: who.auth });
const details = async (orderId: number) =>
  (
    await h.t.request({ method: 'GET', url: `${API}/orders/${orderId}`, headers: shopper.auth })
  ).json<Order>();

describe('customer cancellation', () => {
  it('a prepaid order: cancelled, stock back, refunded in full automatically, both sides mailed, the refund shown on the order', async () => {
    const { order, payment } = await paidThrough(h, shopper, 'razorpay', 41_000);
    const productId = order.items[0]?.item_id ?? 0;
    const stockBefore = await stockOf(h.t.ctx.db, productId);

    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    const answer = res.json<Order>();
    expect(answer.status).toBe('cancelled');
    expect(answer.refunds).toHaveLength(1);
    expect(answer.refunds?.[0]).toMatchObject({ amount: 410, reason: 'Order cancelled by the customer' });
    expect(answer.status_history?.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'Cancelled by the customer',
    });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(stockBefore + 1);

    await h.sims.webhooks.idle();
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    const after = await details(order.id);
    expect(after.refunds?.[0]?.status).toBe('processed');
    expect(after.payment_status).toBe('Refunded');
    expect((await h.paymentRows(order.id)).find((p) => p.id === payment.id)?.status).toBe('refunded');

    const customerMails = (await h.mailsTo(shopper.email)).map((m) => m.subject);
    expect(customerMails).toContain(`Order ${order.order_id} cancelled`);
    expect(customerMails).toContain(`Refund of ₹410.00 for order ${order.order_id} initiated`);
    expect((await h.mailsTo(SHOP)).map((m) => m.subject)).toContain(
      `Order ${order.order_id} cancelled by the customer`,
    );

    // Asking again is refused and refunds nothing twice.
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(409);
    expect(JSON.stringify(again.json())).toContain('This order is already cancelled.');
    expect((await details(order.id)).refunds).toHaveLength(1);
  });

  it('a cash-on-delivery order: cancelled with nothing to refund; a shipped order cannot be cancelled', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 5 });
    await createdPayment(h.t, shopper, order.id, 'cod');
    expect((await verified(h.t, shopper, order.order_id, {})).payment_status).toBe('Pending');
    expect(await stockOf(h.t.ctx.db, productId)).toBe(4);
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({ status: 'cancelled', payment_status: 'Pending', refunds: [] });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(5);

    const shipped = await placeOrder(h.t, shopper);
    await h.t.ctx.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, shipped.order.id));
    expect((await cancel(shipped.order.id)).statusCode).toBe(409);
    expect((await h.orderRow(shipped.order.id)).status).toBe('shipped');
  });

  it("another customer's order is 404, a bad id is refused, logged out is 401", async () => {
    const { order } = await placeOrder(h.t, shopper);
    const stranger = await newShopper(h.t);
    expect((await cancel(order.id, stranger)).statusCode).toBe(404);
    expect((await h.orderRow(order.id)).status).toBe('pending');
    for (const bad of ['abc', '-1', '1.5'])
      expect((await cancel(bad)).statusCode).toBeGreaterThanOrEqual(400);
    const anonymous = await h.t.request({ method: 'POST', url: `${API}/orders/${order.id}/cancel` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('money that arrives after the customer cancelled is refunded, never revives the order, and the browser is told so', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 10 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    expect((await cancel(order.id)).statusCode).toBe(200);
    const paid = await simCheckout(h.t, 'razorpay/checkout/pay', {
      key_id: created.settings.key,
      order_id: created.order.payment_gateway_order_id,
      amount: Math.round(created.order.total_amount * 100),
      outcome: 'approve',
    });
    expect(await verified(h.t, shopper, order.order_id, paid.body)).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message:
        'This order was cancelled, so your payment is being refunded to you in full.',
    });
    await h.sims.webhooks.idle();
    expect((await h.orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(h.t.ctx.db, productId)).toBe(10);
    expect((await details(order.id)).refunds).toHaveLength(1);
  });

  it("a cancelled order's payment check answers 409 'This order was cancelled. Please place a new order.', never Pending (which reads as placed)", async () => {
    const cancelled = { name: 'Conflict', message: 'This order was cancelled. Please place a new order.' };
    // Cash on delivery confirmed, then cancelled: checking it again is no placed order.
    const cod = await placeOrder(h.t, shopper);
    await createdPayment(h.t, shopper, cod.order.id, 'cod');
    expect((await verified(h.t, shopper, cod.order.order_id, {})).payment_status).toBe('Pending');
    expect((await cancel(cod.order.id)).statusCode).toBe(200);
    const again = await verify(h.t, shopper, cod.order.order_id, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject(cancelled);

    // A Paytm payment started, the order cancelled, the payment never made; also by its number in lower case.
    const paytm = await placeOrder(h.t, shopper);
    await createdPayment(h.t, shopper, paytm.order.id, 'paytm');
    expect((await cancel(paytm.order.id)).statusCode).toBe(200);
    const checked = await verify(h.t, shopper, paytm.order.order_id.toLowerCase(), {});
    expect(checked.statusCode).toBe(409);
    expect(checked.json()).toMatchObject(cancelled);

    // Cancelled before any payment was started: the same answer, not "Please choose a payment option".
    const unpaid = await placeOrder(h.t, shopper);
    expect((await cancel(unpaid.order.id)).statusCode).toBe(200);
    const never = await verify(h.t, shopper, unpaid.order.order_id, {});
    expect(never.statusCode).toBe(409);
    expect(never.json()).toMatchObject(cancelled);
  });
});
