import { orderMessages } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { countRunningReservations, findCustomerOrderIdsSince } from './orders.repository.ts';

/**
 * Stock hoarding guard at checkout: every unpaid order holds its stock for
 * ORDER_RESERVATION_MINUTES, so a customer may have at most ORDER_MAX_UNPAID of them at a time;
 * the next checkout is refused (422) until one is paid, cancelled or released. Call it under the
 * customer's row lock, so that concurrent checkouts cannot pass the cap together.
 */
export async function ensureUnpaidOrderAllowance(
  ctx: AppContext,
  tx: DbOrTx,
  customerId: number,
): Promise<void> {
  const max = ctx.config.ORDER_MAX_UNPAID;
  if ((await countRunningReservations(tx, customerId, new Date())) >= max)
    throw AppError.invalid(
      'customer',
      orderMessages.tooManyUnpaidOrders(max, ctx.config.ORDER_RESERVATION_MINUTES),
    );
}

/** Ids of the customer's orders placed since `since`, other than `exceptOrderId`, not cancelled. */
export async function recentOrderIds(
  db: DbOrTx,
  customerId: number,
  since: Date,
  exceptOrderId: number,
): Promise<number[]> {
  return (await findCustomerOrderIdsSince(db, customerId, since)).filter((id) => id !== exceptOrderId);
}
