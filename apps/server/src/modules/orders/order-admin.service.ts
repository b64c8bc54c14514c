import type { AdminOrderDetail, AdminOrderRow } from '@shop/contract/admin/orders';
import { roleHasPermission, type StaffRole, staffMessages } from '@shop/contract/admin/staff';
import type { OrderAction } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { customers, orderNotes } from '@shop/db/schema/index';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { staffOrderTaxDocuments } from '../invoices/invoices.service.ts';
import { confirmRecordsPayment, paidByHand } from '../payments/cash-collection.service.ts';
import { listRefunds } from '../payments/refunds.service.ts';
import { orderPayments } from '../payments/staff-refunds.service.ts';
import { staffNamesById } from '../staff/staff-accounts.service.ts';
import { pageOfAdminOrders, toAdminOrderRow } from './order-admin-query.ts';
import { allowedActions } from './order-state.ts';
import { toShipment } from './order-view.ts';
import { findOrder, historyOfOrder, itemsOfOrders } from './orders.repository.ts';

/**
 * What each staff role may do to orders: the staff role packs and ships (and marks delivered);
 * confirming, cancelling, returns and refunds are for managers and the owner.
 */
const STAFF_ROLE_ACTIONS: readonly OrderAction[] = ['pack', 'ship', 'deliver'];

export function roleMayAct(role: StaffRole, action: OrderAction): boolean {
  return role !== 'staff' || STAFF_ROLE_ACTIONS.includes(action);
}

/** 403 unless the staff member's role covers the action (refunds have their own permission). */
export function assertRoleMayAct(role: StaffRole, action: OrderAction): void {
  if (!roleMayAct(role, action)) throw new AppError('forbidden', staffMessages.noPermission);
}

/** One order as the back office shows it: lines with taxes, payments, refunds, timeline, notes, actions. */
export async function adminOrderDetail(
  ctx: AppContext,
  orderId: number,
  role: StaffRole,
): Promise<AdminOrderDetail> {
  // One snapshot: payment status, payments, refunds and what is refundable agree even while a
  // refund's webhook lands.
  return ctx.db.transaction((tx) => detailIn(ctx, tx, orderId, role), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function detailIn(
  ctx: AppContext,
  db: DbOrTx,
  orderId: number,
  role: StaffRole,
): Promise<AdminOrderDetail> {
  const order = await findOrder(db, orderId);
  if (!order) throw AppError.notFound('Order not found.');
  const [customer] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  const [items, history, notes, payments, refunds, taxDocuments] = await Promise.all([
    itemsOfOrders(db, [orderId]),
    historyOfOrder(db, orderId),
    notesOfOrder(db, orderId),
    orderPayments(db, orderId),
    listRefunds(ctx, orderId, db),
    staffOrderTaxDocuments(db, orderId),
  ]);
  const staffIds = [...history.map((e) => e.staffId), ...notes.map((n) => n.staffId)];
  const names = await staffNamesById(
    db,
    staffIds.filter((id): id is number => id !== null),
  );
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const allowed = allowedActions(order.status, 'staff', order.paymentStatus).filter((a) =>
    roleMayAct(role, a),
  );
  return {
    ...toAdminOrderRow(order, customer?.email ?? null, items.length),
    subtotal_paise: order.subtotalPaise,
    discount_paise: order.discountPaise,
    shipping_paise: order.shippingPaise,
    cod_fee_paise: order.codFeePaise,
    customer_remarks: order.customerRemarks,
    shipping_address: order.shippingAddress as Record<string, unknown>,
    place_of_supply: order.placeOfSupply,
    cancelled_by: order.cancelledBy,
    shipment: toShipment(order),
    lines: items.map((i) => ({
      product_id: i.productId,
      name: i.name,
      quantity: i.quantity,
      unit_price_paise: i.unitPricePaise,
      line_total_paise: i.lineTotalPaise,
      hsn_code: i.hsnCode,
      gst_rate: i.gstRate,
      taxable_paise: i.taxablePaise,
      cgst_paise: i.cgstPaise,
      sgst_paise: i.sgstPaise,
      igst_paise: i.igstPaise,
    })),
    timeline: history.map((e) => ({
      status: e.status,
      note: e.note,
      actor: e.actor,
      staff_id: e.staffId,
      staff_name: nameOf(e.staffId),
      created_at: e.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      staff_id: n.staffId,
      staff_name: nameOf(n.staffId),
      created_at: n.createdAt.toISOString(),
    })),
    payments: payments.map((p) => ({
      id: p.id,
      gateway: p.gateway,
      status: p.status,
      amount_paise: p.amountPaise,
      gateway_payment_id: p.gatewayPaymentId,
      created_at: p.createdAt.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      id: r.id,
      payment_id: r.paymentId,
      gateway: r.gateway,
      amount_paise: r.amountPaise,
      reason: r.reason,
      status: r.status,
      reference: r.reference,
      requested_by: r.requestedBy,
      created_at: r.createdAt,
      processed_at: r.processedAt,
    })),
    refundable_paise: payments.reduce((sum, p) => sum + p.refundablePaise, 0),
    allowed_actions: allowed,
    may_refund: roleHasPermission(role, 'refunds'),
    refund_needs_reference: payments.some((p) => p.refundablePaise > 0 && paidByHand(p.gateway)),
    confirm_records_payment: allowed.includes('confirm') && (await confirmRecordsPayment(db, order)),
    tax_documents: taxDocuments,
  };
}

function notesOfOrder(db: DbOrTx, orderId: number) {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.id));
}

/** Adds a staff-only note to an order (never shown to the customer). */
export async function addOrderNote(tx: DbOrTx, orderId: number, staffId: number, body: string) {
  const order = await findOrder(tx, orderId);
  if (!order) throw AppError.notFound('Order not found.');
  const [row] = await tx.insert(orderNotes).values({ orderId, staffId, body }).returning();
  if (!row) throw new Error('note not written');
  return row;
}

/** A customer's newest orders as rows of the back office's order list (customer details). */
export async function newestOrdersOfCustomer(
  db: DbOrTx,
  customerId: number,
  limit: number,
): Promise<AdminOrderRow[]> {
  return (await pageOfAdminOrders(db, { customerId }, { offset: 0, perPage: limit }, [])).items;
}
