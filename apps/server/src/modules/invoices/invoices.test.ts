/**
 * GST tax invoices: each order line keeps its taxable value and tax as placed; confirming an
 * order issues a numbered invoice (consecutive per financial year, no gaps or repeats under
 * concurrency, also from two instances); the PDF carries every particular a tax invoice must;
 * cancellations and refunds of an invoiced order issue credit notes naming the invoice.
 */
import { randomUUID } from 'node:crypto';
import { gstinCheckCharacter } from '@shop/contract/gst';
import { invoiceMessages } from '@shop/contract/invoices';
import { formatPaise } from '@shop/contract/money';
import type { CheckoutResult, Order } from '@shop/contract/orders';
import { openDatabase } from '@shop/db/client';
import { invoices, orderItems, orders } from '@shop/db/schema/index';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedFontNames, pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cancelOrder, confirmOrder, settleRefundedMoney } from '../orders/order-lifecycle.service.ts';
import {
  customerActorOf,
  makeAddress,
  makeCustomer,
  makeProduct,
  setSetting,
} from '../orders/orders.test-kit.ts';
import type { TaxDocument } from './invoice-document.ts';
import { financialYearOf } from './invoice-numbering.ts';
import { issueInvoice } from './invoices.service.ts';

const API = '/backend/api/web';
const cell = (paise: number) => formatPaise(paise).replace('₹', '');

let t: TestApp;
type Shopper = Awaited<ReturnType<typeof makeCustomer>> & { jaipur: number; delhi: number };
let shopper: Shopper;

beforeAll(async () => {
  // One shopper places many orders here: the stock-hoarding caps are lifted.
  t = await createTestApp({ env: { ORDER_MAX_UNPAID: '1000', ORDER_MAX_COD_PER_DAY: '1000' } });
  await setSetting(t.ctx.db, 'minimum_order_amount', '0');
  const customer = await makeCustomer(t.ctx.db);
  const jaipur = await makeAddress(t.ctx.db, customer.id, {
    contactPerson: 'राम कुमार',
    fullAddress: '12, MG Road, Near Clock Tower',
    city: 'Jaipur',
    pinCode: '302001',
    landmark: 'Opposite City Bank',
    mobileNumber: '9876543210',
  });
  const delhi = await makeAddress(t.ctx.db, customer.id, {
    contactPerson: 'Asha Verma',
    fullAddress: '7, Janpath',
    city: 'New Delhi',
    pinCode: '110001',
    isDefault: false,
  });
  shopper = { ...customer, jaipur: jaipur.id, delhi: delhi.id };
});
afterAll(() => t.close());

