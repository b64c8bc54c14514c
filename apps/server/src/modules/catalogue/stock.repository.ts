import type { StockReason } from '@shop/contract/admin/catalogue';
import type { DbOrTx } from '@shop/db/client';
import { products, stockMovements } from '@shop/db/schema/index';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';

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
 * are one statement, so concurrent checkouts can never drive stock below zero. Returns the stock
 * left, or null when there was not enough.
 */
export async function takeStock(db: DbOrTx, productId: number, quantity: number): Promise<number | null> {
  const rows = await db
    .update(products)
    .set({ availableStock: sql`${products.availableStock} - ${quantity}` })
    .where(
      and(eq(products.id, productId), eq(products.isActive, true), gte(products.availableStock, quantity)),
    )
    .returning({ stock: products.availableStock });
  return rows[0]?.stock ?? null;
}

/** Adds `change` units (negative: removes) unless that would leave less than zero; the stock after, or null. */
export async function addStock(db: DbOrTx, productId: number, change: number): Promise<number | null> {
  const rows = await db
    .update(products)
    .set({ availableStock: sql`${products.availableStock} + ${change}`, updatedAt: sql`now()` })
    .where(and(eq(products.id, productId), gte(sql`${products.availableStock} + ${change}`, 0)))
    .returning({ stock: products.availableStock });
  return rows[0]?.stock ?? null;
}

export async function giveStockBack(db: DbOrTx, productId: number, quantity: number): Promise<number | null> {
  const rows = await db
    .update(products)
    .set({ availableStock: sql`${products.availableStock} + ${quantity}` })
    .where(eq(products.id, productId))
    .returning({ stock: products.availableStock });
  return rows[0]?.stock ?? null;
}

/** The product's stock, the row locked until the transaction ends; undefined for no such product. */
export async function lockStock(db: DbOrTx, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ stock: products.availableStock })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row?.stock;
}

/** Stock of many products, their rows locked until the transaction ends (missing ids left out). */
export async function lockStocks(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, stock: products.availableStock })
    .from(products)
    .where(sql`${products.id} = any(${sql.param([...productIds])}::int[])`)
    .orderBy(products.id)
    .for('update');
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/** Sets the stock of many products in one statement. */
export async function setStocksTo(db: DbOrTx, entries: ReadonlyArray<{ productId: number; stock: number }>) {
  if (entries.length === 0) return;
  await db.execute(sql`update products p set available_stock = v.stock, updated_at = now()
    from unnest(${sql.param(entries.map((e) => e.productId))}::int[], ${sql.param(entries.map((e) => e.stock))}::int[]) as v(id, stock)
    where p.id = v.id`);
}

export async function setStockTo(db: DbOrTx, productId: number, stock: number) {
  await db
    .update(products)
    .set({ availableStock: stock, updatedAt: sql`now()` })
    .where(eq(products.id, productId));
}

export interface MovementEntry {
  productId: number;
  change: number;
  stockAfter: number;
  reason: StockReason;
  note?: string;
  staffId?: number | null;
  orderId?: number | null;
}

export async function insertMovements(db: DbOrTx, entries: readonly MovementEntry[]) {
  if (entries.length === 0) return;
  await db.insert(stockMovements).values(
    entries.map((e) => ({
      productId: e.productId,
      change: e.change,
      stockAfter: e.stockAfter,
      reason: e.reason,
      note: e.note ?? '',
      staffId: e.staffId ?? null,
      orderId: e.orderId ?? null,
    })),
  );
}

/** A product's movements, newest first. */
export async function findMovements(
  db: DbOrTx,
  productId: number,
  paging: { limit: number; offset: number },
) {
  const where = eq(stockMovements.productId, productId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(stockMovements)
      .where(where)
      .orderBy(desc(stockMovements.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockMovements)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
