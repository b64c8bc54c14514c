/**
 * Every rupee a gateway captures ends in a paid order or a refund the customer is told about:
 * late captures after a reservation ran out, the gateway check before a reservation is released,
 * and a second capture on a paid order — against the simulators over HTTP.
 */
import type { PaymentStatus } from '@shop/contract/orders';
import { paymentLabel } from '@shop/contract/payment-label';
import { type CreatePaymentResult, paymentMessages } from '@shop/contract/payments';
import { invoices, orders, products } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardOf } from '../dashboard/dashboard.service.ts';
import { releaseExpiredReservations } from '../orders/order-lifecycle.service.ts';
import { actOnOrder } from '../orders/order-operations.service.ts';
import { makeAddress, makeCoupon, makeCustomer, setSetting, stockOf } from '../orders/orders.test-kit.ts';
import {
  API,
  createdPayment,
  dieAfterCommit,
  newShopper,
  type PaymentsHarness,
  paymentsHarness,
  paidThrough,
  placeOrder,
  type Shopper,
  simCheckout,
  verified,
  verify,
} from './payments.test-kit.ts';
import { bindRefundGateways, listRefunds, runDueRefunds } from './refunds.service.ts';
import { selfOrigin } from './gateway-settings.ts';
import {
  LEFT_OPEN_FROM_MS,
  LONGEST_HOLD_MS,
  settleExpiringPayments,
  settleLeftOpenPayments,
} from './reservation-check.service.ts';

let h: PaymentsHarness;
let shopper: Shopper;
const SHOP = 'orders@kesarfoods.test';
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
  await setSetting(h.t.ctx.db, 'company_email_address', SHOP);
});
afterAll(() => h.close());

/** The shopper approves a Paytm payment on the gateway's page. */
const payPaytm = (created: CreatePaymentResult) =>
  simCheckout(h.t, 'paytm/checkout/pay', {
    mid: created.settings.mid,
    orderId: created.order.payment_gateway_order_id,
    txnToken: created.order.payment_transaction_token,
    outcome: 'approve',
  });

const payRazorpay = (created: CreatePaymentResult) =>
  simCheckout(h.t, 'razorpay/checkout/pay', {
    key_id: created.settings.key,
    order_id: created.order.payment_gateway_order_id,
    amount: Math.round(created.order.total_amount * 100),
    outcome: 'approve',
  });

/** The reservation runs out and the expiry job releases the order (as if 30 minutes passed). */
async function expireAndRelease(orderId: number) {
  await h.t.ctx.db
    .update(orders)
    .set({ reservationExpiresAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));
  await releaseExpiredReservations(h.t.ctx, new Date());
}

