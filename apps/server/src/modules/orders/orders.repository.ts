import { isConfirmedOrLater, ORDER_STATUSES, type OrderStatus } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import {
  couponRedemptions,
  coupons,
  invoices,
  orderItems,
  orderStatusHistory,
  orders,
} from '@shop/db/schema/index';
import { and, asc, count, desc, eq, gt, inArray, isNull, like, lt, ne, sql } from 'drizzle-orm';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase())).limit(1);
  return row;
}

/** Redemptions of a coupon by a customer that still count (not returned by a cancelled order). */
export async function countActiveRedemptions(
  db: DbOrTx,
  couponId: number,
  customerId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.customerId, customerId),
        eq(couponRedemptions.status, 'active'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Counts one use when the total limit allows it; false when the coupon ran out meanwhile. */
export async function takeCouponUse(db: DbOrTx, couponId: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.usageLimitTotal} is null or ${coupons.usedCount} < ${coupons.usageLimitTotal})`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length === 1;
}

export async function insertRedemption(db: DbOrTx, couponId: number, customerId: number, orderId: number) {
  await db.insert(couponRedemptions).values({ couponId, customerId, orderId });
}

/**
 * Moves an order's coupon use between active and returned, exactly once (only a redemption in
 * `from` flips), and the coupon's used count with it.
 */
async function moveCouponUse(db: DbOrTx, orderId: number, from: 'active' | 'returned') {
  const moved = await db
    .update(couponRedemptions)
    .set({ status: from === 'active' ? 'returned' : 'active' })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, from)))
    .returning({ couponId: couponRedemptions.couponId });
  const usedCount =
    from === 'active' ? sql`greatest(${coupons.usedCount} - 1, 0)` : sql`${coupons.usedCount} + 1`;
  for (const r of moved) await db.update(coupons).set({ usedCount }).where(eq(coupons.id, r.couponId));
}

/** Returns an order's coupon use exactly once (the redemption flips from active to returned). */
export function returnCouponUse(db: DbOrTx, orderId: number) {
  return moveCouponUse(db, orderId, 'active');
}

/**
 * Takes an order's returned coupon use again (`returnCouponUse` undone): the order came back
 * paid, with the discount. Not checked against the coupon's limits — the shopper already paid the
 * discounted total — but counted, so the per-customer and total limits see the use again.
 */
export function retakeCouponUse(db: DbOrTx, orderId: number) {
  return moveCouponUse(db, orderId, 'returned');
}

/** The next order id, taken before the insert so that the order number can be derived from it. */
export async function nextOrderId(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ id: number | string }>(
    sql`select nextval(pg_get_serial_sequence('orders', 'id')) as id`,
  );
  const rows = (result as unknown as { rows: { id: number | string }[] }).rows;
  const id = Number(rows[0]?.id);
  if (!Number.isSafeInteger(id)) throw new Error('could not allocate an order id');
  return id;
}

/** A new order: always pending, never cancelled (what comes after is order-state.ts's). */
export async function insertOrder(
  db: DbOrTx,
  values: typeof orders.$inferInsert & { status?: 'pending'; cancelledBy?: null },
): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export async function insertOrderItems(
  db: DbOrTx,
  values: (typeof orderItems.$inferInsert)[],
): Promise<OrderItemRow[]> {
  if (values.length === 0) return [];
  return db.insert(orderItems).values(values).returning();
}

/** Appends one event to an order's timeline (order-state.ts is its only writer). */
export async function insertStatus(
  db: DbOrTx,
  orderId: number,
  event: Pick<typeof orderStatusHistory.$inferInsert, 'status' | 'note' | 'actor' | 'staffId'>,
) {
  await db.insert(orderStatusHistory).values({ orderId, ...event });
}

export async function findOrderByKey(db: DbOrTx, customerId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/**
 * The customer's newest still-pending order placed from the same cart (its key starts with
 * `keyPrefix`) since `since`: a retried checkout without an Idempotency-Key returns it.
 */
export async function findRecentPendingOrderByKeyPrefix(
  db: DbOrTx,
  customerId: number,
  keyPrefix: string,
  since: Date,
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        like(orders.idempotencyKey, `${keyPrefix}%`),
        eq(orders.status, 'pending'),
        eq(orders.paymentStatus, 'Pending'),
        gt(orders.createdAt, since),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row;
}

/**
 * How many of the customer's orders hold stock while waiting for a payment: pending, unpaid, not
 * released and with a reservation that has not run out yet (an expired one is released by the
 * expiry job and no longer counts).
 */
export async function countRunningReservations(db: DbOrTx, customerId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), runningReservation(now)));
  return Number(row?.n ?? 0);
}

/** Ids of the customer's orders placed since `since` that are not cancelled. */
export async function findCustomerOrderIdsSince(
  db: DbOrTx,
  customerId: number,
  since: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.customerId, customerId), gt(orders.createdAt, since), ne(orders.status, 'cancelled')),
    );
  return rows.map((r) => r.id);
}

export async function findOrder(db: DbOrTx, orderId: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The customer's order by numeric id or public order number (others' are not found). Order
 * numbers are stored upper-case (KFL-2026-000123); a number typed in lower case is the same order.
 */
export async function findOwnedOrderByRef(db: DbOrTx, customerId: number, ref: number | string) {
  const byId = typeof ref === 'number' || /^\d+$/.test(ref);
  const where = byId ? eq(orders.id, Number(ref)) : eq(orders.orderNumber, String(ref).toUpperCase());
  const [row] = await db
    .select()
    .from(orders)
    .where(and(where, eq(orders.customerId, customerId)))
    .limit(1);
  return row;
}

export async function findOwnedOrder(db: DbOrTx, customerId: number, orderId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1);
  return row;
}

export async function itemsOfOrders(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function historyOfOrder(db: DbOrTx, orderId: number): Promise<StatusHistoryRow[]> {
  return db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

export async function pageOfCustomerOrders(
  db: DbOrTx,
  customerId: number,
  page: { offset: number; perPage: number },
  sort: { field: 'id' | 'created_at' | 'total_amount'; direction: 'asc' | 'desc' }[],
  statuses: OrderRow['status'][] = [],
) {
  const column = { id: orders.id, created_at: orders.createdAt, total_amount: orders.totalPaise };
  const orderBy = sort.map((s) => (s.direction === 'desc' ? desc(column[s.field]) : asc(column[s.field])));
  const where = and(
    eq(orders.customerId, customerId),
    statuses.length > 0 ? inArray(orders.status, statuses) : undefined,
  );
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(...orderBy, desc(orders.id))
    .limit(page.perPage)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Marks an order's stock as released. The conditional update is the guard that makes releasing
 * happen exactly once, whoever (expiry job, failed payment) gets there first.
 */
export async function markStockReleased(db: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ stockReleasedAt: sql`now()`, reservationExpiresAt: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  return rows.length === 1;
}

/**
 * An order's columns other than where it is in its life. `status` and `cancelled_by` are
 * written only by order-state.ts (writeOrderState), where the transition table decides them;
 * `never` makes any other caller that passes them fail to compile.
 */
export type OrderUpdate = Omit<Partial<typeof orders.$inferInsert>, 'id' | 'status' | 'cancelledBy'> & {
  status?: never;
  cancelledBy?: never;
};

/** Where an order is: the status and, for a cancelled order, who cancelled it. */
export interface OrderState {
  status: OrderStatus;
  cancelledBy: OrderRow['cancelledBy'];
}

async function writeOrder(
  db: DbOrTx,
  orderId: number,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  if (!row) throw new Error(`order ${orderId} vanished while it was locked`);
  return row;
}

/** Updates an order's columns other than its status and returns it as it is now. */
export function updateOrder(db: DbOrTx, orderId: number, values: OrderUpdate): Promise<OrderRow> {
  return writeOrder(db, orderId, values);
}

/**
 * Moves an order to `state` with the columns that change with it. Only order-state.ts's
 * transition calls it (order-state.test.ts checks that no other file does).
 */
export function writeOrderState(
  db: DbOrTx,
  orderId: number,
  state: OrderState,
  values: OrderUpdate = {},
): Promise<OrderRow> {
  return writeOrder(db, orderId, { ...values, status: state.status, cancelledBy: state.cancelledBy });
}

/** Clears stock_released_at once an order's stock was taken again, so a later release gives it back. */
export async function markStockRetaken(db: DbOrTx, orderId: number) {
  await db.update(orders).set({ stockReleasedAt: null, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/** Unpaid pending orders whose stock is still held. */
const heldUnpaid = () =>
  and(eq(orders.status, 'pending'), eq(orders.paymentStatus, 'Pending'), isNull(orders.stockReleasedAt));

/** Unpaid pending orders whose reservation has run out and whose stock is still held. */
const expiredReservation = (now: Date) => and(heldUnpaid(), lt(orders.reservationExpiresAt, now));

/** Unpaid pending orders whose reservation is still running. */
const runningReservation = (now: Date) => and(heldUnpaid(), gt(orders.reservationExpiresAt, now));

/** Expired reservations, not locked (the gateway check that comes first locks each order as it settles). */
export async function findExpiredReservations(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(expiredReservation(now))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Expired reservations, locked for this worker only (other instances skip them). */
export async function claimExpiredReservations(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(expiredReservation(now))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Orders confirmed (and not cancelled since) that have no tax invoice, oldest confirmation first:
 * the invoices that waited for the shop's registration settings. The one read of the invoices
 * table outside its module, an anti-join on its order index, so that a large shop is not scanned.
 */
export function confirmedOrdersWithoutInvoice(db: DbOrTx, limit: number): Promise<{ id: number }[]> {
  const confirmedAt = sql`(select min(h.created_at) from ${orderStatusHistory} h where h.order_id = ${orders.id} and h.status = 'confirmed')`;
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ORDER_STATUSES.filter(isConfirmedOrLater)),
        sql`not exists (select 1 from ${invoices} i where i.order_id = ${orders.id} and i.kind = 'invoice')`,
      ),
    )
    .orderBy(sql`${confirmedAt} asc nulls last`, asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}
