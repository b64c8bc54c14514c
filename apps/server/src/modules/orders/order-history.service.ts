import type { Order, OrderStatus } from '@shop/contract/orders';
import type { Db } from '@shop/db/client';
import type { PageRequest, SortTerm } from '../../http/collection.ts';
import { toOrder } from './order-view.ts';
import { itemsOfOrders, pageOfCustomerOrders } from './orders.repository.ts';

/**
 * One page of a customer's own orders, each with its items (the history cards and Re-Order use
 * them); `statuses` (none: all) narrows it to those statuses.
 */
export async function listCustomerOrders(
  db: Db,
  customerId: number,
  page: PageRequest,
  sort: SortTerm<'id' | 'created_at' | 'total_amount'>[],
  statuses: OrderStatus[] = [],
): Promise<{ items: Order[]; total: number }> {
  const { rows, total } = await pageOfCustomerOrders(db, customerId, page, sort, statuses);
  const items = await itemsOfOrders(
    db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<number, typeof items>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return { items: rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [])), total };
}
