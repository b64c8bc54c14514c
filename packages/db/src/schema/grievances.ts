import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Complaints to the shop's grievance officer, from guests and customers alike. The ticket number
 * is what the complainant tracks it by; only the e-mail address it was filed with opens it.
 */
export const grievances = pgTable(
  'grievances',
  {
    id: serial('id').primaryKey(),
    /** GRV-{year}-{number within the year}, e.g. GRV-2026-000123. */
    ticketNumber: text('ticket_number').notNull(),
    /** The logged-in customer who filed it; null for a guest. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    emailAddress: text('email_address').notNull(),
    contactNumber: text('contact_number').notNull(),
    /** order | delivery | return_refund | product_quality | payment | other */
    category: text('category').notNull(),
    orderNumber: text('order_number'),
    description: text('description').notNull(),
    /** open | in_progress | resolved */
    status: text('status').notNull().default('open'),
    resolution: text('resolution'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('grievances_ticket_idx').on(t.ticketNumber),
    index('grievances_status_idx').on(t.status, t.createdAt),
    index('grievances_customer_idx').on(t.customerId),
    check('grievances_status_known', sql`${t.status} in ('open', 'in_progress', 'resolved')`),
  ],
);

/**
 * The last ticket number given out in each year. Taking a number is one conditional upsert in
 * the transaction that stores the grievance, so concurrent complaints (and several instances)
 * get distinct, consecutive numbers, and a rolled-back complaint gives its number back.
 */
export const grievanceTicketCounters = pgTable('grievance_ticket_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
