import type { OrderStatus, PaymentStatus } from './orders.ts';

/** An order as far as its payment's label needs it. */
export interface PaymentOf {
  status: OrderStatus;
  payment_status: PaymentStatus;
}

/**
 * A cancelled order that took no money: its stored payment status stays 'Pending' (nothing
 * captured, as for a cash-on-delivery order before delivery), which would read as money still due.
 */
export const notCharged = (order: PaymentOf): boolean =>
  order.status === 'cancelled' && order.payment_status === 'Pending';

/** The label of a cancelled order's payment that took no money (also of its open attempts). */
export const NOT_CHARGED = 'Not charged';

/**
 * What people read for an order's payment, the storefront's customer and the back office's staff
 * alike: the payment status, except 'Not charged' for a cancelled order that took no money. The
 * API keeps the stored status (DESIGN §5 lists Pending, Paid, Failed); only the label differs.
 */
export const paymentLabel = (order: PaymentOf): string =>
  notCharged(order) ? NOT_CHARGED : order.payment_status;
