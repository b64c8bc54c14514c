import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, paise, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { products } from './catalogue.ts';

/**
 * Order and payment statuses as database enums: a status the code does not know cannot be
 * written. The values mirror the contract's ORDER_STATUSES and PAYMENT_STATUSES (a test checks).
 */
export const orderStatus = pgEnum('order_status', [
  'pending',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
]);
export const paymentStatus = pgEnum('payment_status', [
  'Pending',
  'Paid',
  'Partially Refunded',
  'Refunded',
  'Failed',
]);
/** Who moved an order: system (jobs, gateways), customer or staff. */
export const orderActor = pgEnum('order_actor', ['system', 'customer', 'staff']);

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  /** Stored upper-cased. */
  code: text('code').notNull().unique(),
  description: text('description').notNull().default(''),
  /** 'percent' | 'flat' */
  discountType: text('discount_type').notNull(),
  /** Whole percent for 'percent', paise for 'flat'. */
  discountValue: integer('discount_value').notNull(),
  minCartPaise: paise('min_cart_paise').notNull().default(0),
  maxDiscountPaise: paise('max_discount_paise'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  usageLimitTotal: integer('usage_limit_total'),
  usageLimitPerCustomer: integer('usage_limit_per_customer'),
  usedCount: integer('used_count').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Public order number shown to the shopper (the product's order_id). */
    orderNumber: text('order_number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Moved only by the server's orders/order-state.ts. */
    status: orderStatus('status').notNull().default('pending'),
    /** What the shop kept of the money (see order-state.ts paymentStatusOf). */
    paymentStatus: paymentStatus('payment_status').notNull().default('Pending'),
    paymentGateway: text('payment_gateway'),
    subtotalPaise: paise('subtotal_paise').notNull(),
    discountPaise: paise('discount_paise').notNull().default(0),
    /** The delivery charge of the address's zone (0 when the goods reach its free-delivery threshold). */
    shippingPaise: paise('shipping_paise').notNull().default(0),
    /** The zone's cash-on-delivery fee, added when the shopper chooses to pay at the door. */
    codFeePaise: paise('cod_fee_paise').notNull().default(0),
    /** Expected days from placing to delivery, as the zone promised at checkout. */
    deliveryEtaDays: integer('delivery_eta_days'),
    totalPaise: paise('total_paise').notNull(),
    currencyCode: text('currency_code').notNull().default('INR'),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    customerRemarks: text('customer_remarks').notNull().default(''),
    /** Snapshot of the delivery address at checkout time. */
    shippingAddress: jsonb('shipping_address').notNull(),
    addressId: integer('address_id'),
    idempotencyKey: text('idempotency_key'),
    /**
     * SHA-256 of the checkout request that first used the key (its items, address, coupon and
     * remarks): the same key sent with another request is refused instead of answered.
     */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** Until when reserved stock is held for an unpaid gateway order. */
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /**
     * Who cancelled the order: system (reservation ran out), customer or staff; null if not
     * cancelled. Typed with order_actor's values; a text column still, as it was.
     */
    cancelledBy: text('cancelled_by').$type<(typeof orderActor.enumValues)[number]>(),
    /**
     * GST place of supply: the state code of the delivery address, decided at checkout. Equal to
     * the shop's state → CGST + SGST on every line, otherwise IGST. Null on orders placed before
     * the tax split was stored.
     */
    placeOfSupply: text('place_of_supply'),
    interState: boolean('inter_state'),
    /** The GST inside a delivery charge (`{ ratePercent, sac, taxablePaise, cgstPaise, sgstPaise, igstPaise }`), when there is one. */
    shippingTax: jsonb('shipping_tax'),
    /** The GST inside the cash-on-delivery fee (same shape as shippingTax), when there is one. */
    codFeeTax: jsonb('cod_fee_tax'),
    /** The shipment, set when the order is shipped: carrier name, tracking number and page. */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    index('orders_customer_idx').on(t.customerId, t.id),
    uniqueIndex('orders_idempotency_idx').on(t.customerId, t.idempotencyKey),
    index('orders_reservation_idx').on(t.reservationExpiresAt),
    index('orders_status_idx').on(t.status, t.id),
    // The back office's order list filters (order-admin-query.ts).
    index('orders_created_idx').on(t.createdAt),
    index('orders_gateway_idx').on(t.paymentGateway, t.id),
    index('orders_payment_status_idx').on(t.paymentStatus, t.id),
    index('orders_coupon_idx').on(t.couponCode),
    index('orders_pincode_idx').on(sql`(${t.shippingAddress}->>'pin_code')`),
    index('orders_mobile_idx').on(sql`(${t.shippingAddress}->>'mobile_number')`),
    // The order list's search by part of an order number and its sort by total.
    index('orders_number_trgm_idx').using('gin', t.orderNumber.op('gin_trgm_ops')),
    index('orders_total_idx').on(t.totalPaise, t.id),
    // The dashboard's sales of a period, read from the index alone (dashboard.service.ts).
    index('orders_sales_idx').on(
      t.createdAt,
      t.paymentGateway,
      t.paymentStatus,
      t.status,
      t.totalPaise,
      t.id,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    itemWeight: integer('item_weight').notNull(),
    image: text('image'),
    unitPricePaise: paise('unit_price_paise').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalPaise: paise('line_total_paise').notNull(),
    /**
     * The GST split of the line as placed: the line's share of the order discount, its taxable
     * value and tax, so that the lines of an order add up to its total to the paisa.
     */
    hsnCode: text('hsn_code'),
    gstRate: integer('gst_rate').notNull().default(0),
    discountPaise: paise('discount_paise').notNull().default(0),
    taxablePaise: paise('taxable_paise').notNull().default(0),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The dashboard's top products, read from the index alone.
    index('order_items_sales_idx').on(t.orderId, t.productId, t.quantity, t.lineTotalPaise),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatus('status').notNull(),
    /** In the customer's words: the timeline on order details shows it. */
    note: text('note').notNull().default(''),
    actor: orderActor('actor').notNull().default('system'),
    /** The staff member who made the change (actor staff); the audit log has the details. */
    staffId: integer('staff_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'active' | 'returned' */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.customerId),
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
  ],
);

/**
 * Staff's internal notes on an order ("customer called, deliver after 6 pm"): never shown to the
 * customer, kept with who wrote them.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId)],
);
