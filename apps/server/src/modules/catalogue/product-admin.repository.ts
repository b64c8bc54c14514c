import { FEATURED_LABEL } from '@shop/contract/catalogue';
import type { ProductListSort } from '@shop/contract/admin/catalogue';
import type { DbOrTx } from '@shop/db/client';
import { categories, productAttachments, productRelations, products } from '@shop/db/schema/index';
import { type SQL, and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { declarationColumns } from './catalogue.repository.ts';

/** Drizzle queries of the back office's products (hidden ones included); no business rules here. */

export interface ProductQuery {
  text?: string;
  /** A product id typed into the search box. */
  id?: number;
  categoryIds?: number[];
  active?: boolean;
  featured?: boolean;
  stock?: 'in_stock' | 'low' | 'out' | 'reorder';
  /** Only these ids (a selection). */
  ids?: number[];
}

/** The threshold that applies to a product: its own, else the shop's default. */
const threshold = (fallback: number) => sql<number>`coalesce(${products.lowStockThreshold}, ${fallback})`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function productConditions(query: ProductQuery, defaultThreshold: number): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.text !== undefined) {
    // name ILIKE uses the trigram index; an id typed into the box finds that product too.
    const byText = sql`${products.name} ilike ${likePattern(query.text)}`;
    conditions.push(query.id === undefined ? byText : sql`(${byText} or ${products.id} = ${query.id})`);
  }
  if (query.categoryIds) conditions.push(inArray(products.categoryId, query.categoryIds));
  if (query.active !== undefined) conditions.push(eq(products.isActive, query.active));
  if (query.featured !== undefined) {
    const has = sql`${products.productLabels} @> array[${FEATURED_LABEL}]::text[]`;
    conditions.push(query.featured ? has : sql`not (${has})`);
  }
  const limit = threshold(defaultThreshold);
  if (query.stock === 'out') conditions.push(sql`${products.availableStock} <= 0`);
  if (query.stock === 'low')
    conditions.push(sql`${products.availableStock} > 0 and ${products.availableStock} <= ${limit}`);
  if (query.stock === 'reorder') conditions.push(sql`${products.availableStock} <= ${limit}`);
  if (query.stock === 'in_stock') conditions.push(sql`${products.availableStock} > ${limit}`);
  if (query.ids) conditions.push(sql`${products.id} = any(${sql.param(query.ids)}::int[])`);
  return conditions.length ? and(...conditions) : undefined;
}

const sortColumns = {
  id: products.id,
  name: products.name,
  selling_price: products.sellingPricePaise,
  available_stock: products.availableStock,
  updated_at: products.updatedAt,
} as const;

function productRowFields(defaultThreshold: number) {
  return {
    id: products.id,
    name: products.name,
    urlSlug: products.urlSlug,
    categoryId: products.categoryId,
    categoryName: sql<string>`coalesce(${categories.name}, '')`,
    mainImage: products.mainImage,
    sellingPricePaise: products.sellingPricePaise,
    mrpPaise: products.mrpPaise,
    availableStock: products.availableStock,
    lowStockThreshold: threshold(defaultThreshold).mapWith(Number),
    isActive: products.isActive,
    productLabels: products.productLabels,
    updatedAt: products.updatedAt,
  };
}

/**
 * How the list counts its matches. A name search counts a column the `(name, id)` index does not
 * hold (`category_id`, never null, so the same number as `count(*)`): with `count(*)` PostgreSQL
 * answered the count of `name ilike '%door%'` from that index alone, testing all 100,000 names
 * with ILIKE, which its planner costs as cheap (90–160 ms), where the trigram index finds them in
 * 27–50 ms. Every other count keeps `count(*)`: the visibility and stock filters are counted from
 * an index alone (products_list_filter_idx), which a column outside it would prevent.
 */
export function matchCount(query: Pick<ProductQuery, 'text'>): SQL<number> {
  return query.text === undefined ? sql<number>`count(*)` : sql<number>`count(${products.categoryId})`;
}

/**
 * A sort column as an expression of the same order that no index holds (`name || ''`, `price + 0`):
 * ordering by it makes PostgreSQL read the matches first and sort them, instead of walking the
 * column's index in order and testing every row it meets (see `findProductPage`).
 */
function sortedAfterReading(field: keyof typeof sortColumns): SQL {
  const column = sortColumns[field];
  if (field === 'name') return sql`(${column} || '')`;
  if (field === 'updated_at') return sql`(${column} + interval '0 s')`;
  return sql`(${column} + 0)`;
}

