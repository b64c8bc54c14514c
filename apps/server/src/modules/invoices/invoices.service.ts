import type { AdminTaxDocument } from '@shop/contract/admin/orders';
import type { GstStateCode } from '@shop/contract/gst';
import type { OrderInvoice, OrderTaxDocument } from '@shop/contract/invoices';
import { paiseToRupees } from '@shop/contract/money';
import type { ShippingAddress } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { shopRegistration } from '../settings/shop-registration.service.ts';
import { type OrderGst, orderGstFor, type ShippingGst } from '../tax/tax.service.ts';
import {
  creditedPerLine,
  creditNoteLines,
  type InvoiceSource,
  invoiceBody,
  type TaxDocument,
  totalsOf,
} from './invoice-document.ts';
import { documentNumber, financialYearOf } from './invoice-numbering.ts';
import {
  creditNotesOfInvoice,
  findCreditNote,
  findInvoiceOfOrder,
  type InvoiceRow,
  insertInvoice,
  takeNextSequence,
} from './invoices.repository.ts';

/** The shop's PDF fonts (Noto Sans with ₹ and Devanagari), for its other documents too. */

/**
 * Tax invoices and credit notes. An invoice is issued in the transaction that confirms an order,
 * a credit note in the one that cancels an invoiced order or processes a refund of it; each takes
 * its number from its series' counter in that same transaction (see invoices.repository).
 */

/** An order as stored, with the fields an invoice is made from (the orders module passes its row). */
export interface InvoicedOrder {
  id: number;
  orderNumber: string;
  customerId: number;
  createdAt: Date;
  totalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  shippingAddress: unknown;
  placeOfSupply: string | null;
  interState: boolean | null;
  shippingTax: unknown;
  codFeeTax: unknown;
}

