/**
 * Refunds against the gateway simulators: idempotent gateway calls, the capture cap under
 * concurrency, webhooks and polls converging on one processed refund, retries after failures.
 */
import { mailOutbox, payments, refundBalances, refunds } from '@shop/db/schema/index';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  newShopper,
  type PaymentsHarness,
  paidThrough,
  paymentsHarness,
  placeOrder,
  type Shopper,
} from './payments.test-kit.ts';
import {
  handleRefundWebhook,
  listRefunds,
  MAX_REFUND_ATTEMPTS,
  REFUND_POLL_MS,
  recordManualRefund,
  requestRefund,
  refundRetryDelayMs,
  runDueRefunds,
} from './refunds.service.ts';

let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
});
afterAll(() => h.close());
beforeEach(() => {
  for (const sim of [h.sims.razorpay, h.sims.paytm, h.sims.paypal]) {
    sim.refundSwitch.failNext = 0;
    sim.refundSwitch.hold = false;
  }
});

const paidOrder = (gateway: 'razorpay' | 'paytm' | 'paypal', pricePaise = 30_000) =>
  paidThrough(h, shopper, gateway, pricePaise);

const refundRows = (orderId: number) => h.t.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const refundMails = (kind: string) =>
  h.t.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, shopper.email), like(mailOutbox.subject, `%${kind}%`)));

function ask(orderId: number, paymentId: number, amountPaise: number, key: string) {
  return requestRefund(
    h.t.ctx,
    {
      orderId,
      paymentId,
      amountPaise,
      reason: 'Order cancelled',
      requestedBy: 'customer',
      requestedById: shopper.id,
    },
    key,
  );
}

