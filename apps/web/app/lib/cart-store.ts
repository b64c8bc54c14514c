import { messages } from '@shop/contract/messages';
import { MAX_LINE_QUANTITY } from '@shop/contract/order-limits';
import { storageKeys } from '@shop/contract/storage-keys';
import { storedValue, useStoredValue } from './browser-storage.ts';
import { notifySuccess } from './notify.ts';

/** A cart line as kept in browser storage (product rules §3 "Cart item"). Prices are rupees. */
export interface CartItem {
  id: number;
  name: string;
  main_image: string | null;
  item_weight: number;
  selling_price: number;
  qty: number;
  available_stock: number;
  /** The product's GST rate in percent, as the server last priced the cart (absent until then). */
  gst_rate?: number;
  /** The product page's slug; carts saved before it was kept lack it (the page redirects). */
  url_slug?: string;
}

/** The product fields a tile knows; qty is managed by the cart. */
export type CartProduct = Omit<CartItem, 'qty'>;

/**
 * The saved cart as the shop can use it (product rules §9: quantities are parsed as integers):
 * 2.5 is 2, "3" is 3, and no line holds more than one order takes; a line that is no product
 * line, or holds less than 1, is dropped and the rest kept, so one line edited by hand or left
 * by an older build does not empty the cart. The same product on two lines (storage edited by
 * hand, or written by two tabs) is one line holding both quantities, where the first one stood.
 */
export function savedCart(value: unknown): CartItem[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const lines = new Map<number, CartItem>();
  for (const line of value) {
    const qty = Math.trunc(Number(line?.qty));
    if (typeof line?.id !== 'number' || typeof line.name !== 'string' || !(qty > 0)) continue;
    const earlier = lines.get(line.id);
    const total = Math.min((earlier?.qty ?? 0) + qty, MAX_LINE_QUANTITY);
    lines.set(line.id, { ...(earlier ?? line), qty: total });
  }
  return [...lines.values()];
}

export const cartData = storedValue<CartItem[]>(storageKeys.cartData, [], savedCart);

function write(items: CartItem[]) {
  cartData.set(items);
}

/**
 * The most of a product the cart holds: its known stock, and never more than one order takes
 * (MAX_LINE_QUANTITY), so that the shopper is stopped at the + button instead of at checkout.
 */
export function maxCartQuantity(product: Pick<CartProduct, 'available_stock'>): number {
  return Math.min(Math.max(product.available_stock, 0), MAX_LINE_QUANTITY);
}

/**
 * Cart state (product rules §4): adding starts at 1 ('Product added to cart'); + and − change qty;
 * reaching 0 removes the item ('Product removed from cart'); setting a quantity for a new item adds it.
 * Quantities never exceed `maxCartQuantity`.
 */
export const cart = {
  items: () => cartData.get(),
  add(product: CartProduct) {
    cart.setQty(product, 1);
  },
  setQty(product: CartProduct, qty: number) {
    const items = cartData.get();
    const existing = items.find((i) => i.id === product.id);
    const capped = Math.min(Math.max(0, Math.floor(qty)), maxCartQuantity(product));
    if (capped <= 0) {
      if (existing) {
        write(items.filter((i) => i.id !== product.id));
        notifySuccess(messages.productRemoved);
      }
      return;
    }
    if (!existing) {
      write([...items, { ...product, qty: capped }]);
      notifySuccess(messages.productAdded);
      return;
    }
    write(items.map((i) => (i.id === product.id ? { ...i, ...product, qty: capped } : i)));
  },
  remove(productId: number) {
    const items = cartData.get();
    if (!items.some((i) => i.id === productId)) return;
    write(items.filter((i) => i.id !== productId));
    notifySuccess(messages.productRemoved);
  },
  /** Replaces the whole cart (re-pricing from the server, re-order). */
  replace(items: CartItem[]) {
    write(items);
  },
  clear() {
    cartData.clear();
  },
};

/** Cart totals use integer parsing of selling_price and qty (product rules §9) — we keep paise exact instead. */
export function cartSubtotal(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + Math.round(i.selling_price * 100) * i.qty, 0) / 100;
}

export function useCart() {
  return useStoredValue(cartData);
}