/**
 * When a name search's page is read from its matches (by primary key) and sorted, instead of
 * walking the sort column's index. At 100,000 products (ADR 0012, "2026-11-29, late morning"),
 * reading cost ~1.5–3.5 µs a name found, whatever the order (1,515 names: 5–8 ms; 12,160: 22–29
 * ms), while the walk cost 3–12 ms for a common word but 46–73 ms for `rfid` sorted by price (its
 * products are the dearest, so they come last) and a whole index (50–140 ms) for a word within a
 * category that holds few of its products.
 * - Up to `READ_MATCHES_UP_TO` names found: read, whatever else the filter asks.
 * - Up to `READ_NAMES_UP_TO` names narrowed by another filter (a category, a stock state …): counted
 *   first, then read if `READ_MATCHES_UP_TO` or fewer match, or not at all if none does.
 * - Otherwise walked, as a common word's matches are met at once (`lock`, 28,785 names).
 */
export const READ_MATCHES_UP_TO = 3_000;
export const READ_NAMES_UP_TO = 12_500;

/**
 * The query of one page of the list, in its sort; with `readMatches`, ordered by expressions no
 * index holds (`sortedAfterReading`), so that the matches are read and sorted.
 */
export function productPageQuery(
  db: DbOrTx,
  query: ProductQuery,
  sort: ProductListSort,
  paging: { limit: number; offset: number },
  defaultThreshold: number,
  readMatches: boolean,
) {
  const field = sort.replace(/^-/, '') as keyof typeof sortColumns;
  const direction = sort.startsWith('-') ? desc : asc;
  const order = readMatches
    ? [direction(sortedAfterReading(field)), direction(sql`(${products.id} + 0)`)]
    : [direction(sortColumns[field]), direction(products.id)];
  return db
    .select(productRowFields(defaultThreshold))
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(productConditions(query, defaultThreshold))
    .orderBy(...order)
    .limit(paging.limit)
    .offset(paging.offset);
}

/**
 * One page of the back-office product list and the number of matches. Sorts end with the id, so
 * pages never overlap; every sort column has an index, so a page costs its length plus the count.
 * A name search arrives as the ids of the names that match (product-names.ts); its page is read
 * from them or walked as `READ_MATCHES_UP_TO` tells. The count and the page are asked for together
 * unless the count decides which page query to make.
 */
export async function findProductPage(
  db: DbOrTx,
  query: ProductQuery,
  sort: ProductListSort,
  paging: { limit: number; offset: number },
  defaultThreshold: number,
  limits = { readMatches: READ_MATCHES_UP_TO, readNames: READ_NAMES_UP_TO },
) {
  const countQuery = db
    .select({ n: matchCount(query).mapWith(Number) })
    .from(products)
    .where(productConditions(query, defaultThreshold));
  const page = (readMatches: boolean) =>
    productPageQuery(db, query, sort, paging, defaultThreshold, readMatches);
  const names = query.ids?.length;
  const narrowed =
    query.categoryIds !== undefined ||
    query.active !== undefined ||
    query.featured !== undefined ||
    query.stock !== undefined;
  if (names !== undefined && names > limits.readMatches && names <= limits.readNames && narrowed) {
    const total = (await countQuery)[0]?.n ?? 0;
    if (total === 0 || paging.offset >= total) return { rows: [], total };
    return { rows: await page(total <= limits.readMatches), total };
  }
  const readMatches = names !== undefined && names <= limits.readMatches;
  const [rows, [count]] = await Promise.all([page(readMatches), countQuery]);
  return { rows, total: count?.n ?? 0 };
}

export type AdminProductRowData = Awaited<ReturnType<typeof findProductPage>>['rows'][number];

/** Ids of the products a filter (or selection) matches, in id order. */
export async function findProductIds(db: DbOrTx, query: ProductQuery, defaultThreshold: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(productConditions(query, defaultThreshold))
    .orderBy(asc(products.id));
  return rows.map((r) => r.id);
}

