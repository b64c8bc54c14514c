import type { OrderStatus, PaymentStatus } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { type OrderRow, insertStatus, updateOrder } from './orders.repository.ts';

/**
 * The one place an order's status changes. Every move is checked against this table, written
 * with its history entry, and nothing else in the code updates `orders.status`.
 *
 * - pending → confirmed (payment captured, or cash on delivery chosen) or cancelled (reservation
 *   ran out, the customer cancelled);
 * - confirmed → shipped, or cancelled by the customer before packing;
 * - cancelled → confirmed only when money arrived late for an order the system cancelled and
 *   its stock could be taken again (a customer's own cancellation is never undone);
 * - shipped → delivered.
 */
const MOVES: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: ['confirmed'],
};

export type CancelledBy = 'system' | 'customer' | 'staff';

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return MOVES[from].includes(to);
}

type OrderPatch = Pick<
  Parameters<typeof updateOrder>[2],
  'paymentStatus' | 'paymentGateway' | 'reservationExpiresAt'
>;

/**
 * Moves a locked order to `to` (same status: only the patch and a history note), or throws a
 * 409 when the table above forbids it.
 */
export async function moveOrder(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status'>,
  to: OrderStatus,
  change: { note: string; cancelledBy?: CancelledBy; patch?: OrderPatch },
): Promise<void> {
  const from = order.status as OrderStatus;
  if (from !== to && !canMove(from, to))
    throw new AppError('conflict', `An order that is ${from} cannot become ${to}.`);
  await updateOrder(tx, order.id, {
    ...change.patch,
    status: to,
    cancelledBy: to === 'cancelled' ? (change.cancelledBy ?? 'system') : null,
  });
  await insertStatus(tx, order.id, to, change.note.slice(0, 500));
}

/**
 * The payment status an order shows, from the money its payments captured and the refunds the
 * gateways processed: what the shop keeps decides it. A second capture refunded in full leaves
 * the order Paid; a cancelled order's refunded capture makes it Refunded.
 */
export function paymentStatusOf(
  current: PaymentStatus,
  money: { totalPaise: number; capturedPaise: number; refundedPaise: number },
): PaymentStatus {
  if (money.refundedPaise <= 0) return current;
  const kept = money.capturedPaise - money.refundedPaise;
  if (kept <= 0) return 'Refunded';
  if (kept >= money.totalPaise) return 'Paid';
  return 'Partially Refunded';
}
