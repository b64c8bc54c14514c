import { type Collection, NUMERIC_ID } from '@shop/contract/collection';
import type { Order, OrderStatus } from '@shop/contract/orders';
import { ApiFailure } from '@shop/contract/storefront-context';
import { api } from '../../lib/api-client.ts';

/** Order history calls (product rules §7 GET /orders: sort=-id, per-page=200, page=1). */
export const ordersApi = {
  list: (status?: OrderStatus) =>
    api.get<Collection<Order>>('orders', {
      query: { sort: '-id', 'per-page': 200, page: 1, ...(status ? { status } : {}) },
    }),
  get: (id: number) => api.get<Order>(`orders/${id}`),
  /** Cancels an own order before it is packed; answers the order with its refunds. */
  cancel: (id: number) => api.post<Order>(`orders/${id}/cancel`, {}),
  /**
   * The order an /orders/{orderId} address names: "View Details" links use the number id, but the
   * customer sees the Order Id (KFL-2026-000001), so an address typed or shared with that works too.
   */
  async byAddress(orderId: string): Promise<Order> {
    if (NUMERIC_ID.test(orderId)) return ordersApi.get(Number(orderId));
    const wanted = orderId.trim().toUpperCase();
    const found = (await ordersApi.list()).items.find((o) => o.order_id.toUpperCase() === wanted);
    if (!found) throw new ApiFailure(404, null, 'Order not found.');
    return ordersApi.get(found.id);
  },
};