describe('Razorpay refunds', () => {
  it('refund webhook ×3 → one processed refund, one "processed" mail; the request is recorded before the call', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    const mailsBefore = (await refundMails('processed')).length;
    h.sims.webhooks.pause();
    const result = await ask(orderId, payment.id, 30_000, 'cancel');
    expect(result).toMatchObject({ ok: true, status: 'pending' });
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({
      status: 'pending',
      amountPaise: 30_000,
      amountMinor: 30_000,
      requestedBy: 'customer',
    });
    expect(row?.gatewayRefundId).toMatch(/^rfnd_/);
    expect(h.sims.razorpay.refunds.get(row?.gatewayRefundId ?? '')?.amount).toBe(30_000);
    expect((await refundMails('initiated')).length).toBeGreaterThan(0);

    h.sims.webhooks.resume();
    await h.sims.webhooks.idle();
    await h.replayWebhooks(3);
    const rows = await refundRows(orderId);
    expect(rows.map((r) => r.status)).toEqual(['processed']);
    expect((await refundMails('processed')).length).toBe(mailsBefore + 1);
    expect(h.sims.razorpay.payments.get(payment.gatewayPaymentId ?? '')).toMatchObject({
      amount_refunded: 30_000,
      refund_status: 'full',
    });
    expect(await listRefunds(h.t.ctx, orderId)).toEqual([
      expect.objectContaining({ amountPaise: 30_000, status: 'processed', reason: 'Order cancelled' }),
    ]);
  });

  it('idempotency: the same key replays the same refund, at the shop and at the gateway', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    const first = await ask(orderId, payment.id, 10_000, 'extra-payment');
    const again = await ask(orderId, payment.id, 10_000, 'extra-payment');
    expect(again).toEqual({ ...first, status: again.ok ? again.status : 'x' });
    expect(first.ok && again.ok && first.refundId === again.refundId).toBe(true);
    const gatewayRefunds = [...h.sims.razorpay.refunds.values()].filter(
      (r) => r.payment_id === payment.gatewayPaymentId,
    );
    expect(gatewayRefunds).toHaveLength(1);
  });

  it('the simulator: same X-Refund-Idempotency + same body → same refund, other body → 400', async () => {
    const { payment } = await paidOrder('razorpay');
    const auth = `Basic ${Buffer.from('rzp_test_KesarDemo0001:kesar_demo_razorpay_secret').toString('base64')}`;
    const post = (amount: number) =>
      h.t.request({
        method: 'POST',
        url: `/__sim/razorpay/v1/payments/${payment.gatewayPaymentId}/refund`,
        headers: {
          authorization: auth,
          'x-refund-idempotency': 'same-key-0001',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ amount }),
      });
    const a = await post(5_000);
    const b = await post(5_000);
    expect(a.statusCode).toBe(200);
    expect(b.json<{ id: string }>().id).toBe(a.json<{ id: string }>().id);
    const c = await post(6_000);
    expect(c.statusCode).toBe(400);
    expect(c.json<{ error: { code: string } }>().error.code).toBe('BAD_REQUEST_ERROR');
  });

  it('partial refunds add up to the capture and no further', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    expect(await ask(orderId, payment.id, 10_000, 'return-1')).toMatchObject({ ok: true });
    expect(await ask(orderId, payment.id, 20_000, 'return-2')).toMatchObject({ ok: true });
    expect(await ask(orderId, payment.id, 1, 'return-3')).toMatchObject({
      ok: false,
      reason: 'exceeds-capture',
    });
    await h.sims.webhooks.idle();
    expect((await refundRows(orderId)).map((r) => r.status).sort()).toEqual(['processed', 'processed']);
    expect(h.sims.razorpay.payments.get(payment.gatewayPaymentId ?? '')?.amount_refunded).toBe(30_000);
  });

  it('concurrent refund requests never exceed the capture (database balance row and CHECK)', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => ask(orderId, payment.id, 10_000, `concurrent-${i}`)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(
      Array(5).fill('exceeds-capture'),
    );
    // The same key from several callers at once is one refund.
    const same = await Promise.all(
      Array.from({ length: 4 }, () => ask(orderId, payment.id, 10_000, 'concurrent-0')),
    );
    expect(new Set(same.map((r) => r.ok && r.refundId)).size).toBe(1);
    const rows = await refundRows(orderId);
    expect(rows.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(30_000);
    const [balance] = await h.t.ctx.db
      .select()
      .from(refundBalances)
      .where(eq(refundBalances.paymentId, payment.id));
    expect(balance).toMatchObject({ capturedPaise: 30_000, refundedPaise: 30_000 });
    // The CHECK refuses an over-refund even from a writer that skips the conditional update.
    await expect(
      h.t.ctx.db
        .update(refundBalances)
        .set({ refundedPaise: 30_001 })
        .where(eq(refundBalances.paymentId, payment.id)),
    ).rejects.toThrow();
  });

  it('a failed attempt reads pending while it waits, is retried with a new key after back-off, then processed', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    h.sims.razorpay.refundSwitch.failNext = 1;
    const result = await ask(orderId, payment.id, 30_000, 'late-capture');
    expect(result).toMatchObject({ ok: true });
    await h.sims.webhooks.idle();
    let [row] = await refundRows(orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.gatewayKey).toMatch(/_1$/);
    expect(row?.nextAttemptAt).not.toBeNull();
    // Customers and staff read a failure the shop will retry as pending: shown as failed, it
    // turned to processed at the retry (refund states only move forward, rule 3).
    expect((await listRefunds(h.t.ctx, orderId))[0]?.status).toBe('pending');

    // Not yet due: nothing happens.
    expect(await runDueRefunds(h.t.ctx, new Date())).toBe(0);
    const due = new Date(Date.now() + refundRetryDelayMs(1) + 1_000);
    expect(await runDueRefunds(h.t.ctx, due)).toBe(1);
    await h.sims.webhooks.idle();
    [row] = await refundRows(orderId);
    expect(row).toMatchObject({ status: 'processed', attempts: 1 });
    expect(row?.gatewayKey).toMatch(/_2$/);
    const atGateway = [...h.sims.razorpay.refunds.values()].filter(
      (r) => r.payment_id === payment.gatewayPaymentId,
    );
    expect(atGateway.map((r) => r.status).sort()).toEqual(['failed', 'processed']);
  });

  it('two job runs at once claim a due refund once (FOR UPDATE SKIP LOCKED and a lease)', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    h.sims.razorpay.refundSwitch.failNext = 1;
    await ask(orderId, payment.id, 30_000, 'claimed-once');
    await h.sims.webhooks.idle();
    const due = new Date(Date.now() + refundRetryDelayMs(1) + 1_000);
    const claimed = await Promise.all([runDueRefunds(h.t.ctx, due), runDueRefunds(h.t.ctx, due)]);
    expect(claimed[0] + claimed[1]).toBe(1);
    await h.sims.webhooks.idle();
    const atGateway = [...h.sims.razorpay.refunds.values()].filter(
      (r) => r.payment_id === payment.gatewayPaymentId,
    );
    expect(atGateway).toHaveLength(2);
    expect((await refundRows(orderId))[0]?.status).toBe('processed');
  });

  it('a refund that keeps failing ends failed, frees the capture and tells the customer', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    h.sims.razorpay.refundSwitch.failNext = MAX_REFUND_ATTEMPTS;
    const failedMails = (await refundMails('could not be completed')).length;
    await ask(orderId, payment.id, 30_000, 'doomed');
    let at = Date.now();
    for (let i = 1; i < MAX_REFUND_ATTEMPTS; i++) {
      at += refundRetryDelayMs(i) + 1_000;
      await h.sims.webhooks.idle();
      await runDueRefunds(h.t.ctx, new Date(at));
    }
    await h.sims.webhooks.idle();
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS, nextAttemptAt: null });
    expect((await listRefunds(h.t.ctx, orderId))[0]?.status).toBe('failed');
    expect((await refundMails('could not be completed')).length).toBe(failedMails + 1);
    expect(await ask(orderId, payment.id, 30_000, 'second-try')).toMatchObject({ ok: true });
  });

  it('a refund webhook that overtakes the answer to the call is matched by its receipt (our key); a repeat changes nothing', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    h.sims.razorpay.refundSwitch.hold = true;
    await ask(orderId, payment.id, 5_000, 'overtaken');
    const [row] = await refundRows(orderId);
    await h.t.ctx.db
      .update(refunds)
      .set({ status: 'requested', gatewayRefundId: null })
      .where(eq(refunds.id, row?.id ?? 0));
    const event = {
      gateway: 'razorpay' as const,
      eventId: `evt_overtaken_${row?.id}`,
      eventType: 'refund.processed',
      payload: { payload: { refund: { entity: { id: row?.gatewayRefundId, receipt: row?.gatewayKey } } } },
    };
    expect(await handleRefundWebhook(h.t.ctx, event)).toBe(true);
    expect(await handleRefundWebhook(h.t.ctx, event)).toBe(true);
    expect((await refundRows(orderId))[0]).toMatchObject({
      status: 'processed',
      gatewayRefundId: row?.gatewayRefundId,
    });
    // Not a refund event: left to the payment webhook code.
    expect(await handleRefundWebhook(h.t.ctx, { ...event, eventType: 'payment.captured' })).toBe(false);
  });

  it('refuses a payment of another order and a payment that captured nothing', async () => {
    const { orderId, payment } = await paidOrder('razorpay');
    expect(await ask(orderId + 1, payment.id, 100, 'x')).toMatchObject({ ok: false, reason: 'not-found' });
    await h.t.ctx.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, payment.id));
    expect(await ask(orderId, payment.id, 100, 'y')).toMatchObject({ ok: false, reason: 'not-captured' });
    await expect(ask(orderId, payment.id, 0, 'z')).rejects.toThrow(/positive/);
  });
});