describe('a capture after the reservation ran out', () => {
  it('with the stock still there: the order takes its stock back and is confirmed as paid', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 10 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    await expireAndRelease(order.id);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(10);

    const paid = await payRazorpay(created);
    expect(paid.status).toBe(200);
    expect(await verified(h.t, shopper, order.order_id, paid.body)).toEqual({
      payment_status: 'Paid',
      payment_verification_error_message: null,
    });
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Paid',
      stockReleasedAt: null,
    });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(9);
    expect(await listRefunds(h.t.ctx, order.id)).toEqual([]);
    const mails = await h.mailsTo(shopper.email);
    expect(mails.filter((m) => m.subject === `Order ${order.order_id} placed successfully`)).toHaveLength(1);
    // The shop's inbox hears of it as of any new order: it has to be packed.
    expect((await h.mailsTo(SHOP)).map((m) => m.subject)).toContain(`New order ${order.order_id} (₹295.00)`);
  });

  it('with a once-per-customer coupon: the order confirmed by its late payment counts its use again', async () => {
    const coupon = await makeCoupon(h.t.ctx.db, {
      code: 'LATEONCE',
      discountType: 'flat',
      discountValue: 5_000,
      usageLimitPerCustomer: 1,
    });
    const { order } = await placeOrder(h.t, shopper, { stock: 10, couponCode: coupon.code });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    await expireAndRelease(order.id);
    expect((await payRazorpay(created)).status).toBe(200);
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
    // The discount was paid for with this order: the coupon cannot be used a second time.
    await expect(placeOrder(h.t, shopper, { couponCode: coupon.code })).rejects.toThrow(
      'You have already used this coupon the maximum number of times.',
    );
  });

  it('with the stock sold meanwhile: refunded in full, the shopper told the truth (never "Paid") and mailed', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 1 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    await expireAndRelease(order.id);
    // Somebody else buys the last unit before the late capture arrives.
    await h.t.ctx.db.update(products).set({ availableStock: 0 }).where(eq(products.id, productId));

    const paid = await payRazorpay(created);
    const answer = await verified(h.t, shopper, order.order_id, paid.body);
    expect(answer).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message:
        'Your payment arrived after this order was cancelled and the items are no longer in stock. The full amount is being refunded to you.',
    });
    await h.sims.webhooks.idle();
    await h.replayWebhooks(1);
    // A repeated verify says the same; the order stays cancelled; stock is untouched.
    expect((await verified(h.t, shopper, order.order_id, paid.body)).payment_status).toBe('Failed');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(0);
    const refunds = await listRefunds(h.t.ctx, order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountPaise: Math.round(order.total_amount * 100),
      reason: 'Payment received after the order was cancelled',
      requestedBy: 'system',
    });
    const mails = await h.mailsTo(shopper.email);
    expect(mails.some((m) => m.subject.startsWith('Refund of') && m.subject.includes(order.order_id))).toBe(
      true,
    );
  });
});

describe('money captured for a cancelled order and refunded', () => {
  it('reads Paid while its refund waits (a failed attempt to retry), never "Not charged", then Refunded', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 1 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    await expireAndRelease(order.id);
    await h.t.ctx.db.update(products).set({ availableStock: 0 }).where(eq(products.id, productId));
    h.sims.razorpay.refundSwitch.failNext = 1;
    expect((await payRazorpay(created)).status).toBe(200);
    await h.sims.webhooks.idle();
    const [refund] = await listRefunds(h.t.ctx, order.id);
    expect(refund?.status).toBe('pending');
    const held = await h.orderRow(order.id);
    expect(held).toMatchObject({ status: 'cancelled', paymentStatus: 'Paid' });
    expect(paymentLabel({ status: 'cancelled', payment_status: held.paymentStatus as PaymentStatus })).toBe(
      'Paid',
    );
    // The retry gives it back: the order then reads Refunded.
    expect(await runDueRefunds(h.t.ctx, new Date(Date.now() + 3_600_000))).toBe(1);
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'Refunded' });
  });
});

describe('before a reservation is released, the gateway is asked', () => {
  it('an approved payment whose webhook and browser answer never came confirms the order instead of losing it', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 10 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    h.sims.webhooks.pause();
    try {
      expect((await payRazorpay(created)).status).toBe(200);
      await h.t.ctx.db
        .update(orders)
        .set({ reservationExpiresAt: new Date(Date.now() - 60_000) })
        .where(eq(orders.id, order.id));
      const now = new Date();
      expect(await settleExpiringPayments(h.t.ctx, now)).toBe(1);
      expect(await releaseExpiredReservations(h.t.ctx, now)).toBe(0);
      expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
      expect(await stockOf(h.t.ctx.db, productId)).toBe(9);
    } finally {
      h.sims.webhooks.resume();
      await h.sims.webhooks.idle();
    }
    expect((await h.paymentRows(order.id)).map((r) => r.status)).toEqual(['paid']);
  });

  it('a Paytm payment started and never paid (PENDING at the gateway) keeps the stock for at most an hour', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 10 });
    await createdPayment(h.t, shopper, order.id, 'paytm');
    await h.t.ctx.db
      .update(orders)
      .set({ reservationExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    // Under way at the gateway: kept a while longer.
    expect(await settleExpiringPayments(h.t.ctx, new Date())).toBe(1);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending' });
    // An hour after it began, no longer: the order is released and its stock goes back on sale.
    const later = new Date(Date.now() + LONGEST_HOLD_MS + 60_000);
    expect(await settleExpiringPayments(h.t.ctx, later)).toBe(0);
    expect(await releaseExpiredReservations(h.t.ctx, later)).toBe(1);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(10);
  });

  it('an order whose only attempt was declined is released as before', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { stock: 10 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    await simCheckout(h.t, 'razorpay/checkout/pay', {
      key_id: created.settings.key,
      order_id: created.order.payment_gateway_order_id,
      amount: Math.round(created.order.total_amount * 100),
      outcome: 'decline',
    });
    await h.sims.webhooks.idle();
    await h.t.ctx.db
      .update(orders)
      .set({ reservationExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    const now = new Date();
    expect(await settleExpiringPayments(h.t.ctx, now)).toBe(0);
    expect(await releaseExpiredReservations(h.t.ctx, now)).toBe(1);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(10);
  });
});

