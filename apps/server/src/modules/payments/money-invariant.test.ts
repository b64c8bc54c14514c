/**
 * Property: whatever order browser verifies, success/failure webhooks (each repeated), the
 * reservation expiry job, late captures, customer cancellations and refund webhooks arrive in,
 * every rupee the gateways captured ends in a paid order or a refund:
 *
 *   captured − refunded (as the gateways see it) = the sum of the totals of paid orders,
 *   and no cancelled order keeps money.
 *
 * Each scenario is a seeded random interleaving (the seed is in the test name, so a failure can
 * be replayed), run against the real app and its gateway simulators over HTTP.
 */
import type { CreatePaymentResult } from '@shop/contract/payments';
import { orders, products } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExpiredReservations } from '../orders/order-lifecycle.service.ts';
import {
  API,
  createPayment,
  newShopper,
  type PaymentsHarness,
  paymentsHarness,
  placeOrder,
  type Shopper,
  simCheckout,
  verify,
} from './payments.test-kit.ts';
import { runDueRefunds } from './refunds.service.ts';
import { settleExpiringPayments } from './reservation-check.service.ts';

let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
});
afterAll(() => h.close());

/** mulberry32: a small seeded generator, so every scenario can be replayed from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Step =
  | 'razorpay-approve'
  | 'razorpay-decline'
  | 'paytm-approve'
  | 'verify'
  | 'deliver-webhooks'
  | 'replay-webhooks'
  | 'expire'
  | 'sell-out'
  | 'cancel'
  | 'refund-job';
const STEPS: Step[] = [
  'razorpay-approve',
  'razorpay-decline',
  'paytm-approve',
  'verify',
  'verify',
  'deliver-webhooks',
  'replay-webhooks',
  'expire',
  'sell-out',
  'cancel',
  'refund-job',
];

interface Attempt {
  created: CreatePaymentResult;
  payload?: Record<string, unknown>;
}

async function gatewayPayment(orderId: number, gateway: 'razorpay' | 'paytm'): Promise<Attempt | undefined> {
  const res = await createPayment(h.t, shopper, orderId, gateway);
  // A paid or cancelled order refuses a new payment (409): the scenario goes on without it.
  if (res.statusCode !== 200) return undefined;
  const created = res.json<CreatePaymentResult>();
  return created.order.payment_gateway_order_id ? { created } : undefined;
}

async function runScenario(seed: number) {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const { order, productId } = await placeOrder(h.t, shopper, {
    pricePaise: 10_000 + Math.floor(next() * 90) * 100,
    stock: 1 + Math.floor(next() * 2),
  });
  let razorpay: Attempt | undefined;
  let paytm: Attempt | undefined;
  let latest: Attempt | undefined;
  const firstDelivery = h.sims.webhooks.sent.length;
  if (next() < 0.5) h.sims.webhooks.pause();

  const steps = Array.from({ length: 6 + Math.floor(next() * 8) }, () => pick(STEPS));
  for (const step of steps) {
    switch (step) {
      case 'razorpay-approve':
      case 'razorpay-decline': {
        razorpay ??= await gatewayPayment(order.id, 'razorpay');
        if (!razorpay) break;
        const paid = await simCheckout(h.t, 'razorpay/checkout/pay', {
          key_id: razorpay.created.settings.key,
          order_id: razorpay.created.order.payment_gateway_order_id,
          amount: Math.round(razorpay.created.order.total_amount * 100),
          outcome: step === 'razorpay-approve' ? 'approve' : 'decline',
        });
        razorpay.payload = paid.body;
        latest = razorpay;
        break;
      }
      case 'paytm-approve': {
        paytm ??= await gatewayPayment(order.id, 'paytm');
        if (!paytm) break;
        const paid = await simCheckout(h.t, 'paytm/checkout/pay', {
          mid: paytm.created.settings.mid,
          orderId: paytm.created.order.payment_gateway_order_id,
          txnToken: paytm.created.order.payment_transaction_token,
          outcome: 'approve',
        });
        paytm.payload = paid.body;
        latest = paytm;
        break;
      }
      case 'verify':
        if (latest?.payload) {
          const res = await verify(h.t, shopper, order.order_id, latest.payload);
          expect(res.statusCode, res.body).toBeLessThan(500);
          // The browser is never told "Paid" for an order that is not paid.
          if (res.json<{ payment_status?: string }>().payment_status === 'Paid')
            expect((await h.orderRow(order.id)).paymentStatus).toBe('Paid');
        }
        break;
      case 'deliver-webhooks':
        h.sims.webhooks.resume();
        await h.sims.webhooks.idle();
        if (next() < 0.5) h.sims.webhooks.pause();
        break;
      case 'replay-webhooks':
        await h.sims.webhooks.idle();
        await h.replayWebhooks(1, firstDelivery);
        break;
      case 'expire': {
        await h.t.ctx.db
          .update(orders)
          .set({ reservationExpiresAt: new Date(Date.now() - 60_000) })
          .where(eq(orders.id, order.id));
        const now = new Date();
        await settleExpiringPayments(h.t.ctx, now);
        await releaseExpiredReservations(h.t.ctx, now);
        break;
      }
      case 'sell-out':
        await h.t.ctx.db.update(products).set({ availableStock: 0 }).where(eq(products.id, productId));
        break;
      case 'cancel': {
        const res = await h.t.request({
          method: 'POST',
          url: `${API}/orders/${order.id}/cancel`,
          headers: shopper.auth,
        });
        expect([200, 409]).toContain(res.statusCode);
        break;
      }
      case 'refund-job':
        await runDueRefunds(h.t.ctx, new Date(Date.now() + 3 * 60 * 60_000));
        break;
    }
  }
  // Everything in flight lands: webhooks, the gateways' refund processing and our refund job.
  h.sims.webhooks.resume();
  await h.sims.webhooks.idle();
  for (let round = 0; round < 3; round++) {
    await runDueRefunds(h.t.ctx, new Date(Date.now() + (round + 1) * 3 * 60 * 60_000));
    await h.sims.webhooks.idle();
  }
  return steps;
}

/** captured − refunded by the gateways' own books, in paise. */
async function keptByGateways(): Promise<number> {
  let kept = 0;
  for (const payment of h.sims.razorpay.payments.values()) {
    if (payment.captured) kept += payment.amount;
  }
  for (const refund of h.sims.razorpay.refunds.values()) {
    if (refund.status === 'processed') kept -= refund.amount;
  }
  for (const txn of h.sims.paytm.transactions.values()) {
    if (txn.status === 'TXN_SUCCESS') kept += Math.round(Number(txn.amount) * 100);
  }
  for (const refund of h.sims.paytm.refunds.values()) {
    if (refund.status === 'TXN_SUCCESS') kept -= refund.amount;
  }
  return kept;
}

