import type { Db } from '@shop/db/client';
import { categories, products } from '@shop/db/schema/index';
import { type SQL, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SortTerm } from '../../http/collection.ts';

/** Drizzle queries of the catalogue; no business rules here. */

export type CategorySortField = 'display_order' | 'id' | 'name' | 'parent_id';
export type ProductSortField = 'display_order' | 'id' | 'name' | 'selling_price' | 'available_stock';

const categoryColumns = {
  display_order: categories.displayOrder,
  id: categories.id,
  name: categories.name,
  parent_id: categories.parentId,
} as const;

const productColumns = {
  display_order: products.displayOrder,
  id: products.id,
  name: products.name,
  selling_price: products.sellingPricePaise,
  available_stock: products.availableStock,
} as const;

export interface Paging {
  limit: number;
  offset: number;
}

/** Active categories of one page with their number of active sub-categories. */
export async function findCategories(db: Db, sort: SortTerm<CategorySortField>[], paging: Paging) {
  const children =
    sql<number>`(select count(*) from categories as sub where sub.parent_id = "categories"."id" and sub.is_active)`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      url: categories.url,
      urlSlug: categories.urlSlug,
      displayOrder: categories.displayOrder,
      image: categories.image,
      totalSubCategories: children,
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(
      ...sort.map((s) => (s.direction === 'asc' ? asc : desc)(categoryColumns[s.field])),
      asc(categories.id),
    )
    .limit(paging.limit)
    .offset(paging.offset);
  const total = rows[0]?.total ?? (await countActiveCategories(db));
  return { rows, total };
}

async function countActiveCategories(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(categories)
    .where(eq(categories.isActive, true));
  return row?.n ?? 0;
}

/** id → parent_id of every active category (a small table; the tree is walked in memory). */
export async function findCategoryParents(db: Db) {
  return db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.isActive, true));
}

/** id, name and parent of every category, for the words a product is found by (product-search.ts). */
export async function findCategoryNames(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories);
}

/** Active products per category id (direct members only). */
export async function countProductsByCategory(db: Db) {
  return db
    .select({ categoryId: products.categoryId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.categoryId);
}

export interface ProductFilter {
  categoryIds?: number[];
  label?: string;
  /** Only these products (what a keyword search found). */
  ids?: number[];
}

const productFields = {
  id: products.id,
  name: products.name,
  urlSlug: products.urlSlug,
  description: products.description,
  mainImage: products.mainImage,
  mainImageAlt: products.mainImageAlt,
  productLabels: products.productLabels,
  itemWeight: products.itemWeight,
  sellingPricePaise: products.sellingPricePaise,
  mrpPaise: products.mrpPaise,
  availableStock: products.availableStock,
  categoryId: products.categoryId,
  foodType: products.foodType,
  /** Attachments in display order, in the same query (one round trip per page, not two). */
  attachments: sql<Array<{ id: number; file_name: string; kind: string; alt_text: string }>>`coalesce((
    select json_agg(json_build_object('id', a.id, 'file_name', a.file_name, 'kind', a.kind, 'alt_text', a.alt_text) order by a.display_order, a.id)
    from product_attachments a where a.product_id = "products"."id"), '[]'::json)`,
};

export type ProductOrder = { kind: 'fields'; terms: SortTerm<ProductSortField>[] };

/** One page of active products and the total, in one query (count(*) over()). */
export async function findProducts(db: Db, filter: ProductFilter, order: ProductOrder, paging: Paging) {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (filter.categoryIds) conditions.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.label) conditions.push(sql`${products.productLabels} @> array[${filter.label}]::text[]`);
  if (filter.ids) conditions.push(sql`${products.id} = any(${sql.param(filter.ids)}::int[])`);
  const where = and(...conditions);
  const orderBy: SQL[] = [
    ...order.terms.map((s) => (s.direction === 'asc' ? asc : desc)(productColumns[s.field])),
    asc(products.id),
  ];

  const rows = await db
    .select({ ...productFields, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(paging.limit)
    .offset(paging.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where);
    total = row?.n ?? 0;
  }
  return { rows, total };
}

export type ProductRow = Omit<Awaited<ReturnType<typeof findProducts>>['rows'][number], 'total'>;

/** A product as the catalogue's memory holds it: what the API shows, and its display order. */
/** The package declaration columns as a Drizzle selection (the fields of DeclarationFields). */
export const declarationColumns = {
  makerRole: products.makerRole,
  makerName: products.makerName,
  makerAddress: products.makerAddress,
  countryOfOrigin: products.countryOfOrigin,
  genericName: products.genericName,
  netQuantity: products.netQuantity,
  netQuantityUnit: products.netQuantityUnit,
  bestBefore: products.bestBefore,
  dimensions: products.dimensions,
  consumerCare: products.consumerCare,
};

/** A product's package declarations, as its row holds them (only its own page shows them). */
export interface DeclarationFields {
  makerRole: string;
  makerName: string | null;
  makerAddress: string | null;
  countryOfOrigin: string;
  genericName: string | null;
  netQuantity: number | null;
  netQuantityUnit: string;
  bestBefore: string | null;
  dimensions: string | null;
  consumerCare: string | null;
}

/**
 * A product as the catalogue's memory holds it: what the API shows, its display order, and the
 * declarations its page shows (one shared object for products whose declarations are the same,
 * see product-search.ts repeatedValueSharer), so that a product page never waits for the database.
 */
export type CatalogueRow = ProductRow & { displayOrder: number; declarations: DeclarationFields };

/**
 * A product row as one JSON object, attachments included. Rows are read as a single JSON text:
 * embedded PGlite decodes one value about three times faster than rows × columns, and
 * node-postgres parses it as fast.
 */
const productJson = sql`json_build_object(
  'id', p.id, 'name', p.name, 'urlSlug', p.url_slug, 'description', p.description,
  'mainImage', p.main_image, 'mainImageAlt', p.main_image_alt, 'productLabels', p.product_labels, 'itemWeight', p.item_weight,
  'sellingPricePaise', p.selling_price_paise, 'mrpPaise', p.mrp_paise,
  'availableStock', p.available_stock, 'categoryId', p.category_id, 'displayOrder', p.display_order,
  'foodType', p.food_type,
  'declarations', json_build_object('makerRole', p.maker_role, 'makerName', p.maker_name,
    'makerAddress', p.maker_address, 'countryOfOrigin', p.country_of_origin, 'genericName', p.generic_name,
    'netQuantity', p.net_quantity, 'netQuantityUnit', p.net_quantity_unit, 'bestBefore', p.best_before,
    'dimensions', p.dimensions, 'consumerCare', p.consumer_care),
  'attachments', coalesce((
    select json_agg(json_build_object('id', a.id, 'file_name', a.file_name, 'kind', a.kind, 'alt_text', a.alt_text) order by a.display_order, a.id)
    from product_attachments a where a.product_id = p.id), '[]'::json))`;

async function productsAsJson(db: Db, where: SQL, limit?: number): Promise<CatalogueRow[]> {
  const page = limit === undefined ? sql`` : sql` order by p.id limit ${limit}`;
  const result: unknown = await db.execute(
    sql`select coalesce(json_agg(${productJson}), '[]'::json)::text as rows
        from (select id, name, url_slug, description, main_image, main_image_alt, product_labels, item_weight,
                     selling_price_paise, mrp_paise, available_stock, category_id, display_order,
                     food_type, maker_role, maker_name, maker_address, country_of_origin, generic_name,
                     net_quantity, net_quantity_unit, best_before, dimensions, consumer_care
              from products p where ${where}${page}) p`,
  );
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as { rows?: { rows: string }[] }).rows ?? [];
  return JSON.parse(row?.rows ?? '[]') as CatalogueRow[];
}