async function placeOrder(
  lines: Array<{ id: number; quantity: number }>,
  options: { addressId?: number; who?: Shopper; coupon?: string } = {},
): Promise<Order> {
  const who = options.who ?? shopper;
  const res = await t.request({
    method: 'POST',
    url: `${API}/orders/checkout`,
    headers: { ...who.auth, 'idempotency-key': randomUUID() },
    payload: {
      items: lines.map((l) => ({ item_id: l.id, quantity: l.quantity })),
      coupon_code: options.coupon ?? '',
      customer: { address_id: options.addressId ?? who.jaipur },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CheckoutResult>().order;
}

/** Cash on delivery as the payment page does it: create the payment, then verify (confirms the order). */
async function payCod(orderId: number, who: Shopper = shopper) {
  const created = await t.request({
    method: 'POST',
    url: `${API}/orders/payment`,
    headers: who.auth,
    payload: { id: orderId, payment_gateway: 'cod', payment_gateway_environment: 'sandbox' },
  });
  expect(created.statusCode, created.body).toBe(200);
  return t.request({
    method: 'POST',
    url: `${API}/orders/verify_payment`,
    headers: who.auth,
    payload: { order_id: orderId, payload: {} },
  });
}
const download = (orderId: number, who: Shopper = shopper) =>
  t.request({ method: 'GET', url: `${API}/orders/${orderId}/invoice`, headers: who.auth });
/** The stored document of an invoice or credit note row. */
function documentOf(row: { document: unknown } | undefined): TaxDocument {
  if (!row) throw new Error('no such document');
  return row.document as TaxDocument;
}
const documentsOf = (orderId: number) =>
  t.ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.id));
const itemRows = (orderId: number) =>
  t.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

describe('GST split stored with each order line', () => {
  it('inside the shop state: CGST = SGST per line, and the lines add up to the order total', async () => {
    const sweets = await makeProduct(t.ctx.db, { sellingPricePaise: 62_000, gstRate: 5, hsnCode: '2106' });
    const lock = await makeProduct(t.ctx.db, { sellingPricePaise: 45_050, gstRate: 18, hsnCode: '8301' });
    const order = await placeOrder([
      { id: sweets.id, quantity: 2 },
      { id: lock.id, quantity: 3 },
    ]);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ placeOfSupply: '08', interState: false });
    const items = await itemRows(order.id);
    expect(
      items.map((i) => [i.hsnCode, i.gstRate, i.taxablePaise, i.cgstPaise, i.sgstPaise, i.igstPaise]),
    ).toEqual([
      ['2106', 5, 118_096, 2_952, 2_952, 0],
      ['8301', 18, 114_534, 10_308, 10_308, 0],
    ]);
    const sum = items.reduce((a, i) => a + i.taxablePaise + i.cgstPaise + i.sgstPaise + i.igstPaise, 0);
    expect(sum).toBe(row?.totalPaise);
  });

  it('delivered to another state: IGST only; the coupon discount is shared over the lines first', async () => {
    const a = await makeProduct(t.ctx.db, { sellingPricePaise: 50_000, gstRate: 12, hsnCode: '2008' });
    const b = await makeProduct(t.ctx.db, { sellingPricePaise: 30_000, gstRate: 28, hsnCode: '8301' });
    const { makeCoupon } = await import('../orders/orders.test-kit.ts');
    const coupon = await makeCoupon(t.ctx.db, { discountType: 'flat', discountValue: 8_000 });
    const order = await placeOrder(
      [
        { id: a.id, quantity: 1 },
        { id: b.id, quantity: 1 },
      ],
      { addressId: shopper.delhi, coupon: coupon.code },
    );
    // ₹720 of goods after the coupon is below Delhi's free-delivery threshold: ₹60 delivery.
    expect(order.total_amount).toBe(780);
    const [row] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ placeOfSupply: '07', interState: true, shippingPaise: 6_000 });
    // The delivery charge is taxed with the goods at their highest rate (28 %), never discounted.
    expect(row?.shippingTax).toEqual({
      sac: '9965',
      ratePercent: 28,
      taxablePaise: 4_687,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_313,
    });
    const items = await itemRows(order.id);
    expect(
      items.map((i) => [i.discountPaise, i.taxablePaise, i.cgstPaise, i.sgstPaise, i.igstPaise]),
    ).toEqual([
      [5_000, 40_179, 0, 0, 4_821],
      [3_000, 21_094, 0, 0, 5_906],
    ]);
    expect(items.reduce((s, i) => s + i.taxablePaise + i.igstPaise, 0)).toBe(72_000);
  });
});

