import type { DbOrTx } from '@shop/db/client';
import { products } from '@shop/db/schema/index';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';

export type ProductForSale = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'name'
  | 'mainImage'
  | 'itemWeight'
  | 'sellingPricePaise'
  | 'availableStock'
  | 'isActive'
  | 'hsnCode'
  | 'gstRate'
>;

export async function findProductsForSale(db: DbOrTx, ids: number[]): Promise<ProductForSale[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      mainImage: products.mainImage,
      itemWeight: products.itemWeight,
      sellingPricePaise: products.sellingPricePaise,
      availableStock: products.availableStock,
      isActive: products.isActive,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
    })
    .from(products)
    .where(inArray(products.id, ids));
}

/**
 * Takes `quantity` units of a product only if that many are there. The check and the decrement
 * are one statement, so concurrent checkouts can never drive stock below zero.
 */
export async function takeStock(db: DbOrTx, productId: number, quantity: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ availableStock: sql`${products.availableStock} - ${quantity}` })
    .where(
      and(eq(products.id, productId), eq(products.isActive, true), gte(products.availableStock, quantity)),
    )
    .returning({ id: products.id });
  return rows.length === 1;
}

export async function giveStockBack(db: DbOrTx, productId: number, quantity: number) {
  await db
    .update(products)
    .set({ availableStock: sql`${products.availableStock} + ${quantity}` })
    .where(eq(products.id, productId));
}
