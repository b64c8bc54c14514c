import { MAX_LINE_QUANTITY, orderMessages, type PricedCartItem } from '@shop/contract/orders';
import type { CartItem } from '../../lib/cart-store.ts';

/**
 * Brings a stored cart up to date with the server's prices and stock and says what changed:
 * unavailable items are removed, quantities above the stock or an order's limit a line
 * (MAX_LINE_QUANTITY) reduced, new prices taken.
 */
export function reconcileCart(
  items: CartItem[],
  priced: PricedCartItem[],
): { items: CartItem[]; notices: string[] } {
  const byId = new Map(priced.map((p) => [p.item_id, p]));
  const notices: string[] = [];
  const next: CartItem[] = [];
  for (const item of items) {
    const now = byId.get(item.id);
    if (!now) {
      next.push(item);
      continue;
    }
    const name = now.name || item.name;
    if (!now.sold) {
      notices.push(orderMessages.removedNoLongerSold(name));
      continue;
    }
    if (!now.available || now.available_stock <= 0) {
      notices.push(orderMessages.removedOutOfStock(name));
      continue;
    }
    const fromPaise = Math.round(item.selling_price * 100);
    const toPaise = Math.round(now.selling_price * 100);
    if (fromPaise !== toPaise) notices.push(orderMessages.priceChanged(name, fromPaise, toPaise));
    // The stock, and an order's limit a line (a cart stored before, or written by hand, may hold more).
    let qty = item.qty;
    const limit = Math.min(now.available_stock, MAX_LINE_QUANTITY);
    if (qty > limit) {
      qty = limit;
      notices.push(
        limit === now.available_stock
          ? orderMessages.quantityReduced(now.available_stock, name)
          : orderMessages.quantityCapped(name),
      );
    }
    next.push({
      id: item.id,
      name,
      main_image: now.main_image,
      item_weight: now.item_weight,
      selling_price: now.selling_price,
      available_stock: now.available_stock,
      gst_rate: now.gst_rate,
      qty,
      ...(item.url_slug ? { url_slug: item.url_slug } : {}),
    });
  }
  return { items: next, notices };
}

/** Whether two carts hold the same lines at the same prices (skip a needless write). */
export function sameCart(a: CartItem[], b: CartItem[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