describe('double payment', () => {
  it('a second capture on an order another payment already paid is refunded in full', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 45_000 });
    const viaRazorpay = await createdPayment(h.t, shopper, order.id, 'razorpay');
    const viaPaytm = await createdPayment(h.t, shopper, order.id, 'paytm');

    const first = await payRazorpay(viaRazorpay);
    expect((await verified(h.t, shopper, order.order_id, first.body)).payment_status).toBe('Paid');
    const second = await payPaytm(viaPaytm);
    // The shopper of the second payment is told the truth: the order is paid, this is going back.
    expect(await verified(h.t, shopper, order.order_id, second.body)).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message:
        'This order is already paid, so this payment is being refunded to you in full.',
    });
    await h.sims.webhooks.idle();
    await h.replayWebhooks(1);

    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
    const rows = await h.paymentRows(order.id);
    const paytmRow = rows.find((r) => r.gateway === 'paytm');
    const refunds = await listRefunds(h.t.ctx, order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ paymentId: paytmRow?.id, amountPaise: 45_000, requestedBy: 'system' });

    // Once the gateway has paid the refund out, the extra payment shows refunded and the order,
    // which keeps exactly its total, stays Paid.
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    expect((await listRefunds(h.t.ctx, order.id))[0]?.status).toBe('processed');
    expect((await h.paymentRows(order.id)).find((r) => r.gateway === 'paytm')?.status).toBe('refunded');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
  });
});

describe('a refund decided with a change of the order (a settlement, a cancellation)', () => {
  it('is written in the settlement’s own transaction: a process that dies right after the commit still gives the money back', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 27_000 });
    const viaRazorpay = await createdPayment(h.t, shopper, order.id, 'razorpay');
    const viaPaytm = await createdPayment(h.t, shopper, order.id, 'paytm');
    const first = await payRazorpay(viaRazorpay);
    expect((await verified(h.t, shopper, order.order_id, first.body)).payment_status).toBe('Paid');

    // The process "dies" as soon as the second capture is committed: every later transaction fails.
    const process = dieAfterCommit(h.t, async () =>
      (await h.paymentRows(order.id)).some((r) => r.gateway === 'paytm' && r.status === 'paid'),
    );
    h.sims.webhooks.pause();
    try {
      const second = await payPaytm(viaPaytm);
      const res = await verify(h.t, shopper, order.order_id, second.body);
      expect(process.dead()).toBe(true);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      process.revive();
      h.sims.webhooks.resume();
    }
    // The gateway's webhook now finds the capture already settled and changes nothing…
    await h.sims.webhooks.idle();
    // …yet the refund committed with the capture, and the refunds job asks the gateway for it.
    expect(await listRefunds(h.t.ctx, order.id)).toEqual([
      expect.objectContaining({ amountPaise: 27_000, requestedBy: 'system', status: 'pending' }),
    ]);
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    expect((await listRefunds(h.t.ctx, order.id))[0]?.status).toBe('processed');
    expect((await h.paymentRows(order.id)).find((r) => r.gateway === 'paytm')?.status).toBe('refunded');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentStatus: 'Paid' });
  });

  it('a cancellation records its refund with itself: a process that dies right after the commit still gives the money back', async () => {
    const { orderId } = await paidThrough(h, shopper, 'razorpay', 22_000);
    const process = dieAfterCommit(h.t, async () => (await h.orderRow(orderId)).status === 'cancelled');
    try {
      const res = await h.t.request({
        method: 'POST',
        url: `${API}/orders/${orderId}/cancel`,
        headers: shopper.auth,
      });
      expect(process.dead()).toBe(true);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      process.revive();
    }
    expect(await listRefunds(h.t.ctx, orderId)).toEqual([
      expect.objectContaining({ amountPaise: 22_000, requestedBy: 'customer', status: 'pending' }),
    ]);
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    expect((await listRefunds(h.t.ctx, orderId))[0]?.status).toBe('processed');
    expect(await h.orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'Refunded' });
  });
});