describe('tax invoice', () => {
  it('is issued when a cash-on-delivery order is confirmed; its PDF holds every particular of a tax invoice', async () => {
    const sweets = await makeProduct(t.ctx.db, {
      name: 'Kaju Katli काजू कतली',
      sellingPricePaise: 62_000,
      itemWeight: 500,
      gstRate: 5,
      hsnCode: '2106',
    });
    const lock = await makeProduct(t.ctx.db, {
      name: 'Brass Padlock 50 mm',
      sellingPricePaise: 45_050,
      itemWeight: 350,
      gstRate: 18,
      hsnCode: '8301',
    });
    const order = await placeOrder([
      { id: sweets.id, quantity: 2 },
      { id: lock.id, quantity: 1 },
    ]);
    // Before confirmation: a clear 409, and no invoice on the order.
    const early = await download(order.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ name: 'Conflict', message: invoiceMessages.notYet, status: 409 });

    expect((await payCod(order.id)).statusCode).toBe(200);
    const [invoice] = await documentsOf(order.id);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      series: 'INV',
      financialYear: financialYearOf(new Date()),
    });
    expect(invoice?.number).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(invoice?.number.length).toBeLessThanOrEqual(16);
    expect(invoice?.totalPaise).toBe(Math.round(order.total_amount * 100));

    const details = await t.request({
      method: 'GET',
      url: `${API}/orders/${order.id}`,
      headers: shopper.auth,
    });
    expect(details.json<Order>().invoice).toMatchObject({
      invoice: {
        number: invoice?.number,
        total: order.total_amount,
        download_path: `orders/${order.id}/invoice`,
      },
      credit_notes: [],
    });

    const res = await download(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoice?.number.replaceAll('/', '-')}.pdf"`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).join(' ');
    const items = await itemRows(order.id);
    const issued = invoice?.issuedAt ?? new Date();
    const date = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata' })
      .format(issued)
      .replaceAll('/', '-');
    const mandatory = [
      'TAX INVOICE',
      // Supplier: name, address, GSTIN (and its state), FSSAI licence.
      'Kesar Foods and Locks Private Limited',
      '42, Johari Bazaar, Near Hawa Mahal, Jaipur, Rajasthan 302003',
      'GSTIN: 08AAKCK4242M1Z5',
      'State: Rajasthan (State code 08)',
      'FSSAI Lic. No.: 10826999000123',
      // Serial number and date.
      `Invoice no. ${invoice?.number}`,
      `Invoice date ${date}`,
      // Recipient: name (in Hindi), delivery address, state and its code; unregistered.
      'राम कुमार',
      '12, MG Road, Near Clock Tower',
      'Jaipur - 302001',
      'Rajasthan (State code 08)',
      'GSTIN: Unregistered (consumer)',
      // Place of supply and reverse charge.
      'Place of supply Rajasthan (08)',
      'Reverse charge No',
      // Lines: description, HSN, quantity and unit, value, taxable value, rates, taxes.
      'Kaju Katli काजू कतली (500 g) 2106 2 Nos 620.00',
      'Brass Padlock 50 mm (350 g) 8301 1 Nos 450.50',
      ...items.flatMap((i) => [cell(i.taxablePaise), cell(i.cgstPaise)]),
      '2.5% + 2.5%',
      '9% + 9%',
      'CGST',
      'SGST/UTGST',
      // Totals, amount in words, signature.
      `Invoice total ${formatPaise(invoice?.totalPaise ?? 0)}`,
      'Amount in words: Rupees One Thousand Six Hundred Ninety and Fifty Paise Only',
      'For Kesar Foods and Locks Private Limited',
      'Authorised signatory',
    ];
    for (const field of mandatory) expect(text, field).toContain(field);
    // Latin, Devanagari and ₹ are printed with embedded (subset) Noto Sans fonts.
    const fonts = embeddedFontNames(pdf);
    expect(fonts.filter((f) => f.includes('NotoSans')).length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('₹');

    // Confirming again issues nothing more.
    await t.ctx.db.transaction((tx) =>
      confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Paid', gateway: 'cod' }),
    );
    expect(await documentsOf(order.id)).toHaveLength(1);
  });

  it('an inter-state invoice shows IGST and the place of supply with its state, the delivery charge and the cash-on-delivery fee', async () => {
    const p = await makeProduct(t.ctx.db, { sellingPricePaise: 11_800, gstRate: 18, hsnCode: '8301' });
    const order = await placeOrder([{ id: p.id, quantity: 1 }], { addressId: shopper.delhi });
    expect((await payCod(order.id)).statusCode).toBe(200);
    const text = (await pdfText((await download(order.id)).rawPayload)).join(' ');
    // ₹118 of goods + ₹60 delivery (Delhi, below ₹999) + ₹40 cash-on-delivery fee = ₹218.
    for (const field of [
      'Place of supply Delhi (07), inter-state',
      'Delhi (State code 07)',
      'IGST',
      '100.00',
      '18.00',
      'Delivery charges',
      '9965',
      '50.85',
      'Cash on delivery fee',
      '9968',
      '33.90',
      'Rupees Two Hundred Eighteen Only',
    ])
      expect(text, field).toContain(field);
    expect(text).not.toContain('CGST');
  });

  it("names a business buyer's GSTIN, saved with the delivery address, as the recipient's (CGST Rules r.46(e))", async () => {
    const gstin = `07AAACB1234C1Z${gstinCheckCharacter('07AAACB1234C1Z')}`;
    const office = await makeAddress(t.ctx.db, shopper.id, {
      contactPerson: 'Bharat Traders',
      fullAddress: '9, Chandni Chowk',
      city: 'New Delhi',
      pinCode: '110001',
      gstin,
      isDefault: false,
    });
    const p = await makeProduct(t.ctx.db, { sellingPricePaise: 11_800, gstRate: 18, hsnCode: '8301' });
    const order = await placeOrder([{ id: p.id, quantity: 1 }], { addressId: office.id });
    expect(order.shipping_address.gstin).toBe(gstin);
    expect((await payCod(order.id)).statusCode).toBe(200);
    const [invoice] = await documentsOf(order.id);
    expect(documentOf(invoice).recipient).toMatchObject({ name: 'Bharat Traders', gstin, stateCode: '07' });
    const text = (await pdfText((await download(order.id)).rawPayload)).join(' ');
    expect(text).toContain(`GSTIN: ${gstin}`);
    expect(text).not.toContain('Unregistered (consumer)');
    // A consumer's order (the Jaipur address has no GSTIN) names none, in the API as on the invoice.
    const consumer = await placeOrder([{ id: p.id, quantity: 1 }]);
    expect(consumer.shipping_address.gstin).toBeNull();
  });

  it('is the owner’s only (404 otherwise) and does not exist for an order cancelled before confirmation (404)', async () => {
    const p = await makeProduct(t.ctx.db, { gstRate: 5, hsnCode: '2106' });
    const order = await placeOrder([{ id: p.id, quantity: 1 }]);
    expect((await payCod(order.id)).statusCode).toBe(200);
    const stranger = await makeCustomer(t.ctx.db);
    const other = await t.request({
      method: 'GET',
      url: `${API}/orders/${order.id}/invoice`,
      headers: stranger.auth,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ name: 'Not Found', message: 'Order not found.' });
    const anonymous = await t.request({ method: 'GET', url: `${API}/orders/${order.id}/invoice` });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: `${API}/orders/999999/invoice`, headers: shopper.auth }))
        .statusCode,
    ).toBe(404);

    const unpaid = await placeOrder([{ id: p.id, quantity: 1 }]);
    await t.ctx.db.transaction(async (tx) =>
      cancelOrder(t.ctx, tx, unpaid.id, { kind: 'system' }, 'Payment not completed in time'),
    );
    const res = await download(unpaid.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: invoiceMessages.notIssued });
    expect(await documentsOf(unpaid.id)).toEqual([]);
  });

  it('numbers: 50 concurrent confirmations take 50 consecutive numbers, no gap, no duplicate — from two instances when on PostgreSQL', async () => {
    const p = await makeProduct(t.ctx.db, { availableStock: 500, gstRate: 5, hsnCode: '2106' });
    const placed: Order[] = [];
    for (let i = 0; i < 51; i++) placed.push(await placeOrder([{ id: p.id, quantity: 1 }]));
    const fy = financialYearOf(new Date());
    const before = await t.ctx.db
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .where(and(eq(invoices.series, 'INV'), eq(invoices.financialYear, fy)));
    const last = Math.max(0, ...before.map((r) => r.sequence));

    // A confirmation that fails after taking its number gives the number back (no gap).
    const [doomed, ...fifty] = placed;
    if (!doomed) throw new Error('no order');
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await confirmOrder(t.ctx, tx, doomed.id, { paymentStatus: 'Pending', gateway: 'cod' });
        throw new Error('the payment row could not be written');
      }),
    ).rejects.toThrow('the payment row could not be written');
    expect(await documentsOf(doomed.id)).toEqual([]);

    // A second instance: its own connection pool on the same PostgreSQL database.
    const url = (t.database.pool as unknown as { options?: { connectionString?: string } } | undefined)
      ?.options?.connectionString;
    const second = url ? await openDatabase({ url, poolSize: 10 }) : null;
    try {
      const dbs = second ? [t.ctx.db, second.db] : [t.ctx.db];
      await Promise.all(
        fifty.map((order, i) =>
          (dbs[i % dbs.length] ?? t.ctx.db).transaction((tx) =>
            confirmOrder(t.ctx, tx, order.id, { paymentStatus: 'Pending', gateway: 'cod' }),
          ),
        ),
      );
    } finally {
      await second?.close();
    }
    const rows = await t.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.series, 'INV'), eq(invoices.financialYear, fy)))
      .orderBy(asc(invoices.sequence));
    const mine = rows.filter((r) => fifty.some((o) => o.id === r.orderId));
    expect(mine).toHaveLength(50);
    expect(new Set(mine.map((r) => r.number)).size).toBe(50);
    expect(mine.map((r) => r.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => last + 1 + i));
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
  });

  it('a new financial year starts a new series at 000001', async () => {
    const p = await makeProduct(t.ctx.db, { gstRate: 5, hsnCode: '2106' });
    const march = await placeOrder([{ id: p.id, quantity: 1 }]);
    const april = await placeOrder([{ id: p.id, quantity: 1 }]);
    const issue = (orderId: number, at: Date) =>
      t.ctx.db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
        if (!order) throw new Error('no order');
        return issueInvoice(
          tx,
          order,
          await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
          at,
        );
      });
    const inMarch = await issue(march.id, new Date('2031-03-31T18:29:00Z')); // 23:59 IST, 31 March 2031
    const inApril = await issue(april.id, new Date('2031-03-31T18:31:00Z')); // 00:01 IST, 1 April 2031
    expect(inMarch?.number).toBe('INV/3031/000001');
    expect(inApril?.number).toBe('INV/3132/000001');
  });

  it('while the shop registration is incomplete, confirming still works; the invoice is issued once it is fixed', async () => {
    await setSetting(t.ctx.db, 'seller_gstin', '08AAKCK4242M1Z6'); // wrong check character
    try {
      const p = await makeProduct(t.ctx.db, { gstRate: 5, hsnCode: '2106' });
      const order = await placeOrder([{ id: p.id, quantity: 1 }]);
      expect((await payCod(order.id)).statusCode).toBe(200);
      expect(await documentsOf(order.id)).toEqual([]);
      const res = await download(order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: invoiceMessages.notReady });
      await setSetting(t.ctx.db, 'seller_gstin', '08AAKCK4242M1Z5');
      expect((await download(order.id)).statusCode).toBe(200);
      expect(await documentsOf(order.id)).toHaveLength(1);
    } finally {
      await setSetting(t.ctx.db, 'seller_gstin', '08AAKCK4242M1Z5');
    }
  });
});

