import type { DbOrTx } from '@shop/db/client';
import { invoiceCounters, invoices } from '@shop/db/schema/index';
import { and, asc, eq, sql } from 'drizzle-orm';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Takes the next number of a series in a financial year: one statement that creates the year's
 * counter or adds one to it. The row stays locked until the transaction ends, so concurrent
 * issuers (on any instance) take numbers one after another, and a rollback gives the number back.
 */
export async function takeNextSequence(db: DbOrTx, series: string, financialYear: string): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.series, invoiceCounters.financialYear],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ sequence: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter not updated');
  return row.sequence;
}

export async function insertInvoice(db: DbOrTx, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice insert failed');
  return row;
}

/** The tax invoice of an order; `forUpdate` serialises credit notes of the same invoice. */
export async function findInvoiceOfOrder(
  db: DbOrTx,
  orderId: number,
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

export function creditNotesOfInvoice(db: DbOrTx, invoiceId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.invoiceId, invoiceId), eq(invoices.kind, 'credit_note')))
    .orderBy(asc(invoices.id));
}

export async function findCreditNote(
  db: DbOrTx,
  orderId: number,
  id: number,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')))
    .limit(1);
  return row;
}
