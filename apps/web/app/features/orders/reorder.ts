import type { Order } from '@shop/contract/orders';
import { orderMessages } from '@shop/contract/orders';
import { type CartItem, cart } from '../../lib/cart-store.ts';
import { api } from '../../lib/api-client.ts';
import type { PriceCartResult } from '@shop/contract/orders';

/**
 * Re-Order: puts an order's items back into the cart at today's prices (price_cart), capped at
 * the stock; items out of stock or no longer sold are skipped, each told apart. Returns the
 * notices to show.
 */
export async function reorder(order: Order): Promise<string[]> {
  const priced = await api.post<PriceCartResult>('orders/price_cart', {
    items: order.items.map((i) => ({ item_id: i.item_id, quantity: i.quantity })),
  });
  const byId = new Map(priced.items.map((p) => [p.item_id, p]));
  const notices: string[] = [];
  const next: CartItem[] = [...cart.items()];
  for (const line of order.items) {
    const p = byId.get(line.item_id);
    if (!p?.sold) {
      notices.push(orderMessages.reorderNotSold(p?.name || line.name));
      continue;
    }
    if (!p.available || p.available_stock <= 0) {
      notices.push(orderMessages.reorderSkipped(p.name || line.name));
      continue;
    }
    const existing = next.findIndex((i) => i.id === p.item_id);
    const wanted = (existing >= 0 ? (next[existing]?.qty ?? 0) : 0) + line.quantity;
    const qty = Math.min(wanted, p.available_stock);
    if (qty < wanted) notices.push(orderMessages.quantityReduced(p.available_stock, p.name));
    const item: CartItem = {
      id: p.item_id,
      name: p.name,
      main_image: p.main_image,
      item_weight: p.item_weight,
      selling_price: p.selling_price,
      available_stock: p.available_stock,
      qty,
    };
    if (existing >= 0) next[existing] = item;
    else next.push(item);
  }
  cart.replace(next);
  return notices;
}
