/**
 * Credit notes through the real payment paths (gateway simulators over HTTP): a paid order is
 * invoiced when its payment is verified; the customer's cancellation issues one credit note for
 * the whole invoice and the refund that follows adds none; a partial refund of a kept order
 * issues a credit note of that amount.
 */
import { invoices } from '@shop/db/schema/index';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  newShopper,
  type PaymentsHarness,
  paidThrough,
  paymentsHarness,
  type Shopper,
} from '../payments/payments.test-kit.ts';
import { requestRefund, runDueRefunds } from '../payments/refunds.service.ts';
import type { TaxDocument } from './invoice-document.ts';

let h: PaymentsHarness;
let shopper: Shopper;
beforeAll(async () => {
  h = await paymentsHarness();
  shopper = await newShopper(h.t);
});
afterAll(() => h.close());

/** The stored document of an invoice or credit note row. */
function documentOf(row: { document: unknown } | undefined): TaxDocument {
  if (!row) throw new Error('no such document');
  return row.document as TaxDocument;
}
const documentsOf = (orderId: number) =>
  h.t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));

async function settleRefunds() {
  await h.sims.webhooks.idle();
  await runDueRefunds(h.t.ctx, new Date(Date.now() + 60 * 60_000));
  await h.sims.webhooks.idle();
}

describe('credit notes from cancellations and refunds', () => {
  it('paid → invoiced; cancelled → one credit note for the whole invoice; its refund adds none', async () => {
    const { order } = await paidThrough(h, shopper, 'razorpay', 41_000);
    const [invoice] = await documentsOf(order.id);
    expect(invoice).toMatchObject({ kind: 'invoice', totalPaise: 41_000 });

    const res = await h.t.request({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: shopper.auth,
    });
    expect(res.statusCode).toBe(200);
    await settleRefunds();
    expect((await h.orderRow(order.id)).paymentStatus).toBe('Refunded');
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.kind, d.totalPaise, d.invoiceId])).toEqual([
      ['invoice', 41_000, null],
      ['credit_note', 41_000, invoice?.id],
    ]);
    expect(documentOf(docs[1]).original?.number).toBe(invoice?.number);
  });

  it('a partial refund of a kept order issues a credit note of the refunded amount, with its tax', async () => {
    const { order, payment } = await paidThrough(h, shopper, 'razorpay', 50_000);
    const result = await requestRefund(
      h.t.ctx,
      {
        orderId: order.id,
        paymentId: payment.id,
        amountPaise: 12_345,
        reason: 'One item arrived damaged',
        requestedBy: 'staff',
      },
      `damaged-${order.id}`,
    );
    expect(result.ok).toBe(true);
    await settleRefunds();
    expect((await h.orderRow(order.id)).paymentStatus).toBe('Partially Refunded');
    const [invoice, note, ...more] = await documentsOf(order.id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({ kind: 'credit_note', totalPaise: 12_345, invoiceId: invoice?.id });
    const line = documentOf(note).lines[0];
    // Test products carry the default rate, 18 %: 12345 × 9 / 118 = 941.55… → 942 each of CGST and SGST.
    expect(line).toMatchObject({ amountPaise: 12_345, ratePercent: 18, cgstPaise: 942, sgstPaise: 942 });
    expect(line?.taxablePaise).toBe(12_345 - 2 * 942);
  });
});
