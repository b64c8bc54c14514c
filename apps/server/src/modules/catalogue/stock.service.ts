import type { StockAdjust, StockHistory, StockReason } from '@shop/contract/admin/catalogue';
import type { Db, DbOrTx } from '@shop/db/client';
import { AppError } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, auditedBy } from './actor.ts';
import {
  addStock,
  findMovements,
  findProductsForSale,
  giveStockBack,
  insertMovements,
  lockStock,
  lockStocks,
  type ProductForSale,
  setStockTo,
  setStocksTo,
  takeStock,
} from './stock.repository.ts';
import { catalogueAdminMessages, MAX_STOCK } from '@shop/contract/admin/catalogue';

export type { ProductForSale };

/**
 * The one home of stock changes. The catalogue owns products and their stock; orders read prices
 * and move stock only through these functions, and the back office adjusts it here. Every change
 * leaves a row in the product's stock history (stock_movements) in the same transaction, so the
 * history always adds up to the stock.
 */

/** The order a sale or a release belongs to, for the history. */
export interface OrderRef {
  orderId?: number | null;
}

/** Name, image, weight, price (paise), stock and visibility of each product asked for. */
export function productsForSale(db: DbOrTx, ids: number[]): Promise<ProductForSale[]> {
  return findProductsForSale(db, ids);
}

/** Takes units for an order if they are there (never below zero, also under concurrency). */
export async function reserveStock(
  tx: DbOrTx,
  productId: number,
  quantity: number,
  ref: OrderRef = {},
): Promise<boolean> {
  const left = await takeStock(tx, productId, quantity);
  if (left === null) return false;
  await insertMovements(tx, [
    { productId, change: -quantity, stockAfter: left, reason: 'sale', orderId: ref.orderId ?? null },
  ]);
  return true;
}

/** Puts units back on sale (a released reservation, a cancellation). */
export async function restoreStock(
  tx: DbOrTx,
  productId: number,
  quantity: number,
  ref: OrderRef = {},
): Promise<void> {
  await giveBack(tx, productId, quantity, { reason: 'released', orderId: ref.orderId ?? null });
}

/**
 * Puts the goods of a returned order back on sale. The history names the order and the staff
 * member who took the parcel back, so a count that does not add up can be traced to the return.
 */
export async function restockReturn(
  tx: DbOrTx,
  productId: number,
  quantity: number,
  ref: { orderId: number; staffId: number },
): Promise<void> {
  await giveBack(tx, productId, quantity, { reason: 'returned', ...ref });
}

async function giveBack(
  tx: DbOrTx,
  productId: number,
  quantity: number,
  entry: { reason: StockReason; orderId: number | null; staffId?: number },
): Promise<void> {
  const after = await giveStockBack(tx, productId, quantity);
  if (after === null) return; // the product is gone; nothing to give back to
  await insertMovements(tx, [{ productId, change: quantity, stockAfter: after, ...entry }]);
}

/**
 * Takes every line or none: on a shortfall the lines already taken are given back, so the
 * caller's transaction can go on with stock as it was (and the history shows nothing).
 */
export async function reserveAllOrNothing(
  tx: DbOrTx,
  lines: ReadonlyArray<{ productId: number; quantity: number }>,
  ref: OrderRef = {},
): Promise<boolean> {
  const taken: Array<{ productId: number; quantity: number; left: number }> = [];
  for (const line of lines) {
    const left = await takeStock(tx, line.productId, line.quantity);
    if (left === null) {
      for (const back of taken) await giveStockBack(tx, back.productId, back.quantity);
      return false;
    }
    taken.push({ ...line, left });
  }
  await insertMovements(
    tx,
    taken.map((t) => ({
      productId: t.productId,
      change: -t.quantity,
      stockAfter: t.left,
      reason: 'sale' as const,
      orderId: ref.orderId ?? null,
    })),
  );
  return true;
}

export interface StockChange {
  productId: number;
  before: number;
  after: number;
}

/**
 * A back-office adjustment: `change` units in or out (never below zero), or the counted stock
 * (`set_to`). Recorded in the stock history with its reason, note and who made it, and in the
 * audit log, in one transaction. A count equal to the stock already there records nothing.
 */
export async function adjustStock(
  db: Db,
  productId: number,
  adjustment: StockAdjust,
  actor: Actor,
): Promise<StockChange> {
  return db.transaction(async (tx) => {
    const before = await lockStock(tx, productId);
    if (before === undefined) throw AppError.notFound(catalogueAdminMessages.productNotFound);
    const result = await changeLockedStock(tx, productId, before, adjustment, actor);
    if (result.after !== result.before)
      await recordAudit(tx, {
        ...auditedBy(actor),
        action: 'product.stock_adjust',
        entity: 'product',
        entityId: productId,
        before: { available_stock: before },
        after: { available_stock: result.after, reason: adjustment.reason, note: adjustment.note },
      });
    return result;
  });
}

