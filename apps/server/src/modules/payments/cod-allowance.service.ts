import { orderMessages } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { recentOrderIds } from '../orders/order-limits.service.ts';
import { countOrdersWithGateway } from './payments.repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Stock hoarding guard: a cash-on-delivery order is confirmed at once and holds its stock until
 * it is delivered, so of the orders a customer placed in the last 24 hours (cancelled ones hold
 * nothing and do not count) at most ORDER_MAX_COD_PER_DAY may be paid by cash on delivery. Beyond
 * that, choosing it is refused (422 on payment_gateway) and the online gateways remain. Choosing
 * it again for the same order is no new order. Run it in the transaction that records the choice,
 * after locking the customer (the cash-on-delivery provider does), so that choices made at the
 * same moment are counted one after another.
 */
export async function ensureCodAllowance(
  ctx: Pick<AppContext, 'config'>,
  tx: DbOrTx,
  customerId: number,
  orderId: number,
): Promise<void> {
  const max = ctx.config.ORDER_MAX_COD_PER_DAY;
  const others = await recentOrderIds(tx, customerId, new Date(Date.now() - DAY_MS), orderId);
  if ((await countOrdersWithGateway(tx, others, 'cod')) >= max)
    throw AppError.invalid('payment_gateway', orderMessages.tooManyCodOrders(max));
}