/** An order line as stored, with its GST split from checkout. */
export interface InvoicedLine {
  name: string;
  itemWeight: number;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
  hsnCode: string | null;
  gstRate: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

const taxOf = (l: { cgstPaise: number; sgstPaise: number; igstPaise: number }) =>
  l.cgstPaise + l.sgstPaise + l.igstPaise;

/** The GST split stored with the order at checkout, when it is there and adds up to the total. */
function storedGst(order: InvoicedOrder, items: readonly InvoicedLine[]): OrderGst | null {
  if (!order.placeOfSupply || order.interState === null) return null;
  const shipping = (order.shippingTax as ShippingGst | null) ?? null;
  if (order.shippingPaise > 0 && !shipping) return null;
  const codFee = (order.codFeeTax as ShippingGst | null) ?? null;
  if (order.codFeePaise > 0 && !codFee) return null;
  const sum =
    items.reduce((a, i) => a + i.taxablePaise + taxOf(i), 0) +
    (shipping ? shipping.taxablePaise + taxOf(shipping) : 0) +
    (codFee ? codFee.taxablePaise + taxOf(codFee) : 0);
  if (sum !== order.totalPaise) return null;
  return {
    placeOfSupply: order.placeOfSupply as GstStateCode,
    interState: order.interState,
    lines: items.map((i) => ({
      hsnCode: i.hsnCode,
      gstRate: i.gstRate as OrderGst['lines'][number]['gstRate'],
      discountPaise: i.discountPaise,
      taxablePaise: i.taxablePaise,
      cgstPaise: i.cgstPaise,
      sgstPaise: i.sgstPaise,
      igstPaise: i.igstPaise,
    })),
    shipping,
    codFee,
  };
}

async function newDocumentRow(
  tx: DbOrTx,
  body: Omit<TaxDocument, 'number' | 'issuedAt' | 'financialYear'>,
  refs: { orderId: number; customerId: number; invoiceId: number | null },
  now: Date,
): Promise<InvoiceRow> {
  const series = body.kind === 'invoice' ? 'INV' : 'CRN';
  const financialYear = financialYearOf(now);
  // Last, so the counter row stays locked only until the commit that follows.
  const sequence = await takeNextSequence(tx, series, financialYear);
  const number = documentNumber(series, financialYear, sequence);
  const document: TaxDocument = { ...body, number, issuedAt: now.toISOString(), financialYear };
  return insertInvoice(tx, {
    kind: body.kind,
    number,
    series,
    financialYear,
    sequence,
    orderId: refs.orderId,
    customerId: refs.customerId,
    invoiceId: refs.invoiceId,
    issuedAt: now,
    taxablePaise: body.totals.taxablePaise,
    taxPaise: taxOf(body.totals),
    totalPaise: body.totals.amountPaise,
    document,
  });
}

/**
 * Issues the tax invoice of a confirmed order, inside the confirming transaction (the order row
 * is locked by it). Idempotent: an order has at most one invoice. Returns null, issuing nothing,
 * while the shop's registration settings are incomplete (confirming an order never fails for it):
 * saving valid settings then issues the waiting invoices, oldest confirmation first and dated that
 * day (orders' issuePendingInvoices); a download before that issues its own.
 */
export async function issueInvoice(
  tx: DbOrTx,
  order: InvoicedOrder,
  items: readonly InvoicedLine[],
  now: Date = new Date(),
): Promise<InvoiceRow | null> {
  const existing = await findInvoiceOfOrder(tx, order.id);
  if (existing) return existing;
  const registration = await shopRegistration(tx);
  if (!registration.ok) return null;
  const supplier = registration.registration;
  const address = order.shippingAddress as ShippingAddress & { state?: string | null };
  const gst =
    storedGst(order, items) ??
    orderGstFor(supplier.stateCode, {
      address,
      lines: items.map((i) => ({ grossPaise: i.lineTotalPaise, gstRate: i.gstRate, hsnCode: i.hsnCode })),
      discountPaise: order.discountPaise,
      shippingPaise: order.shippingPaise,
      codFeePaise: order.codFeePaise,
    });
  const source: InvoiceSource = {
    orderNumber: order.orderNumber,
    placedAt: order.createdAt,
    totalPaise: order.totalPaise,
    discountPaise: order.discountPaise,
    shippingPaise: order.shippingPaise,
    codFeePaise: order.codFeePaise,
    address,
    items,
    gst,
  };
  return newDocumentRow(
    tx,
    invoiceBody(source, supplier),
    { orderId: order.id, customerId: order.customerId, invoiceId: null },
    now,
  );
}

async function creditInvoice(
  tx: DbOrTx,
  orderId: number,
  amountFor: (invoice: InvoiceRow, creditedPaise: number) => number,
  reason: string,
  now: Date,
): Promise<InvoiceRow | null> {
  // Locking the invoice makes concurrent credit notes of one order (a cancellation and a refund
  // webhook) see each other, so together they never credit more than the invoice.
  const invoice = await findInvoiceOfOrder(tx, orderId, { forUpdate: true });
  if (!invoice) return null;
  const notes = await creditNotesOfInvoice(tx, invoice.id);
  const creditedPaise = notes.reduce((a, n) => a + n.totalPaise, 0);
  const amount = Math.min(amountFor(invoice, creditedPaise), invoice.totalPaise - creditedPaise);
  if (amount <= 0) return null;
  const original = invoice.document as TaxDocument;
  const lines = creditNoteLines(
    original,
    creditedPerLine(
      original,
      notes.map((n) => n.document as TaxDocument),
    ),
    amount,
  );
  const { number: _n, issuedAt: _i, financialYear: _f, ...parties } = original;
  return newDocumentRow(
    tx,
    {
      ...parties,
      kind: 'credit_note',
      lines,
      totals: totalsOf(lines),
      original: { number: original.number, issuedAt: original.issuedAt },
      reason,
    },
    { orderId, customerId: invoice.customerId, invoiceId: invoice.id },
    now,
  );
}

/**
 * An invoiced order was cancelled, or its goods came back: a credit note gives back whatever of
 * the invoice no earlier credit note has. Nothing when the order was never invoiced.
 */
export function creditRestOfInvoice(
  tx: DbOrTx,
  orderId: number,
  reason: string,
  now: Date = new Date(),
): Promise<InvoiceRow | null> {
  return creditInvoice(tx, orderId, (invoice, credited) => invoice.totalPaise - credited, reason, now);
}

/** A credit note's reason when the refund that brought it gave none. */
export const REFUND_CREDIT_REASON = 'Refund to the customer';

/**
 * Refunds of an order were processed: refunds first give back money captured beyond the order
 * (a second payment), and what they give back of the order itself is credited against its
 * invoice, so that the invoice minus its credit notes is what the customer paid for and kept.
 * `reason` is the processed refund's own (the customer reads the same words on the order).
 */
export function creditRefundedMoney(
  tx: DbOrTx,
  orderId: number,
  money: { capturedPaise: number; refundedPaise: number },
  reason: string = REFUND_CREDIT_REASON,
  now: Date = new Date(),
): Promise<InvoiceRow | null> {
  return creditInvoice(
    tx,
    orderId,
    (invoice, credited) => {
      const excess = Math.max(0, money.capturedPaise - invoice.totalPaise);
      const ofOrder = Math.min(invoice.totalPaise, Math.max(0, money.refundedPaise - excess));
      return ofOrder - credited;
    },
    reason.trim() || REFUND_CREDIT_REASON,
    now,
  );
}

export function invoiceOfOrder(db: DbOrTx, orderId: number): Promise<InvoiceRow | undefined> {
  return findInvoiceOfOrder(db, orderId);
}

const summaryOf = (row: InvoiceRow, path: string): OrderTaxDocument => ({
  number: row.number,
  issued_at: row.issuedAt.toISOString(),
  total: paiseToRupees(row.totalPaise),
  download_path: path,
});

/** Order details: the order's invoice and credit notes with their download paths, or null. */
export async function orderInvoiceSummary(db: DbOrTx, orderId: number): Promise<OrderInvoice | null> {
  const invoice = await findInvoiceOfOrder(db, orderId);
  if (!invoice) return null;
  const notes = await creditNotesOfInvoice(db, invoice.id);
  return {
    invoice: summaryOf(invoice, `orders/${orderId}/invoice`),
    credit_notes: notes.map((n) => summaryOf(n, `orders/${orderId}/credit_notes/${n.id}`)),
  };
}

const staffSummaryOf = (row: InvoiceRow, path: string): AdminTaxDocument => ({
  id: row.id,
  number: row.number,
  issued_at: row.issuedAt.toISOString(),
  total_paise: row.totalPaise,
  download_path: path,
});

/** Back-office order details: the invoice and credit notes with their admin download paths, or null. */
export async function staffOrderTaxDocuments(
  db: DbOrTx,
  orderId: number,
): Promise<{ invoice: AdminTaxDocument; credit_notes: AdminTaxDocument[] } | null> {
  const invoice = await findInvoiceOfOrder(db, orderId);
  if (!invoice) return null;
  const notes = await creditNotesOfInvoice(db, invoice.id);
  return {
    invoice: staffSummaryOf(invoice, `orders/${orderId}/invoice`),
    credit_notes: notes.map((n) => staffSummaryOf(n, `orders/${orderId}/credit_notes/${n.id}`)),
  };
}

/** A file name for a document: INV/2627/000001 → INV-2627-000001.pdf */
export const pdfFileName = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

/**
 * The PDF of an issued invoice or credit note, drawn from its stored document. The PDF code
 * (pdfkit, fontkit: ~1 s of CPU to load) is loaded on the first PDF, not at every start.
 */
export async function documentPdf(row: InvoiceRow): Promise<Buffer> {
  const { renderTaxDocumentPdf } = await import('./invoice-pdf.ts');
  return renderTaxDocumentPdf(row.document as TaxDocument);
}

export function creditNoteOfOrder(db: DbOrTx, orderId: number, id: number) {
  return findCreditNote(db, orderId, id);
}
