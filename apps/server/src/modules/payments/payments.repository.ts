import type { DbOrTx } from '@shop/db/client';
import { orders, paymentEvents, paymentGateways, payments } from '@shop/db/schema/index';
import { and, asc, between, countDistinct, desc, eq, inArray, ne } from 'drizzle-orm';

export type GatewayRow = typeof paymentGateways.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A payment row: created → pending → failed → paid → partially_refunded → refunded. */
export type PaymentStatusValue =
  | 'created'
  | 'pending'
  | 'paid'
  | 'failed'
  | 'partially_refunded'
  | 'refunded';

/** Payment states that mean the gateway took the money (some of it may have gone back). */
export const CAPTURED_STATES: ReadonlySet<string> = new Set(['paid', 'partially_refunded', 'refunded']);

export async function listActiveGateways(db: DbOrTx): Promise<GatewayRow[]> {
  return db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.isActive, true))
    .orderBy(asc(paymentGateways.displayOrder), asc(paymentGateways.id));
}

export async function findGateway(db: DbOrTx, internalName: string): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.internalName, internalName))
    .limit(1);
  return row;
}

/** Every configured gateway (active or not), in display order. */
export async function listAllGateways(db: DbOrTx): Promise<GatewayRow[]> {
  return db
    .select()
    .from(paymentGateways)
    .orderBy(asc(paymentGateways.displayOrder), asc(paymentGateways.id));
}

/** Locks a gateway's row for an edit. */
export async function lockGateway(db: DbOrTx, internalName: string): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.internalName, internalName))
    .for('update');
  return row;
}

export async function updateGatewayRow(
  db: DbOrTx,
  id: number,
  values: Partial<typeof paymentGateways.$inferInsert>,
): Promise<GatewayRow | undefined> {
  const [row] = await db.update(paymentGateways).set(values).where(eq(paymentGateways.id, id)).returning();
  return row;
}

/** An order's online payment attempts that have not been paid, newest first. */
export async function openGatewayPayments(db: DbOrTx, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        ne(payments.gateway, 'cod'),
        inArray(payments.status, ['created', 'pending', 'failed']),
      ),
    )
    .orderBy(desc(payments.id));
}

/**
 * Online payment attempts still open (never heard to be paid) whose order no longer waits for
 * payment (paid another way, cash on delivery, or cancelled), begun between `from` and `to`.
 */
export async function leftOpenPayments(db: DbOrTx, from: Date, to: Date, limit = 200): Promise<PaymentRow[]> {
  const rows = await db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        ne(payments.gateway, 'cod'),
        inArray(payments.status, ['created', 'pending', 'failed']),
        ne(orders.status, 'pending'),
        between(payments.createdAt, from, to),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
  return rows.map((r) => r.payment);
}

/** How many of these orders have a payment with this gateway (chosen, whatever its state). */
export async function countOrdersWithGateway(
  db: DbOrTx,
  orderIds: number[],
  gateway: string,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const [row] = await db
    .select({ n: countDistinct(payments.orderId) })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.gateway, gateway)));
  return Number(row?.n ?? 0);
}

/**
 * Withdraws an unconfirmed order's cash-on-delivery choice (its `cod` row still `created`: the
 * empty verify that confirms it has not come, and it never holds money): the shopper chose an
 * online gateway after it. Run it with the order locked and still pending, so that a confirmation
 * cannot lose its payment.
 */
export async function withdrawCodChoice(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .delete(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.gateway, 'cod'), eq(payments.status, 'created')));
}

/** The order's pending cash payment becomes paid (cash-collection.service.ts); rows changed, 0 or 1. */
export async function recordCashCollected(db: DbOrTx, orderId: number): Promise<number> {
  const changed = await db
    .update(payments)
    .set({ status: 'paid', updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), eq(payments.gateway, 'cod'), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return changed.length;
}

export async function insertPayment(db: DbOrTx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert failed');
  return row;
}

export async function latestPayment(
  db: DbOrTx,
  orderId: number,
  gateway?: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      gateway
        ? and(eq(payments.orderId, orderId), eq(payments.gateway, gateway))
        : eq(payments.orderId, orderId),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function findPaymentOfOrder(
  db: DbOrTx,
  orderId: number,
  gateway: string,
  gatewayOrderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.gateway, gateway),
        eq(payments.gatewayOrderId, gatewayOrderId),
      ),
    )
    .limit(1);
  return row;
}

export async function findPaymentByGatewayOrder(
  db: DbOrTx,
  gateway: string,
  gatewayOrderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayOrderId, gatewayOrderId)))
    .limit(1);
  return row;
}

export async function findPaymentById(db: DbOrTx, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

export async function lockPayment(db: DbOrTx, paymentId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

export async function updatePayment(
  db: DbOrTx,
  paymentId: number,
  values: Partial<typeof payments.$inferInsert>,
) {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}

/** Records a webhook event; false when this gateway already delivered that event id. */
export async function recordEvent(
  db: DbOrTx,
  event: { gateway: string; eventId: string; eventType: string; payload: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}
