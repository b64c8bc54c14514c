import type { Collection } from '@shop/contract/collection';
import type { Order } from '@shop/contract/orders';
import { api } from '../../lib/api-client.ts';

/** Order history calls (spec §7 GET /orders: sort=-id, per-page=200, page=1). */
export const ordersApi = {
  list: () => api.get<Collection<Order>>('orders', { query: { sort: '-id', 'per-page': 200, page: 1 } }),
  get: (id: number) => api.get<Order>(`orders/${id}`),
};
