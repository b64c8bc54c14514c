/**
 * `npm run reconcile`'s comparison, against the simulators: gateways and shop agree after
 * payments and refunds on all three gateways; one planted disagreement is reported, exit 1.
 */
import { payments, refunds } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfOrigin } from './gateway-settings.ts';
import { makeAddress, makeCustomer } from '../orders/orders.test-kit.ts';
import {
  createdPayment,
  newShopper,
  type PaymentsHarness,
  paidThrough,
  paymentsHarness,
  placeOrder,
  type Shopper,
  simCheckout,
  verified,
} from './payments.test-kit.ts';
import { parseSince, reconcile, reconcileReport } from './reconciliation.service.ts';
import { requestRefund } from './refunds.service.ts';

let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
});
afterAll(() => h.close());

const origin = () => selfOrigin(h.t.app.server, h.t.ctx.config);
const today = () => new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);

const pay = (gateway: 'razorpay' | 'paytm' | 'paypal') => paidThrough(h, shopper, gateway, 40_000);

describe('reconcile', () => {
  it('parses --since YYYY-MM-DD and refuses anything else', () => {
    expect(parseSince(['--since', '2026-04-01'])?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(parseSince(['--since=2026-04-01'])?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(parseSince(['--since', '2026-02-30'])).toBeUndefined();
    expect(parseSince([])).toBeUndefined();
  });

  it('finds no mismatch when the books agree, then reports exactly the planted one and exits 1', async () => {
    const razorpay = await pay('razorpay');
    const paytm = await pay('paytm');
    const paypal = await pay('paypal');
    const refund = (p: typeof razorpay, amountPaise: number) =>
      requestRefund(
        h.t.ctx,
        {
          orderId: p.orderId,
          paymentId: p.payment.id,
          amountPaise,
          reason: 'Returned',
          requestedBy: 'staff',
        },
        `return-${p.orderId}`,
      );
    expect(await refund(razorpay, 10_000)).toMatchObject({ ok: true });
    expect(await refund(paypal, 40_000)).toMatchObject({ ok: true });
    h.sims.paytm.refundSwitch.hold = true;
    expect(await refund(paytm, 5_000)).toMatchObject({ ok: true, status: 'pending' });
    await h.sims.webhooks.idle();

    const lines: string[] = [];
    const agreed = await reconcileReport(h.t.ctx, origin(), today(), (l) => lines.push(l));
    // The lines first: a failure then names the mismatch, not only the exit code.
    expect(lines).toEqual([expect.stringMatching(/gateways and shop agree/)]);
    expect(agreed).toBe(0);

    // Planted: the shop lost track of the Razorpay capture.
    await h.t.ctx.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, razorpay.payment.id));
    const mismatches = await reconcile(h.t.ctx, origin(), today());
    expect(mismatches).toEqual([
      expect.objectContaining({ gateway: 'razorpay', kind: 'captured', gatewaySays: 40_000, shopSays: 0 }),
    ]);
    lines.length = 0;
    expect(await reconcileReport(h.t.ctx, origin(), today(), (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/^MISMATCH razorpay \S+ captured: gateway 40000, shop 0/);
  });
});

describe('reconcile: captures the order did not take', () => {
  it('a capture refunded because cash on delivery settled the order agrees; if its refund went missing, it is money kept', async () => {
    const customer = await makeCustomer(h.t.ctx.db);
    const address = await makeAddress(h.t.ctx.db, customer.id, { pinCode: '600020', city: 'Chennai' });
    const chennai: Shopper = { ...customer, addressId: address.id };
    const { order } = await placeOrder(h.t, chennai, { pricePaise: 25_000 });
    const online = await createdPayment(h.t, chennai, order.id, 'razorpay');
    await createdPayment(h.t, chennai, order.id, 'cod');
    await verified(h.t, chennai, order.order_id, {});
    h.sims.razorpay.refundSwitch.hold = true;
    try {
      const paid = await simCheckout(h.t, 'razorpay/checkout/pay', {
        key_id: online.settings.key,
        order_id: online.order.payment_gateway_order_id,
        amount: Math.round(online.order.total_amount * 100),
        outcome: 'approve',
      });
      expect((await verified(h.t, chennai, order.order_id, paid.body)).payment_status).toBe('Failed');
      await h.sims.webhooks.idle();
      const ofOrder = async () =>
        (await reconcile(h.t.ctx, origin(), today())).filter((m) => m.order === order.order_id);
      // The capture is on its way back: the books agree.
      expect(await ofOrder()).toEqual([]);

      // Planted: the refund the settlement decided on was never recorded (a crash after commit).
      const [row] = await h.t.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.gatewayOrderId, online.order.payment_gateway_order_id ?? ''));
      await h.t.ctx.db.delete(refunds).where(eq(refunds.paymentId, row?.id ?? 0));
      expect(await ofOrder()).toEqual([
        expect.objectContaining({
          gateway: 'razorpay',
          kind: 'money-kept',
          gatewaySays: 31_000,
          shopSays: 0,
        }),
      ]);
    } finally {
      h.sims.razorpay.refundSwitch.hold = false;
    }
  });
});