describe('Paytm refunds', () => {
  it('refId is the key: the refund is registered pending, the status poll moves it to processed', async () => {
    const { orderId, payment } = await paidOrder('paytm');
    const result = await ask(orderId, payment.id, 12_550, 'partial-return');
    expect(result).toMatchObject({ ok: true, status: 'pending' });
    const [row] = await refundRows(orderId);
    const atGateway = h.sims.paytm.refunds.get(`KESARD47110000000001/${row?.gatewayKey}`);
    expect(atGateway).toMatchObject({ amount: 12_550, txnId: payment.gatewayPaymentId });
    expect(await runDueRefunds(h.t.ctx, new Date(Date.now() + REFUND_POLL_MS + 1_000))).toBe(1);
    expect((await refundRows(orderId))[0]?.status).toBe('processed');
  });

  it('a repeated refId is rejected by Paytm, so a retry after a lost answer asks the status', async () => {
    const { orderId, payment } = await paidOrder('paytm');
    h.sims.paytm.refundSwitch.hold = true;
    await ask(orderId, payment.id, 30_000, 'cancel');
    const [row] = await refundRows(orderId);
    // As if the first answer had been lost: the shop does not know Paytm's refund id.
    await h.t.ctx.db
      .update(refunds)
      .set({ status: 'requested', gatewayRefundId: null, nextAttemptAt: new Date() })
      .where(eq(refunds.id, row?.id ?? 0));
    h.sims.paytm.settleRefunds();
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 10 * 60_000));
    expect((await refundRows(orderId))[0]).toMatchObject({
      status: 'processed',
      gatewayKey: row?.gatewayKey,
    });
    expect(
      [...h.sims.paytm.refunds.values()].filter((r) => r.txnId === payment.gatewayPaymentId),
    ).toHaveLength(1);
  });
});

