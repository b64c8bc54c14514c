/**
 * `npm run reconcile`'s comparison, against the simulators: gateways and shop agree after
 * payments and refunds on all three gateways; one planted disagreement is reported, exit 1.
 */
import { payments } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfOrigin } from './gateway-settings.ts';
import {
  newShopper,
  type PaymentsHarness,
  paidThrough,
  paymentsHarness,
  type Shopper,
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
