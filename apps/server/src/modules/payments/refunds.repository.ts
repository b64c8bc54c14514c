import type { DbOrTx } from '@shop/db/client';
import { orders, payments, refundBalances, refunds } from '@shop/db/schema/index';
import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type RefundStatusValue = 'requested' | 'pending' | 'processed' | 'failed';

export async function findRefund(db: DbOrTx, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

export async function findRefundByKey(db: DbOrTx, paymentId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findRefundByGatewayId(db: DbOrTx, gateway: string, gatewayRefundId: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.gateway, gateway), eq(refunds.gatewayRefundId, gatewayRefundId)));
  return row;
}

export async function findRefundByGatewayKey(db: DbOrTx, gatewayKey: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.gatewayKey, gatewayKey));
  return row;
}

/**
 * Whether a payment, named by the gateway's payment (PayPal: capture) id, has a refund the shop
 * asked the gateway for whose answer — and with it the gateway's refund id — is not recorded yet.
 */
export async function hasUnansweredRefund(db: DbOrTx, gateway: string, gatewayPaymentId: string) {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.gateway, gateway),
        eq(payments.gatewayPaymentId, gatewayPaymentId),
        inArray(refunds.status, ['requested', 'pending']),
        isNull(refunds.gatewayRefundId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listOrderRefunds(db: DbOrTx, orderId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

export async function findPaymentOfOrder(db: DbOrTx, orderId: number, paymentId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)));
  return row;
}

/**
 * Takes `amountPaise` of the payment's capture for a refund; false when that would exceed the
 * capture. The conditional update serialises concurrent refunds on the balance row, and the
 * table's CHECK refuses an over-refund whatever the caller does.
 */
export async function reserveRefundAmount(
  db: DbOrTx,
  paymentId: number,
  capturedPaise: number,
  amountPaise: number,
): Promise<boolean> {
  await db.insert(refundBalances).values({ paymentId, capturedPaise }).onConflictDoNothing();
  const rows = await db
    .update(refundBalances)
    .set({ refundedPaise: sql`${refundBalances.refundedPaise} + ${amountPaise}`, updatedAt: new Date() })
    .where(
      and(
        eq(refundBalances.paymentId, paymentId),
        sql`${refundBalances.refundedPaise} + ${amountPaise} <= ${refundBalances.capturedPaise}`,
      ),
    )
    .returning({ paymentId: refundBalances.paymentId });
  return rows.length > 0;
}

/** Gives a finally failed refund's amount back to the payment's refundable balance. */
export async function releaseRefundAmount(db: DbOrTx, paymentId: number, amountPaise: number) {
  await db
    .update(refundBalances)
    .set({ refundedPaise: sql`${refundBalances.refundedPaise} - ${amountPaise}`, updatedAt: new Date() })
    .where(eq(refundBalances.paymentId, paymentId));
}

/** Processed refunds of an order's payments, in paise, by payment id. */
export async function processedRefundsOfOrder(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ paymentId: refunds.paymentId, paise: sql<string>`sum(${refunds.amountPaise})` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'processed')))
    .groupBy(refunds.paymentId);
  return new Map(rows.map((r) => [r.paymentId, Number(r.paise)]));
}

/** The payments of an order (all states). */
export async function paymentsOfOrder(db: DbOrTx, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId));
}

export async function setPaymentStatus(db: DbOrTx, paymentId: number, status: string) {
  await db.update(payments).set({ status, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

export async function refundedOfPayment(db: DbOrTx, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ refunded: refundBalances.refundedPaise })
    .from(refundBalances)
    .where(eq(refundBalances.paymentId, paymentId));
  return row?.refunded ?? 0;
}

export async function insertRefund(db: DbOrTx, values: NewRefund): Promise<RefundRow | undefined> {
  const [row] = await db
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: [refunds.paymentId, refunds.idempotencyKey] })
    .returning();
  return row;
}

/**
 * Moves a refund on, only from the states given: states never go back (a late 'pending' poll
 * after a 'processed' webhook changes nothing). Returns the row when it moved.
 */
export async function updateRefund(
  db: DbOrTx,
  id: number,
  from: RefundStatusValue[],
  values: Partial<NewRefund>,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(refunds.id, id), inArray(refunds.status, from)))
    .returning();
  return row;
}

/**
 * Claims refunds whose next gateway call is due; a claimed row's next attempt moves past the
 * lease, so another instance (SKIP LOCKED meanwhile) does not take it too.
 */
export async function claimDueRefunds(db: DbOrTx, now: Date, limit: number, leaseMs: number) {
  const due = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        isNotNull(refunds.nextAttemptAt),
        lte(refunds.nextAttemptAt, now),
        inArray(refunds.status, ['requested', 'pending', 'failed']),
      ),
    )
    .orderBy(refunds.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const ids = due.map((r) => r.id);
  await db
    .update(refunds)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(refunds.id, ids));
  return ids;
}

/** Gateway payments the shop created since a date, with their order's state and refund sums. */
export async function paymentsForReconciliation(db: DbOrTx, since: Date) {
  const rows = await db
    .select({
      payment: payments,
      orderStatus: orders.status,
      orderNumber: orders.orderNumber,
      /** The gateway whose payment settled the order (null while nothing has). */
      orderGateway: orders.paymentGateway,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(sql`${payments.createdAt} >= ${since}`, sql`${payments.gateway} <> 'cod'`))
    .orderBy(payments.id);
  const ids = rows.map((r) => r.payment.id);
  const refundRows =
    ids.length === 0 ? [] : await db.select().from(refunds).where(inArray(refunds.paymentId, ids));
  return rows.map((r) => ({
    ...r,
    refunds: refundRows.filter((x) => x.paymentId === r.payment.id),
  }));
}