/**
 * Products per query when reading the whole catalogue. Embedded PGlite in the thread that asks
 * (tools, tests; the server's runs on its own, packages/db/src/pglite-remote.ts) holds the event
 * loop for the whole of a query: the first batch of 2,000 (cold caches) held it ~300 ms right
 * after the server began to listen, and a health check or a page waited that long; 500 hold it
 * 50–170 ms. In the server, only other queries wait behind a batch.
 */
const BATCH = 500;
/**
 * The first batch of a whole read. The read begins as the server starts to listen, on an engine
 * whose caches (and, on PGlite, whose compiled WebAssembly) are cold, and a fresh server's first
 * answers wait behind that batch; later batches double up to BATCH, so the read takes no longer.
 * PGlite, 10,000 products, three starts each: the first health check answered 83–247 ms after the
 * server listened (twice 83–84) instead of 250–307 ms behind a first batch of 500.
 */
const FIRST_BATCH = 50;

/**
 * Every active product (ids null, read in batches by id so that no answer grows huge, and so that
 * on embedded PGlite other queries get their turn between batches) or the active ones among
 * `ids`: what the catalogue's memory (search-index.ts) holds.
 */
export async function findCatalogueRows(
  db: Db,
  ids: readonly number[] | null,
  /** Called after each batch of a whole read, with the batch and the number of rows read so far. */
  afterBatch?: (batch: CatalogueRow[], read: number) => void,
): Promise<CatalogueRow[]> {
  if (ids)
    return ids.length
      ? productsAsJson(db, sql`p.id = any(${sql.param([...ids])}::int[]) and p.is_active`)
      : [];
  const rows: CatalogueRow[] = [];
  for (let after = 0, size = FIRST_BATCH; ; size = Math.min(BATCH, size * 2)) {
    const batch = await productsAsJson(db, sql`p.id > ${after} and p.is_active`, size);
    afterBatch?.(batch, rows.length + batch.length);
    for (const row of batch) rows.push(row);
    const last = batch[batch.length - 1];
    if (!last || batch.length < size) return rows;
    after = last.id;
    // Embedded PGlite in this thread answers within the same turn of the event loop: without a
    // turn between batches, a request that came meanwhile waited for the whole read.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