describe('API document', () => {
  it('documents the invoice and credit note downloads in the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: `${API}/openapi.json` });
    const paths = res.json<{ paths: Record<string, Record<string, { summary?: string }>> }>().paths;
    expect(paths[`${API}/orders/{id}/invoice`]?.get?.summary).toBe(
      'Download the tax invoice of an own order (PDF)',
    );
    expect(paths[`${API}/orders/{id}/credit_notes/{noteId}`]?.get?.summary).toBe(
      'Download a credit note of an own order (PDF)',
    );
  });
});

describe('credit notes', () => {
  async function confirmedOrder() {
    const a = await makeProduct(t.ctx.db, { sellingPricePaise: 62_000, gstRate: 5, hsnCode: '2106' });
    const b = await makeProduct(t.ctx.db, { sellingPricePaise: 45_050, gstRate: 18, hsnCode: '8301' });
    const order = await placeOrder([
      { id: a.id, quantity: 2 },
      { id: b.id, quantity: 1 },
    ]);
    expect((await payCod(order.id)).statusCode).toBe(200);
    return order;
  }

  it('a customer cancellation of an invoiced order issues a credit note for the whole invoice, naming it', async () => {
    const order = await confirmedOrder();
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders/${order.id}/cancel`,
      headers: shopper.auth,
    });
    expect(res.statusCode).toBe(200);
    const [invoice, note, ...more] = await documentsOf(order.id);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      kind: 'credit_note',
      series: 'CRN',
      invoiceId: invoice?.id,
      totalPaise: invoice?.totalPaise,
      taxablePaise: invoice?.taxablePaise,
      taxPaise: invoice?.taxPaise,
    });
    expect(note?.number).toMatch(/^CRN\/\d{4}\/\d{6}$/);
    const summary = res.json<Order>().invoice;
    expect(summary?.credit_notes).toEqual([
      expect.objectContaining({
        number: note?.number,
        download_path: `orders/${order.id}/credit_notes/${note?.id}`,
      }),
    ]);
    const pdf = await t.request({
      method: 'GET',
      url: `${API}/orders/${order.id}/${summary?.credit_notes[0]?.download_path.split('/').slice(2).join('/')}`,
      headers: shopper.auth,
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join(' ');
    for (const field of [
      'CREDIT NOTE',
      `Credit note no. ${note?.number}`,
      `Against invoice no. ${invoice?.number}`,
      'Reason Cancelled by the customer',
      'GSTIN: 08AAKCK4242M1Z5',
      'राम कुमार',
      'Rajasthan (State code 08)',
      '2106',
      '8301',
      `Credit note total ${formatPaise(invoice?.totalPaise ?? 0)}`,
    ])
      expect(text, field).toContain(field);
    // The invoice still downloads (it stays issued; the credit note reverses it).
    expect((await download(order.id)).statusCode).toBe(200);
    const stranger = await makeCustomer(t.ctx.db);
    const foreign = await t.request({
      method: 'GET',
      url: `${API}/orders/${order.id}/credit_notes/${note?.id}`,
      headers: stranger.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refunds credit what they give back of the order, never more than the invoice, never twice', async () => {
    const order = await confirmedOrder();
    const total = Math.round(order.total_amount * 100);
    const settle = (capturedPaise: number, refundedPaise: number, reason?: string) =>
      t.ctx.db.transaction((tx) =>
        settleRefundedMoney(tx, order.id, { capturedPaise, refundedPaise }, reason),
      );

    // A second capture refunded in full: the order itself is untouched, no credit note.
    await settle(2 * total, total);
    expect(await documentsOf(order.id)).toHaveLength(1);
    // ₹100 of the order given back: a credit note of ₹100, shared over the lines with their tax,
    // giving the refund's own reason (the one the customer reads on the order).
    await settle(total, 10_000, 'One box arrived damaged');
    let docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.kind, d.totalPaise])).toEqual([
      ['invoice', total],
      ['credit_note', 10_000],
    ]);
    const partial = documentOf(docs[1]);
    expect(partial.reason).toBe('One box arrived damaged');
    expect(partial.lines.map((l) => l.amountPaise)).toEqual([7_335, 2_665]);
    for (const line of partial.lines) {
      expect(line.cgstPaise).toBe(line.sgstPaise);
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(line.amountPaise);
      expect(line.quantity).toBeNull();
    }
    // The same figures again (a repeated webhook): nothing new.
    await settle(total, 10_000);
    expect(await documentsOf(order.id)).toHaveLength(2);
    // Everything refunded: the rest of the invoice, line by line.
    await settle(total, total);
    docs = await documentsOf(order.id);
    expect(docs.map((d) => d.totalPaise)).toEqual([total, 10_000, total - 10_000]);
    expect(documentOf(docs[2]).reason).toBe('Refund to the customer');
    const invoiceDoc = documentOf(docs[0]);
    const credited = invoiceDoc.lines.map((_, i) =>
      docs
        .slice(1)
        .flatMap((d) => documentOf(d).lines)
        .filter((l) => l.invoiceLine === i)
        .reduce((a, l) => a + l.amountPaise, 0),
    );
    expect(credited).toEqual(invoiceDoc.lines.map((l) => l.amountPaise));
    // A cancellation afterwards finds nothing left to credit.
    await t.ctx.db.transaction(async (tx) =>
      cancelOrder(t.ctx, tx, order.id, await customerActorOf(tx, order.id), 'Cancelled by the customer'),
    );
    expect(await documentsOf(order.id)).toHaveLength(3);
  });
});
