/**
 * Staff download an order's tax invoice and credit notes from the back office: the same PDFs as
 * the customer's, for every role that sees orders; 404 while the order has no invoice.
 */
import type { AdminOrderDetail } from '@shop/contract/admin/orders';
import { invoiceMessages } from '@shop/contract/invoices';
import { auditLog, shippingCarriers } from '@shop/db/schema/index';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { API, placeOrder } from '../payments/payments.test-kit.ts';
import { type StaffPaymentsHarness, staffPaymentsHarness } from '../staff/staff-payments.test-kit.ts';

let h: StaffPaymentsHarness<'manager' | 'staff'>;
beforeAll(async () => {
  h = await staffPaymentsHarness(['manager', 'staff']);
});
afterAll(() => h.close());

describe('staff download of tax invoices and credit notes', () => {
  it('order details list the invoice; every role that sees orders downloads the PDF naming its number', async () => {
    const { order } = await h.codOrder();
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    const invoice = detail.tax_documents?.invoice;
    expect(invoice?.number).toMatch(/^INV\/\d{4}\/\d{6}$/);
    expect(invoice?.total_paise).toBe(detail.total_paise);
    expect(invoice?.download_path).toBe(`orders/${order.id}/invoice`);
    expect(detail.tax_documents?.credit_notes).toEqual([]);

    for (const who of ['manager', 'staff'] as const) {
      const res = await h.as(who, 'GET', `/${invoice?.download_path}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${invoice?.number.replaceAll('/', '-')}.pdf"`,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const [page] = await pdfText(res.rawPayload);
      expect(page).toContain(invoice?.number);
      expect(page).toContain(order.order_id);
    }
    // The staff PDF is the customer's document (the same text; only the file's creation stamp differs).
    const customers = await h.t.request({
      method: 'GET',
      url: `${API}/orders/${order.id}/invoice`,
      headers: h.shopper.auth,
    });
    const staffCopy = await h.as('staff', 'GET', `/orders/${order.id}/invoice`);
    expect(await pdfText(staffCopy.rawPayload)).toEqual(await pdfText(customers.rawPayload));
  });

  it('a cancelled invoiced order lists its credit note, downloadable under its own path', async () => {
    const { order } = await h.codOrder();
    await h.as('manager', 'POST', `/orders/${order.id}/actions`, { action: 'cancel' });
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    const [note] = detail.tax_documents?.credit_notes ?? [];
    expect(note?.number).toMatch(/^CRN\/\d{4}\/\d{6}$/);
    expect(note?.download_path).toBe(`orders/${order.id}/credit_notes/${note?.id}`);
    const res = await h.as('staff', 'GET', `/${note?.download_path}`);
    expect(res.statusCode).toBe(200);
    const [page] = await pdfText(res.rawPayload);
    expect(page).toContain(note?.number);
    expect(page).toContain(detail.tax_documents?.invoice.number);
    // A credit note of another order is not found under this one.
    const { order: other } = await h.codOrder();
    expect((await h.as('manager', 'GET', `/orders/${other.id}/credit_notes/${note?.id}`)).statusCode).toBe(
      404,
    );
  });

  /** Ships an order with the demo's first carrier that takes a tracking number. */
  async function ship(orderId: number) {
    const [carrier] = await h.t.ctx.db
      .select()
      .from(shippingCarriers)
      .where(eq(shippingCarriers.name, 'Delhivery'));
    const shipped = await h.as('manager', 'POST', `/orders/${orderId}/actions`, {
      action: 'ship',
      carrier_id: carrier?.id,
      tracking_number: 'EE123456789IN',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  }

  it('GST s.34: a parcel refused at the door (cash on delivery, nothing paid) gets a credit note for its whole invoice', async () => {
    const { order } = await h.codOrder();
    await ship(order.id);
    const returned = await h.as('manager', 'POST', `/orders/${order.id}/actions`, {
      action: 'return',
      note: 'Refused at the door (RTO)',
      restock: true,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail).toMatchObject({ status: 'returned', payment_status: 'Pending' });
    const notes = detail.tax_documents?.credit_notes ?? [];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.total_paise).toBe(detail.tax_documents?.invoice.total_paise);
    const [page] = await pdfText((await h.as('manager', 'GET', `/${notes[0]?.download_path}`)).rawPayload);
    expect(page).toContain('Refused at the door (RTO)');
  });

  it('a returned order that was paid is credited once: at the return, not again at its refund', async () => {
    const { order } = await h.codOrder();
    await ship(order.id);
    for (const action of ['deliver', 'return'] as const)
      expect((await h.as('manager', 'POST', `/orders/${order.id}/actions`, { action })).statusCode).toBe(200);
    const refunded = await h.as('manager', 'POST', `/orders/${order.id}/refunds`, {
      amount_paise: order.total_amount * 100,
      reason: 'Returned unopened',
      reference: 'UPI-REF-0042',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.payment_status).toBe('Refunded');
    const notes = detail.tax_documents?.credit_notes ?? [];
    expect(notes.map((n) => n.total_paise)).toEqual([detail.tax_documents?.invoice.total_paise]);
  });

  it('404 while the order has no invoice (not confirmed yet) or does not exist; 401 without a session', async () => {
    const { order } = await placeOrder(h.t, h.shopper);
    const detail = (await h.as('manager', 'GET', `/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.tax_documents).toBeNull();
    const res = await h.as('manager', 'GET', `/orders/${order.id}/invoice`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ name: 'Not Found', message: invoiceMessages.noInvoiceYet });
    expect((await h.as('manager', 'GET', '/orders/2147483000/invoice')).statusCode).toBe(404);
    expect((await h.as(null, 'GET', `/orders/${order.id}/invoice`)).statusCode).toBe(401);
  });

  it('downloads change nothing, so they write no audit entry (like packing slips and exports)', async () => {
    const { order } = await h.codOrder();
    await h.as('manager', 'GET', `/orders/${order.id}/invoice`);
    const entries = await h.t.ctx.db.select().from(auditLog).where(like(auditLog.action, '%invoice%'));
    expect(entries).toEqual([]);
  });
});
