import type { DbOrTx } from '@shop/db/client';
import { findProductsForSale, giveStockBack, type ProductForSale, takeStock } from './stock.repository.ts';

export type { ProductForSale };

/**
 * The catalogue owns products and their stock; orders read prices and move stock only through
 * these functions.
 */

/** Name, image, weight, price (paise), stock and visibility of each product asked for. */
export function productsForSale(db: DbOrTx, ids: number[]): Promise<ProductForSale[]> {
  return findProductsForSale(db, ids);
}

/** Takes units for an order if they are there (never below zero, also under concurrency). */
export function reserveStock(tx: DbOrTx, productId: number, quantity: number): Promise<boolean> {
  return takeStock(tx, productId, quantity);
}

/** Puts units back on sale (a released reservation, a cancellation). */
export function restoreStock(tx: DbOrTx, productId: number, quantity: number): Promise<void> {
  return giveStockBack(tx, productId, quantity);
}

/**
 * Takes every line or none: on a shortfall the lines already taken are given back, so the
 * caller's transaction can go on with stock as it was.
 */
export async function reserveAllOrNothing(
  tx: DbOrTx,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
): Promise<boolean> {
  const taken: Array<{ productId: number; quantity: number }> = [];
  for (const line of lines) {
    if (!(await takeStock(tx, line.productId, line.quantity))) {
      for (const back of taken) await giveStockBack(tx, back.productId, back.quantity);
      return false;
    }
    taken.push(line);
  }
  return true;
}
