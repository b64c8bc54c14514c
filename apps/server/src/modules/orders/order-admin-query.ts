import type { AdminOrderRow } from '@shop/contract/admin/orders';
import type { OrderStatus, PaymentStatus } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { customers, orderItems, orders } from '@shop/db/schema/index';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { queryTimeOf, timeFilterMessages } from '../../http/query-time.ts';

/** The back office's order list filters, as parsed from the query string. */
export interface AdminOrderFilter {
  statuses?: OrderStatus[];
  paymentStatuses?: PaymentStatus[];
  method?: string | undefined;
  /** Inclusive day (`2026-11-01`) or time, in India's time when only a day is given. */
  from?: string | undefined;
  to?: string | undefined;
  /**
   * Six digits: that pincode; fewer: every pincode that starts so (India Post's first digit is the
   * region, the first three the sorting district), so an operator can see a city's orders.
   */
  pincode?: string | undefined;
  coupon?: string | undefined;
  /** An order number (KFL-2026-000123 or part of it), a customer's e-mail or a mobile number. */
  q?: string | undefined;
  /** One customer's orders (customer details in the back office). */
  customerId?: number | undefined;
}

/** A day (`2026-11-25`, whole day in India's time) or an ISO time; 400 when it is neither. */
function timeOf(value: string, endOfDay: boolean): Date {
  const at = queryTimeOf(value, '+05:30', endOfDay);
  if (!at) throw new AppError('bad-request', timeFilterMessages.badDate);
  return at;
}

const mobileOf = sql<string>`(${orders.shippingAddress}->>'mobile_number')`;
const pincodeOf = sql<string>`(${orders.shippingAddress}->>'pin_code')`;

/**
 * A pincode or its first digits (`AdminOrderFilter.pincode`); 400 for anything but digits. A prefix
 * is a range of the pincode index: every pincode is six digits, so those starting with 56 lie from
 * 56 up to (not including) 57.
 */
function pincodeTerm(value: string): SQL {
  const digits = value.trim();
  if (!/^\d{1,6}$/.test(digits))
    throw new AppError('bad-request', 'A pincode is digits only: all six, or its first digits.');
  if (digits.length === 6) return sql`${pincodeOf} = ${digits}`;
  const next = String(Number(digits) + 1).padStart(digits.length, '0');
  return next.length > digits.length
    ? sql`${pincodeOf} >= ${digits}`
    : sql`${pincodeOf} >= ${digits} AND ${pincodeOf} < ${next}`;
}

/**
 * The WHERE of a filter. Every branch has an index (status, payment gateway, created_at, coupon,
 * the address's pincode and mobile, the customer's e-mail), so the list stays fast on 100,000+
 * orders.
 */
function whereOf(filter: AdminOrderFilter): SQL | undefined {
  const terms: (SQL | undefined)[] = [];
  if (filter.statuses?.length) terms.push(inArray(orders.status, filter.statuses));
  if (filter.paymentStatuses?.length) terms.push(inArray(orders.paymentStatus, filter.paymentStatuses));
  if (filter.customerId) terms.push(eq(orders.customerId, filter.customerId));
  if (filter.method) terms.push(eq(orders.paymentGateway, filter.method));
  const from = filter.from ? timeOf(filter.from, false) : undefined;
  const to = filter.to ? timeOf(filter.to, true) : undefined;
  // As in the audit log: a range that ends before it starts is a mistake to say, not an empty list.
  if (from && to && from >= to) throw new AppError('bad-request', timeFilterMessages.badRange);
  if (from) terms.push(gte(orders.createdAt, from));
  if (to) terms.push(lt(orders.createdAt, to));
  if (filter.pincode) terms.push(pincodeTerm(filter.pincode));
  if (filter.coupon) terms.push(eq(orders.couponCode, filter.coupon.trim().toUpperCase()));
  const q = filter.q?.trim();
  if (q) {
    if (q.includes('@')) {
      terms.push(
        inArray(
          orders.customerId,
          sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${q.toLowerCase()})`,
        ),
      );
    } else if (/^\+?\d[\d\s-]{5,}$/.test(q)) {
      const digits = q.replace(/\D/g, '').slice(-10);
      terms.push(sql`(${mobileOf} = ${digits} OR ${orders.orderNumber} LIKE ${`%${digits}`})`);
    } else {
      // LIKE's wildcards typed in the box are the characters themselves (backslash is LIKE's escape).
      terms.push(sql`${orders.orderNumber} LIKE ${`%${q.toUpperCase().replace(/[%_\\]/g, '\\$&')}%`}`);
    }
  }
  const present = terms.filter((t): t is SQL => t !== undefined);
  return present.length ? and(...present) : undefined;
}

export type AdminOrderSort = { field: 'created_at' | 'total'; direction: 'asc' | 'desc' };

/** One page of orders for the back office, newest first unless sorted otherwise. */
export async function pageOfAdminOrders(
  db: DbOrTx,
  filter: AdminOrderFilter,
  page: { offset: number; perPage: number },
  sort: AdminOrderSort[],
): Promise<{ items: AdminOrderRow[]; total: number }> {
  const where = whereOf(filter);
  const column = { created_at: orders.id, total: orders.totalPaise };
  const orderBy = sort.map((s) => (s.direction === 'desc' ? desc(column[s.field]) : asc(column[s.field])));
  const rows = await db
    .select({
      order: orders,
      email: customers.email,
      items: sql<number>`(SELECT count(*)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .orderBy(...orderBy, desc(orders.id))
    .limit(page.perPage)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return {
    items: rows.map(({ order, email, items }) => toAdminOrderRow(order, email, Number(items))),
    total: Number(total?.n ?? 0),
  };
}

type OrderRow = typeof orders.$inferSelect;

export function toAdminOrderRow(order: OrderRow, email: string | null, itemCount: number): AdminOrderRow {
  const address = order.shippingAddress as Record<string, unknown>;
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');
  return {
    id: order.id,
    order_id: order.orderNumber,
    created_at: order.createdAt.toISOString(),
    status: order.status,
    payment_status: order.paymentStatus,
    payment_gateway: order.paymentGateway,
    total_paise: order.totalPaise,
    customer_id: order.customerId,
    customer_email: email,
    contact_person: text('contact_person'),
    mobile_number: text('mobile_number'),
    pincode: text('pin_code'),
    city: text('city'),
    coupon_code: order.couponCode,
    item_count: itemCount,
  };
}
