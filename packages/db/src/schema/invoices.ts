import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { customers } from './customers.ts';
import { paise } from './columns.ts';
import { orders } from './orders.ts';

/**
 * The last number given in each document series and financial year (April–March). Numbers are
 * taken by an update of this row inside the transaction that issues the document: a rolled-back
 * issue gives its number back, and concurrent issues (on any instance) queue on the row, so the
 * numbers of a year are consecutive, without gaps or repeats.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    /** 'INV' (tax invoices) or 'CRN' (credit notes). */
    series: text('series').notNull(),
    /** Financial year as "2026-27". */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * Tax invoices and credit notes. `document` is the whole document as issued (supplier, recipient,
 * lines, totals), so a later change of settings, prices or products never changes an issued one;
 * the PDF is drawn from it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** 'invoice' | 'credit_note' */
    kind: text('kind').notNull(),
    /** e.g. INV/2627/000001 (at most 16 characters: letters, digits, '/'). */
    number: text('number').notNull(),
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** For a credit note: the invoice it reduces. */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    taxPaise: paise('tax_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    document: jsonb('document').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_sequence_idx').on(t.series, t.financialYear, t.sequence),
    uniqueIndex('invoices_one_per_order_idx').on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index('invoices_order_idx').on(t.orderId, t.id),
  ],
);