/** One product with everything the edit form shows. */
export async function findProductForEdit(db: DbOrTx, id: number, defaultThreshold: number) {
  const [row] = await db
    .select({
      ...productRowFields(defaultThreshold),
      description: products.description,
      itemWeight: products.itemWeight,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      displayOrder: products.displayOrder,
      ownLowStockThreshold: products.lowStockThreshold,
      ...declarationColumns,
      foodType: products.foodType,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) return undefined;
  const [related, attachments] = await Promise.all([
    db
      .select({ id: products.id, name: products.name })
      .from(productRelations)
      .innerJoin(products, eq(products.id, productRelations.relatedId))
      .where(eq(productRelations.productId, id))
      .orderBy(asc(productRelations.displayOrder), asc(productRelations.relatedId)),
    db
      .select({
        id: productAttachments.id,
        file_name: productAttachments.fileName,
        kind: productAttachments.kind,
      })
      .from(productAttachments)
      .where(eq(productAttachments.productId, id))
      .orderBy(asc(productAttachments.displayOrder), asc(productAttachments.id)),
  ]);
  return { ...row, related, attachments };
}

export type ProductRecord = typeof products.$inferSelect;

/** id and name of every product, hidden ones too, in id order. */
export async function findAllProductNames(db: DbOrTx) {
  return db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.id));
}

/** The stored row, locked for the change about to be made. */
export async function lockProductRow(db: DbOrTx, id: number): Promise<ProductRecord | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

export async function productSlugInUse(db: DbOrTx, slug: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      exceptId === null
        ? eq(products.urlSlug, slug)
        : and(eq(products.urlSlug, slug), ne(products.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

export async function existingProductIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(sql`${products.id} = any(${sql.param([...ids])}::int[])`);
  return rows.map((r) => r.id);
}

export async function insertProductRow(db: DbOrTx, values: typeof products.$inferInsert) {
  const [row] = await db.insert(products).values(values).returning();
  if (!row) throw new Error('product insert returned nothing');
  return row;
}

export async function updateProductRow(db: DbOrTx, id: number, patch: Partial<typeof products.$inferInsert>) {
  const [row] = await db
    .update(products)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

export async function findRelatedIds(db: DbOrTx, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productRelations.relatedId })
    .from(productRelations)
    .where(eq(productRelations.productId, productId))
    .orderBy(asc(productRelations.displayOrder), asc(productRelations.relatedId));
  return rows.map((r) => r.id);
}

export async function replaceRelated(db: DbOrTx, productId: number, relatedIds: readonly number[]) {
  await db.delete(productRelations).where(eq(productRelations.productId, productId));
  if (relatedIds.length)
    await db
      .insert(productRelations)
      .values(relatedIds.map((relatedId, i) => ({ productId, relatedId, displayOrder: i + 1 })));
}

// ---------------------------------------------------------------- bulk changes

/** Locks the products in id order (as checkout does, so the two cannot deadlock) and returns them. */
export async function lockProducts(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      isActive: products.isActive,
      productLabels: products.productLabels,
      sellingPricePaise: products.sellingPricePaise,
      mrpPaise: products.mrpPaise,
      categoryId: products.categoryId,
    })
    .from(products)
    .where(sql`${products.id} = any(${sql.param([...ids])}::int[])`)
    .orderBy(asc(products.id))
    .for('update');
}

/** One statement for the whole selection: a set of columns, or an expression per column. */
export async function updateProducts(
  db: DbOrTx,
  ids: readonly number[],
  set: { isActive?: boolean; categoryId?: number },
) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(products)
    .set({ ...set, updatedAt: sql`now()` })
    .where(sql`${products.id} = any(${sql.param([...ids])}::int[])`)
    .returning({ id: products.id });
  return rows.length;
}

/** Adds a label (first) to the products or removes it, in one statement. */
export async function setLabel(db: DbOrTx, ids: readonly number[], label: string, on: boolean) {
  if (ids.length === 0) return;
  const without = sql`array_remove(${products.productLabels}, ${label}::text)`;
  await db
    .update(products)
    .set({
      productLabels: on ? sql`array_prepend(${label}::text, ${without})` : without,
      updatedAt: sql`now()`,
    })
    .where(sql`${products.id} = any(${sql.param([...ids])}::int[])`);
}

/** New prices per product id, written in one statement. */
export async function writePrices(db: DbOrTx, prices: ReadonlyArray<{ id: number; paise: number }>) {
  if (prices.length === 0) return;
  await db.execute(sql`update products set selling_price_paise = v.paise, updated_at = now()
    from unnest(${sql.param(prices.map((p) => p.id))}::int[], ${sql.param(prices.map((p) => p.paise))}::int[]) as v(id, paise)
    where products.id = v.id`);
}