describe('money invariant over random interleavings', () => {
  const seeds = Array.from({ length: 30 }, (_, i) => 20261125 + i * 7919);
  it.each(seeds)(
    'seed %i: captured − refunded = paid orders, no cancelled order keeps money',
    async (seed) => {
      const steps = await runScenario(seed);
      const rows = await h.t.ctx.db.select().from(orders);
      const paidTotal = rows
        .filter((o) => o.status !== 'cancelled' && o.paymentStatus === 'Paid')
        .reduce((sum, o) => sum + o.totalPaise, 0);
      expect(await keptByGateways(), `steps: ${steps.join(', ')}`).toBe(paidTotal);
      for (const o of rows.filter((r) => r.status === 'cancelled'))
        expect(['Pending', 'Failed', 'Refunded'], `order ${o.id}: ${steps.join(', ')}`).toContain(
          o.paymentStatus,
        );
    },
  );
});

describe('the scenarios cover the paths', () => {
  it('captures, declines, late captures refunded, cancellations refunded and paid orders all occurred', async () => {
    const rows = await h.t.ctx.db.select().from(orders);
    const captured = [...h.sims.razorpay.payments.values()].filter((p) => p.captured).length;
    const declined = [...h.sims.razorpay.payments.values()].filter((p) => p.status === 'failed').length;
    const refunded =
      [...h.sims.razorpay.refunds.values()].filter((r) => r.status === 'processed').length +
      [...h.sims.paytm.refunds.values()].filter((r) => r.status === 'TXN_SUCCESS').length;
    const coverage = {
      captured,
      declined,
      refunded,
      paid: rows.filter((o) => o.paymentStatus === 'Paid').length,
      cancelledRefunded: rows.filter((o) => o.status === 'cancelled' && o.paymentStatus === 'Refunded')
        .length,
      cancelledUnpaid: rows.filter((o) => o.status === 'cancelled' && o.paymentStatus === 'Pending').length,
    };
    for (const [path, count] of Object.entries(coverage)) expect(count, path).toBeGreaterThan(0);
  });
});
