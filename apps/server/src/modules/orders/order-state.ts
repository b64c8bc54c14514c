import {
  CUSTOMER_CANCELLABLE,
  ORDER_ACTION_TARGET,
  type OrderAction,
  type OrderActorKind,
  type OrderStatus,
  orderMessages,
  orderStatusLabels,
  type PaymentStatus,
} from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { queueOrderEventMails } from './order-mails.ts';
import { insertStatus, type OrderRow, updateOrder, writeOrderState } from './orders.repository.ts';

/**
 * The one place an order's status changes: the transition table (who may do what from which
 * status) and `transition`, which writes the new status, its timeline event and its mails in the
 * caller's transaction. Nothing else in the code writes `orders.status` (the column is a database
 * enum, so an unknown status cannot be written either).
 *
 * | action  | system (jobs, gateways)   | customer            | staff                       |
 * |---------|---------------------------|---------------------|-----------------------------|
 * | confirm | pending; cancelled¹       | —                   | pending (money taken offline)|
 * | pack    | —                         | —                   | confirmed                   |
 * | ship    | —                         | —                   | confirmed, packed           |
 * | deliver | shipped                   | —                   | shipped                     |
 * | cancel  | pending (payment too late)| pending, confirmed  | pending, confirmed, packed  |
 * | return  | —                         | —                   | shipped (refused), delivered|
 *
 * ¹ money arrived for an order the system cancelled and its stock could be taken again
 *   (order-lifecycle confirmCancelledOrderIfStockAllows); a customer's or staff's cancellation
 *   is never undone.
 *
 * What else happens is the callers' part where it needs another module's service after the
 * commit: stock and coupon use come back with a cancellation (order-lifecycle cancelOrder), the
 * money with a refund (order-cancellation, staff order actions).
 */
const ALLOWED: Record<OrderAction, Partial<Record<OrderActorKind, readonly OrderStatus[]>>> = {
  confirm: { system: ['pending', 'cancelled'], staff: ['pending'] },
  pack: { staff: ['confirmed'] },
  ship: { staff: ['confirmed', 'packed'] },
  deliver: { system: ['shipped'], staff: ['shipped'] },
  cancel: {
    system: ['pending'],
    // The storefront shows "Cancel order" from the same list.
    customer: CUSTOMER_CANCELLABLE,
    staff: ['pending', 'confirmed', 'packed'],
  },
  return: { staff: ['shipped', 'delivered'] },
};

const PAST: Record<OrderAction, string> = {
  confirm: 'confirmed',
  pack: 'packed',
  ship: 'shipped',
  deliver: 'marked delivered',
  cancel: 'cancelled',
  return: 'marked returned',
};

export type OrderActor =
  | { kind: 'system' }
  | { kind: 'customer'; customerId: number }
  | { kind: 'staff'; staffId: number };

export const SYSTEM: OrderActor = { kind: 'system' };

export type Decision = { allowed: true; to: OrderStatus } | { allowed: false; message: string };

/** The action that leads to a status (each action leads to exactly one). */
export function actionLeadingTo(to: OrderStatus): OrderAction | null {
  const found = (Object.entries(ORDER_ACTION_TARGET) as [OrderAction, OrderStatus][]).find(
    ([, target]) => target === to,
  );
  return found ? found[0] : null;
}

/**
 * Whether `actor` may take `action` on an order that is `from`, and the message when not. An
 * order whose money was refunded in full (`payment`) is not packed or shipped: the shop would
 * send goods it has paid back; cancelling it is what is left.
 */
export function decide(
  from: OrderStatus,
  action: OrderAction,
  actor: OrderActorKind,
  payment?: PaymentStatus,
): Decision {
  const to = ORDER_ACTION_TARGET[action];
  if (payment === 'Refunded' && (action === 'pack' || action === 'ship'))
    return { allowed: false, message: `${orderMessages.refundedInFull} It cannot be ${PAST[action]}.` };
  if (ALLOWED[action][actor]?.includes(from)) return { allowed: true, to };
  // Before the customer's own refusal: an order cancelled already is not "being packed".
  if (from === to)
    return { allowed: false, message: `This order is already ${orderStatusLabels[to].toLowerCase()}.` };
  if (actor === 'customer' && action === 'cancel')
    return {
      allowed: false,
      message:
        from === 'delivered' || from === 'returned'
          ? orderMessages.cannotCancelAfter(orderStatusLabels[from].toLowerCase())
          : orderMessages.cannotCancel,
    };
  if (!ALLOWED[action][actor])
    return {
      allowed: false,
      message: `Only the shop can ${action === 'cancel' ? 'cancel' : action} this order.`,
    };
  return {
    allowed: false,
    message: `This order is ${orderStatusLabels[from].toLowerCase()}: it cannot be ${PAST[action]}.`,
  };
}