describe('a capture for another total than the order’s', () => {
  it('is refunded in full, and the order, still unpaid, stays Pending (not Refunded) for its own payment', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 30_000 });
    const stale = await createdPayment(h.t, shopper, order.id, 'razorpay');
    // The order's total changes after this payment began (as a cash-on-delivery fee would).
    await h.t.ctx.db.update(orders).set({ totalPaise: 31_500 }).where(eq(orders.id, order.id));

    const paid = await payRazorpay(stale);
    expect(await verified(h.t, shopper, order.order_id, paid.body)).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message:
        'The order total changed after this payment was started, so this payment is being refunded to you in full. Please pay the new total.',
    });
    await h.sims.webhooks.idle();
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
    await h.sims.webhooks.idle();
    expect((await listRefunds(h.t.ctx, order.id))[0]).toMatchObject({
      amountPaise: 30_000,
      status: 'processed',
    });
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'Pending' });
  });
});

describe('cash on delivery chosen while an online payment was open', () => {
  /** A shopper in Chennai, where cash on delivery adds a ₹40 fee. */
  async function chennaiShopper(): Promise<Shopper> {
    const customer = await makeCustomer(h.t.ctx.db);
    const address = await makeAddress(h.t.ctx.db, customer.id, { pinCode: '600020', city: 'Chennai' });
    return { ...customer, addressId: address.id };
  }

  it('the online payment made for the total without the fee settles the order, which loses the fee', async () => {
    const chennai = await chennaiShopper();
    const { order } = await placeOrder(h.t, chennai, { pricePaise: 25_000 });
    const online = await createdPayment(h.t, chennai, order.id, 'razorpay');
    expect(online.order.total_amount).toBe(310);
    const cod = await createdPayment(h.t, chennai, order.id, 'cod');
    expect(cod.order.total_amount).toBe(350);

    const paid = await payRazorpay(online);
    expect(await verified(h.t, chennai, order.order_id, paid.body)).toEqual({
      payment_status: 'Paid',
      payment_verification_error_message: null,
    });
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Paid',
      paymentGateway: 'razorpay',
      codFeePaise: 0,
      totalPaise: 31_000,
    });
    expect(await listRefunds(h.t.ctx, order.id)).toEqual([]);
  });

  it('after cash on delivery confirmed the order, a late online capture is refunded in full and the shopper told', async () => {
    const chennai = await chennaiShopper();
    const { order } = await placeOrder(h.t, chennai, { pricePaise: 25_000 });
    const online = await createdPayment(h.t, chennai, order.id, 'razorpay');
    await createdPayment(h.t, chennai, order.id, 'cod');
    expect((await verified(h.t, chennai, order.order_id, {})).payment_status).toBe('Pending');
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'confirmed', paymentGateway: 'cod' });
    const revenue = async () => (await dashboardOf(h.t.ctx.db, 'today', 0)).revenue_paise;
    const revenueBefore = await revenue();

    const paid = await payRazorpay(online);
    const told = {
      payment_status: 'Failed',
      payment_verification_error_message:
        'This order is confirmed for cash on delivery, so this online payment is being refunded to you in full.',
    };
    expect(await verified(h.t, chennai, order.order_id, paid.body)).toEqual(told);
    await h.sims.webhooks.idle();
    await h.replayWebhooks(1);
    // A repeated verify says the same; the order stays a cash-on-delivery order with its fee.
    expect(await verified(h.t, chennai, order.order_id, paid.body)).toEqual(told);
    expect(await h.orderRow(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Pending',
      paymentGateway: 'cod',
      codFeePaise: 4_000,
      totalPaise: 35_000,
    });
    const refunds = await listRefunds(h.t.ctx, order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountPaise: 31_000,
      reason: 'The order is paid cash on delivery: this online payment is refunded',
      requestedBy: 'system',
    });
    const mails = await h.mailsTo(chennai.email);
    expect(mails.some((m) => m.subject === `Refund of ₹310.00 for order ${order.order_id} initiated`)).toBe(
      true,
    );
    // The refund was no money of the order's: the day's revenue does not lose it, and its invoice
    // keeps its full total, with no credit note.
    expect(await revenue()).toBe(revenueBefore);
    const documents = await h.t.ctx.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(documents.map((d) => [d.kind, d.totalPaise])).toEqual([['invoice', 35_000]]);
  });

  it('where cash on delivery adds no fee, a late online capture of the same total is refunded too: the order stays cash on delivery', async () => {
    // Jaipur: no cash-on-delivery fee, so the online capture pays exactly the order's total.
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 25_000 });
    const online = await createdPayment(h.t, shopper, order.id, 'razorpay');
    const cod = await createdPayment(h.t, shopper, order.id, 'cod');
    expect(cod.order.total_amount).toBe(online.order.total_amount);
    expect((await verified(h.t, shopper, order.order_id, {})).payment_status).toBe('Pending');

    const paid = await payRazorpay(online);
    expect(await verified(h.t, shopper, order.order_id, paid.body)).toEqual({
      payment_status: 'Failed',
      payment_verification_error_message:
        'This order is confirmed for cash on delivery, so this online payment is being refunded to you in full.',
    });
    await h.sims.webhooks.idle();
    expect(await h.orderRow(order.id)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'Pending',
      paymentGateway: 'cod',
    });
    const refunds = await listRefunds(h.t.ctx, order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amountPaise: Math.round(online.order.total_amount * 100),
      reason: 'The order is paid cash on delivery: this online payment is refunded',
    });
    const mails = await h.mailsTo(shopper.email);
    expect(mails.some((m) => m.subject.startsWith('Refund of ') && m.subject.includes(order.order_id))).toBe(
      true,
    );
  });
});

