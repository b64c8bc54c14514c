import { AppError } from '../../http/app-error.ts';
import { paiseToRupees, rupeesToPaise } from '@shop/contract/money';
import { type CartLine, orderMessages, type PricedCartItem } from '@shop/contract/orders';
import type { DbOrTx } from '@shop/db/client';
import { type ProductForSale, productsForSale } from '../catalogue/stock.service.ts';
import { settingValue } from '../settings/settings.service.ts';

/** Sums duplicate lines of the same product (a cart may send one product twice). */
export function mergeLines(lines: CartLine[]): CartLine[] {
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.item_id, (merged.get(line.item_id) ?? 0) + line.quantity);
  return [...merged].map(([item_id, quantity]) => ({ item_id, quantity }));
}

/** Current price and stock of each product a cart holds (unknown ids come back unavailable). */
export async function priceCart(db: DbOrTx, itemIds: number[]): Promise<PricedCartItem[]> {
  const unique = [...new Set(itemIds)];
  const found = new Map((await productsForSale(db, unique)).map((p) => [p.id, p]));
  return unique.map((id) => {
    const p = found.get(id);
    if (!p)
      return {
        item_id: id,
        name: '',
        selling_price: 0,
        available_stock: 0,
        main_image: null,
        item_weight: 0,
        gst_rate: 0,
        available: false,
        sold: false,
      };
    return {
      item_id: p.id,
      name: p.name,
      selling_price: paiseToRupees(p.sellingPricePaise),
      available_stock: p.isActive ? Math.max(p.availableStock, 0) : 0,
      main_image: p.mainImage,
      item_weight: p.itemWeight,
      gst_rate: p.gstRate,
      available: p.isActive && p.availableStock > 0,
      sold: p.isActive,
    };
  });
}

export interface PricedLine {
  product: ProductForSale;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

/**
 * Prices order lines from the database (client prices are never read) and checks that each
 * product is sold and in stock. The first problem is a 422 naming the product.
 */
export async function priceOrderLines(db: DbOrTx, lines: CartLine[]): Promise<PricedLine[]> {
  const merged = mergeLines(lines);
  for (const line of merged)
    if (line.quantity > 100) throw AppError.invalid('items', orderMessages.quantityTooLarge);
  const found = new Map(
    (
      await productsForSale(
        db,
        merged.map((l) => l.item_id),
      )
    ).map((p) => [p.id, p]),
  );
  return merged.map((line) => {
    const product = found.get(line.item_id);
    if (!product) throw AppError.invalid('items', orderMessages.unknownProduct(line.item_id));
    if (!product.isActive) throw AppError.invalid('items', orderMessages.noLongerSold(product.name));
    if (product.availableStock <= 0) throw AppError.invalid('items', orderMessages.outOfStock(product.name));
    if (product.availableStock < line.quantity)
      throw AppError.invalid('items', orderMessages.onlyLeft(product.availableStock, product.name));
    return {
      product,
      quantity: line.quantity,
      unitPricePaise: product.sellingPricePaise,
      lineTotalPaise: product.sellingPricePaise * line.quantity,
    };
  });
}

export function subtotalOf(lines: PricedLine[]): number {
  return lines.reduce((sum, l) => sum + l.lineTotalPaise, 0);
}

/** Setting minimum_order_amount (rupees) in paise; unset or unreadable means no minimum. */
export async function minimumOrderPaise(db: DbOrTx): Promise<number> {
  const raw = (await settingValue(db, 'minimum_order_amount'))?.trim();
  if (!raw || !/^\d+(\.\d{1,2})?$/.test(raw)) return 0;
  return rupeesToPaise(raw);
}