/** The actions `actor` may take on an order that is `from` (the back office shows these buttons). */
export function allowedActions(
  from: OrderStatus,
  actor: OrderActorKind,
  payment?: PaymentStatus,
): OrderAction[] {
  return (Object.keys(ALLOWED) as OrderAction[]).filter(
    (action) => decide(from, action, actor, payment).allowed,
  );
}

/** A parcel handed to a carrier (required to ship). */
export interface Shipment {
  carrier: string;
  /** Null when the carrier has no tracking page and staff gave no number (the shop's own van). */
  trackingNumber: string | null;
  trackingUrl: string | null;
}

type OrderPatch = Pick<
  Parameters<typeof updateOrder>[2],
  'paymentStatus' | 'paymentGateway' | 'reservationExpiresAt'
>;

export interface TransitionOptions {
  /** Required when shipping. */
  shipment?: Shipment;
  /** Payment fields that change with the move (a confirmation by payment). */
  patch?: OrderPatch;
  /** The gateway's name for the confirmation mail ("via Razorpay"). */
  paidVia?: string;
}

/**
 * Moves a locked order to `to`, or throws a 409 with the table's message. Writes the status and
 * what belongs to it (cancelled_by, shipment, delivered time), one timeline event (who, when,
 * note in the customer's words) and the mails of the event, all in `tx`: a transition that is
 * retried after it happened finds the order already there and is refused, so each event and its
 * mails exist exactly once. Takes `ctx` only for the mails' links.
 */
export async function transition(
  ctx: AppContext,
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  actor: OrderActor,
  note: string,
  options: TransitionOptions = {},
): Promise<OrderRow> {
  const from = order.status as OrderStatus;
  const action = actionLeadingTo(to);
  if (!action) throw new AppError('conflict', `No action leads to ${to}.`);
  const decision = decide(from, action, actor.kind, order.paymentStatus as PaymentStatus);
  if (!decision.allowed) throw new AppError('conflict', decision.message);
  if (to === 'shipped' && !options.shipment)
    throw AppError.invalid('tracking_number', 'Please enter the carrier and the tracking number.');
  const now = new Date();
  const state = { status: to, cancelledBy: to === 'cancelled' ? actor.kind : null };
  const updated = await writeOrderState(tx, order.id, state, {
    ...options.patch,
    ...(to === 'confirmed' ? { reservationExpiresAt: null } : {}),
    ...(options.shipment
      ? {
          carrier: options.shipment.carrier,
          trackingNumber: options.shipment.trackingNumber,
          trackingUrl: options.shipment.trackingUrl,
          shippedAt: now,
        }
      : {}),
    ...(to === 'delivered' ? { deliveredAt: now } : {}),
  });
  await insertStatus(tx, order.id, {
    status: to,
    note: note.slice(0, 500),
    actor: actor.kind,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
  });
  await queueOrderEventMails(ctx, tx, {
    order: updated,
    from,
    to,
    actor: actor.kind,
    note,
    paidVia: options.paidVia,
  });
  return updated;
}

/**
 * A timeline note without a status change (a payment arrived for a confirmed order): the
 * payment fields of `patch` change, the status does not.
 */
export async function noteOnOrder(
  tx: DbOrTx,
  order: Pick<OrderRow, 'id' | 'status'>,
  note: string,
  patch: OrderPatch = {},
): Promise<void> {
  if (Object.keys(patch).length > 0) await updateOrder(tx, order.id, patch);
  await insertStatus(tx, order.id, {
    status: order.status as OrderStatus,
    note: note.slice(0, 500),
    actor: 'system',
    staffId: null,
  });
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