describe('PayPal refunds', () => {
  it('refunds the capture in its currency; PAYMENT.CAPTURE.REFUNDED ×3 → one processed refund; PayPal-Request-Id replays', async () => {
    const { orderId, payment } = await paidOrder('paypal');
    h.sims.webhooks.pause();
    const result = await ask(orderId, payment.id, 30_000, 'cancel');
    expect(result).toMatchObject({ ok: true, status: 'pending' });
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ currency: 'USD', amountMinor: 360 });
    h.sims.webhooks.resume();
    await h.sims.webhooks.idle();
    await h.replayWebhooks(3);
    expect((await refundRows(orderId)).map((r) => r.status)).toEqual(['processed']);
    const entry = h.sims.paypal.refunds.get(row?.gatewayRefundId ?? '');
    expect(entry?.refund).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '3.60' },
    });
    // A replay with the same PayPal-Request-Id answers the first refund (not a second one).
    await h.t.ctx.db
      .update(refunds)
      .set({ status: 'requested', gatewayRefundId: null, nextAttemptAt: new Date() })
      .where(eq(refunds.id, row?.id ?? 0));
    await runDueRefunds(h.t.ctx, new Date(Date.now() + 10 * 60_000));
    expect((await refundRows(orderId))[0]).toMatchObject({
      status: 'processed',
      gatewayRefundId: row?.gatewayRefundId,
    });
    expect(h.sims.paypal.refunds.size).toBe(1);
  });

  it('partial refunds in cents add up to the capture exactly; one that comes to no cent is refused, naming the smallest', async () => {
    const { orderId, payment } = await paidOrder('paypal'); // ₹300.00 = US$3.60 at 0.012
    const tooSmall = await ask(orderId, payment.id, 41, 'tiny');
    expect(tooSmall).toEqual({
      ok: false,
      reason: 'below-gateway-minimum',
      message: 'This payment was taken in USD: its smallest refund is ₹0.42.',
    });
    // ₹100.42 three times over would be 121 cents each, one more than the capture in all: the
    // running totals give 121, 120 and the 119 left.
    for (const [key, paise] of [
      ['part-1', 10_042],
      ['part-2', 10_042],
      ['rest', 9_916],
    ] as const)
      expect(await ask(orderId, payment.id, paise, key)).toMatchObject({ ok: true });
    await h.sims.webhooks.idle();
    const rows = await refundRows(orderId);
    expect(rows.map((r) => r.amountMinor).sort()).toEqual([119, 120, 121]);
    expect(rows.map((r) => r.status)).toEqual(['processed', 'processed', 'processed']);
    const [balance] = await h.t.ctx.db
      .select()
      .from(refundBalances)
      .where(eq(refundBalances.paymentId, payment.id));
    expect(balance?.refundedPaise).toBe(30_000);
    // All given back: one paise more exceeds the capture (it is not "too small").
    expect(await ask(orderId, payment.id, 1, 'one-more')).toMatchObject({
      ok: false,
      reason: 'exceeds-capture',
    });
  });

  it("a PAYMENT.CAPTURE.REFUNDED that overtakes the answer to the call is refused, and applied on the gateway's retry", async () => {
    const { orderId, payment } = await paidOrder('paypal');
    h.sims.paypal.refundSwitch.hold = true;
    expect(await ask(orderId, payment.id, 30_000, 'overtaken')).toMatchObject({
      ok: true,
      status: 'pending',
    });
    const [row] = await refundRows(orderId);
    // The state while the call is on its way: asked, the gateway's refund id not yet known.
    await h.t.ctx.db
      .update(refunds)
      .set({ status: 'requested', gatewayRefundId: null })
      .where(eq(refunds.id, row?.id ?? 0));
    const sentBefore = h.sims.webhooks.sent.length;
    h.sims.webhooks.pause();
    await h.sims.paypal.settleRefunds('https://api-m.sandbox.paypal.com');
    h.sims.webhooks.resume();
    // The first delivery is refused; the retry comes 250 ms later. The answer lands in between
    // (waiting for the first delivery alone: a busy host may see the retry before it looks).
    await expect.poll(() => h.sims.webhooks.sent[sentBefore]?.status).toBe(409);
    await h.t.ctx.db
      .update(refunds)
      .set({ status: 'pending', gatewayRefundId: row?.gatewayRefundId })
      .where(eq(refunds.id, row?.id ?? 0));
    await h.sims.webhooks.idle();
    // On a slow machine a retry may come before the answer is in, and be refused too.
    const statuses = h.sims.webhooks.sent.slice(sentBefore).map((d) => d.status);
    expect(statuses.at(-1)).toBe(200);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([409]));
    expect((await refundRows(orderId))[0]).toMatchObject({ status: 'processed' });
  });

  it('a PayPal refund webhook for a refund the shop never asked for is acknowledged and changes nothing', async () => {
    const { orderId, payment } = await paidOrder('paypal');
    const event = {
      gateway: 'paypal' as const,
      eventId: `WH-STRANGER-${orderId}`,
      eventType: 'PAYMENT.CAPTURE.REFUNDED',
      payload: {
        resource: {
          id: 'DASHBOARD1',
          status: 'COMPLETED',
          links: [
            { rel: 'up', href: `https://api-m.paypal.com/v2/payments/captures/${payment.gatewayPaymentId}` },
          ],
        },
      },
    };
    expect(await handleRefundWebhook(h.t.ctx, event)).toBe(true);
    expect(await refundRows(orderId)).toEqual([]);
  });
});

describe('cash on delivery', () => {
  it('is refunded by hand with a reference, within the cash collected', async () => {
    const { order } = await placeOrder(h.t, shopper, { pricePaise: 20_000 });
    const [cod] = await h.t.ctx.db
      .insert(payments)
      .values({ orderId: order.id, gateway: 'cod', amountMinor: 20_000, status: 'paid' })
      .returning();
    const manual = (amountPaise: number, reference: string) =>
      recordManualRefund(h.t.ctx, {
        orderId: order.id,
        paymentId: cod?.id ?? 0,
        amountPaise,
        reason: 'Damaged lock returned',
        requestedBy: 'staff',
        requestedById: 1,
        reference,
      });
    expect(await manual(15_000, 'NEFT-UTR-001')).toMatchObject({ ok: true, status: 'processed' });
    expect(await manual(5_001, 'NEFT-UTR-002')).toMatchObject({ ok: false, reason: 'exceeds-capture' });
    expect(await listRefunds(h.t.ctx, order.id)).toEqual([
      expect.objectContaining({ reference: 'NEFT-UTR-001', status: 'processed', gateway: 'cod' }),
    ]);
  });
});
