import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, jsonbWithSealedKeys, sealedText, updatedAt } from './columns.ts';
import { orders } from './orders.ts';

/** Entries of a gateway's `config` that are secrets, stored sealed. */
export const GATEWAY_SEALED_CONFIG_KEYS = ['webhook_secret'] as const;

/**
 * Configured gateways. api_key is public (it reaches the browser); api_secret and the
 * secrets in `config` never do.
 */
export const paymentGateways = pgTable('payment_gateways', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** cod | razorpay | paytm | paypal */
  internalName: text('internal_name').notNull().unique(),
  /** 'live' or a test environment name ('sandbox', 'stage') */
  environment: text('environment').notNull().default('sandbox'),
  apiKey: text('api_key').notNull().default(''),
  /** Key secret / merchant key / client secret, stored sealed ('' when not set). */
  apiSecret: sealedText('api_secret').notNull().default(''),
  /**
   * Gateway-specific settings: merchant id, website name, webhook secret, base URLs, currency
   * rate… The webhook signing secret is stored sealed; the rest is not secret.
   */
  config: jsonbWithSealedKeys('config', GATEWAY_SEALED_CONFIG_KEYS).notNull().default({}),
  logo: text('logo').notNull().default(''),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  displayOrder: integer('display_order').notNull().default(0),
});

/** One row per gateway transaction attempt for an order. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** Amount asked of the gateway, in the gateway currency's minor units. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** Conversion rate used (1 for INR; e.g. 0.012 INR→USD for PayPal). */
    currencyValue: text('currency_value').notNull().default('1'),
    /** created | pending | paid | failed */
    status: text('status').notNull().default('created'),
    errorMessage: text('error_message'),
    raw: jsonb('raw'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_gateway_order_idx').on(t.gateway, t.gatewayOrderId),
  ],
);

/** Processed gateway webhook events, for de-duplication. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull().default(''),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_idx').on(t.gateway, t.eventId)],
);