describe('cancelling an unpaid order asks its gateways first (refunds-and-reconciliation rule 5)', () => {
  it('the customer cancels after paying by Paytm, the webhook and the browser unheard: the money is found and refunded, and the mail says so', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 56_000 });
    const viaPaytm = await createdPayment(h.t, shopper, order.id, 'paytm');
    h.sims.webhooks.pause();
    try {
      const paid = await payPaytm(viaPaytm);
      expect(paid.status).toBe(200);
      const cancel = await h.t.request({
        method: 'POST',
        url: `${API}/orders/${order.id}/cancel`,
        headers: shopper.auth,
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
    } finally {
      h.sims.webhooks.resume();
      await h.sims.webhooks.idle();
    }
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
    const refunds = await listRefunds(h.t.ctx, order.id);
    expect(refunds.map((r) => r.amountPaise)).toEqual([Math.round(viaPaytm.order.total_amount * 100)]);
    const cancelled = (await h.mailsTo(shopper.email)).find(
      (m) => m.subject === `Order ${order.order_id} cancelled`,
    );
    expect(cancelled?.text).not.toContain('Nothing was charged');
    expect(cancelled?.text).toContain('refunded in full');
  });

  it('staff cancel an order whose Razorpay capture went unheard: the capture is found and refunded', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 65_000 });
    const created = await createdPayment(h.t, shopper, order.id, 'razorpay');
    h.sims.webhooks.pause();
    try {
      expect((await payRazorpay(created)).status).toBe(200);
      await actOnOrder(h.t.ctx, 7, order.id, { action: 'cancel', note: 'Out of stock at the store' });
      // Found by the cancellation itself, not by a webhook that may come hours later or never.
      expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
      const refunds = await listRefunds(h.t.ctx, order.id);
      expect(refunds.map((r) => r.amountPaise)).toEqual([Math.round(created.order.total_amount * 100)]);
    } finally {
      h.sims.webhooks.resume();
      await h.sims.webhooks.idle();
    }
    // The webhook that comes after refunds nothing twice.
    expect(await listRefunds(h.t.ctx, order.id)).toHaveLength(1);
  });
});