/** Sets a product's stock to a number (an import, the opening stock of a new product). */
export async function setStock(
  tx: DbOrTx,
  productId: number,
  stock: number,
  reason: Extract<StockReason, 'initial' | 'imported' | 'correction'>,
  actor: Actor,
  note = '',
): Promise<StockChange> {
  const before = await lockStock(tx, productId);
  if (before === undefined) throw AppError.notFound(catalogueAdminMessages.productNotFound);
  if (stock === before) return { productId, before, after: before };
  await setStockTo(tx, productId, stock);
  await insertMovements(tx, [
    { productId, change: stock - before, stockAfter: stock, reason, note, staffId: actor.staffId },
  ]);
  return { productId, before, after: stock };
}

/** Rows per batch of a bulk stock change (a history row has 7 parameters; PostgreSQL allows 65,535). */
const BULK_BATCH = 2_000;

/**
 * Stock set in bulk (a CSV import): each product's stock becomes the number given, and each
 * product whose stock changed gets one history row with the reason and who imported it. Written
 * in batches, so 10,000 products take a few statements, not 20,000.
 */
export async function setStocks(
  tx: DbOrTx,
  wanted: ReadonlyArray<{ productId: number; stock: number }>,
  reason: Extract<StockReason, 'imported'>,
  actor: Actor,
  note = '',
): Promise<StockChange[]> {
  const changes: StockChange[] = [];
  for (let i = 0; i < wanted.length; i += BULK_BATCH) {
    const batch = wanted.slice(i, i + BULK_BATCH);
    const current = await lockStocks(
      tx,
      batch.map((w) => w.productId),
    );
    const changed = batch.filter((w) => current.has(w.productId) && current.get(w.productId) !== w.stock);
    await setStocksTo(tx, changed);
    await insertMovements(
      tx,
      changed.map((w) => ({
        productId: w.productId,
        change: w.stock - (current.get(w.productId) ?? 0),
        stockAfter: w.stock,
        reason,
        note,
        staffId: actor.staffId,
      })),
    );
    for (const w of changed)
      changes.push({ productId: w.productId, before: current.get(w.productId) ?? 0, after: w.stock });
  }
  return changes;
}

async function changeLockedStock(
  tx: DbOrTx,
  productId: number,
  before: number,
  adjustment: StockAdjust,
  actor: Actor,
): Promise<StockChange> {
  const { reason, note } = adjustment;
  if (adjustment.set_to !== undefined) {
    const after = adjustment.set_to;
    if (after === before) return { productId, before, after };
    await setStockTo(tx, productId, after);
    await insertMovements(tx, [
      { productId, change: after - before, stockAfter: after, reason, note, staffId: actor.staffId },
    ]);
    return { productId, before, after };
  }
  const change = adjustment.change ?? 0;
  if (change === 0) throw AppError.invalid('change', catalogueAdminMessages.stockZeroChange);
  // Units added by hand stop at MAX_STOCK, as a count does (a stock column is a 32-bit integer:
  // repeated additions would otherwise end in a database error). Returns of sold units may pass it.
  if (change > 0 && before + change > MAX_STOCK)
    throw AppError.invalid('change', catalogueAdminMessages.stockAboveMax(before));
  const after = await addStock(tx, productId, change);
  if (after === null) throw AppError.invalid('change', catalogueAdminMessages.stockBelowZero);
  await insertMovements(tx, [{ productId, change, stockAfter: after, reason, note, staffId: actor.staffId }]);
  return { productId, before, after };
}

/** A product's stock and its history, newest first. */
export async function stockHistory(
  db: DbOrTx,
  productId: number,
  paging: { limit: number; offset: number },
): Promise<StockHistory | null> {
  const current = await findProductsForSale(db, [productId]);
  const product = current[0];
  if (!product) return null;
  const { rows, total } = await findMovements(db, productId, paging);
  return {
    product_id: productId,
    available_stock: product.availableStock,
    total,
    items: rows.map((m) => ({
      id: m.id,
      change: m.change,
      stock_after: m.stockAfter,
      reason: m.reason as StockReason,
      note: m.note,
      staff_id: m.staffId,
      order_id: m.orderId,
      created_at: m.createdAt.toISOString(),
    })),
  };
}
