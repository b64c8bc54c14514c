import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, paise, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { payments } from './payments.ts';

/**
 * Money given back to a customer. The row is written before the gateway is asked, so a crash
 * between the two leaves a refund the retry job finds, never money refunded without a record.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The captured payment refunded (for cash on delivery, the order's cash payment row). */
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    /** The same amount in the gateway currency's minor units (cents for PayPal). */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    reason: text('reason').notNull(),
    /** requested (recorded, gateway not yet asked) | pending | processed | failed */
    status: text('status').notNull().default('requested'),
    requestedBy: text('requested_by').notNull(),
    requestedById: integer('requested_by_id'),
    /** The caller's key: one refund per (payment, key) whatever the number of calls. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The key sent to the gateway; replaced only after the gateway said the refund failed. */
    gatewayKey: text('gateway_key').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    /** Calls to the gateway that ended in a failure. */
    attempts: integer('attempts').notNull().default(0),
    /** When the job next asks the gateway (retry or status poll); null when nothing is due. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx').on(t.nextAttemptAt),
    // The dashboard's refunds of a period.
    index('refunds_processed_idx').on(t.processedAt),
    uniqueIndex('refunds_payment_key_idx').on(t.paymentId, t.idempotencyKey),
    uniqueIndex('refunds_gateway_key_idx').on(t.gatewayKey),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_known', sql`${t.status} in ('requested', 'pending', 'processed', 'failed')`),
    check('refunds_requested_by_known', sql`${t.requestedBy} in ('system', 'customer', 'staff')`),
  ],
);

/**
 * How much of a payment's capture is taken by refunds. A refund adds its amount with a
 * conditional update in the transaction that inserts it; the CHECK makes an over-refund
 * impossible even for a writer that forgets the condition. Refunds that finally fail give their
 * amount back.
 */
export const refundBalances = pgTable(
  'refund_balances',
  {
    paymentId: integer('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    capturedPaise: paise('captured_paise').notNull(),
    refundedPaise: paise('refunded_paise').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'refund_balances_within_capture',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.capturedPaise}`,
    ),
  ],
);
