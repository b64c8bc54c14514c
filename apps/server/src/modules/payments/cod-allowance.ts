import { orderMessages } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { orders, payments } from '@shop/db/schema/index';
import { and, countDistinct, eq, gt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The customer's orders, other than `exceptOrderId`, for which cash on delivery was chosen since
 * `since` and that are not cancelled (a cancelled order holds no stock).
 */
export async function countRecentCodOrders(
  db: DbOrTx,
  customerId: number,
  since: Date,
  exceptOrderId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(payments.orderId) })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.customerId, customerId),
        ne(orders.id, exceptOrderId),
        ne(orders.status, 'cancelled'),
        eq(payments.gateway, 'cod'),
        gt(payments.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Stock hoarding guard: a cash-on-delivery order is confirmed at once and holds its stock until
 * it is delivered, so a customer may choose cash on delivery for at most ORDER_MAX_COD_PER_DAY
 * orders in any 24 hours; beyond that the choice is refused (422 on payment_gateway) and the
 * online gateways remain. Choosing it again for the same order is not another order.
 */
export async function ensureCodAllowance(
  ctx: AppContext,
  customerId: number,
  orderId: number,
): Promise<void> {
  const max = ctx.config.ORDER_MAX_COD_PER_DAY;
  const since = new Date(Date.now() - DAY_MS);
  if ((await countRecentCodOrders(ctx.db, customerId, since, orderId)) >= max)
    throw AppError.invalid('payment_gateway', orderMessages.tooManyCodOrders(max));
}