describe('a cancellation whose gateway cannot be asked', () => {
  it('stops with a 502 for the customer and for staff; the order keeps its stock, and cancels once the gateway answers', async () => {
    const { order, productId } = await placeOrder(h.t, shopper, { pricePaise: 47_000 });
    await createdPayment(h.t, shopper, order.id, 'paytm');
    const stockBefore = await stockOf(h.t.ctx.db, productId);
    // Nothing listens on the discard port: every gateway call fails to connect.
    bindRefundGateways(h.t.ctx, () => 'http://127.0.0.1:9');
    try {
      const cancel = await h.t.request({
        method: 'POST',
        url: `${API}/orders/${order.id}/cancel`,
        headers: shopper.auth,
      });
      expect(cancel.statusCode).toBe(502);
      expect(cancel.json()).toMatchObject({ message: paymentMessages.gatewayUncheckedCancel });
      await expect(
        actOnOrder(h.t.ctx, 7, order.id, { action: 'cancel', note: 'Customer asked by phone' }),
      ).rejects.toMatchObject({ kind: 'bad-gateway', message: paymentMessages.gatewayUncheckedCancel });
    } finally {
      bindRefundGateways(h.t.ctx, () => selfOrigin(h.t.app.server, h.t.ctx.config));
    }
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'pending' });
    expect(await stockOf(h.t.ctx.db, productId)).toBe(stockBefore);
    expect(await listRefunds(h.t.ctx, order.id)).toEqual([]);

    // The gateway answers again (the attempt was never paid): the cancellation goes through.
    const again = await h.t.request({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: shopper.auth,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await h.orderRow(order.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('a payment attempt left open on an order paid another way', () => {
  it('a Paytm capture never heard of, then the order paid by Razorpay: the job finds the Paytm money and refunds it, and the shopper is told', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 45_000 });
    const viaPaytm = await createdPayment(h.t, shopper, order.id, 'paytm');
    h.sims.webhooks.pause();
    try {
      const paytm = await payPaytm(viaPaytm);
      expect(paytm.status).toBe(200);
      // The shopper, seeing no confirmation, pays again with Razorpay, verified in the browser.
      const viaRazorpay = await createdPayment(h.t, shopper, order.id, 'razorpay');
      const paid = await payRazorpay(viaRazorpay);
      expect((await verified(h.t, shopper, order.order_id, paid.body)).payment_status).toBe('Paid');
      expect(await listRefunds(h.t.ctx, order.id)).toEqual([]);
      // Too soon: the attempt may still be under way.
      expect(await settleLeftOpenPayments(h.t.ctx, new Date())).toBe(0);
      const later = new Date(Date.now() + LEFT_OPEN_FROM_MS + 60_000);
      expect(await settleLeftOpenPayments(h.t.ctx, later)).toBe(1);
      const refunds = await listRefunds(h.t.ctx, order.id);
      expect(refunds.map((r) => r.amountPaise)).toEqual([Math.round(viaPaytm.order.total_amount * 100)]);
      expect(await h.orderRow(order.id)).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'Paid',
        paymentGateway: 'razorpay',
      });
      // Asked again, it is no longer open: nothing more.
      expect(await settleLeftOpenPayments(h.t.ctx, later)).toBe(0);
    } finally {
      h.sims.webhooks.resume();
      await h.sims.webhooks.idle();
    }
    // The Paytm webhook that finally comes refunds nothing twice.
    expect(await listRefunds(h.t.ctx, order.id)).toHaveLength(1);
    const mails = await h.mailsTo(shopper.email);
    expect(mails.some((m) => m.subject.startsWith('Refund of ') && m.subject.includes(order.order_id))).toBe(
      true,
    );
  });
});
