import type { Db } from '@shop/db/client';
import { categories, productAttachments, products } from '@shop/db/schema/index';
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

/** Active products per category id (direct members only). */
export async function countProductsByCategory(db: Db) {
  return db
    .select({ categoryId: products.categoryId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(eq(products.isActive, true))
    .groupBy(products.categoryId);
}

/** The category and all its active descendants (UNION stops on a cycle in bad data). */
export async function findCategoryTreeIds(db: Db, rootId: number): Promise<number[]> {
  const result: unknown = await db.execute(sql`
    with recursive tree(id) as (
      select ${rootId}::int
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id where c.is_active
    )
    select id from tree`);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows?: { id: number | string }[] }).rows ?? [];
  return rows.map((r) => Number(r.id));
}

export interface KeywordSearch {
  /** The keyword as typed (trimmed), compared by trigram similarity. */
  text: string;
  /** `word:* & word:*` built from letters and digits only (safe for to_tsquery). */
  prefixQuery: string | null;
  /** The same prefixes when a word is short enough to be an English stop word, else null. */
  shortWordsPrefixQuery: string | null;
  /** Case-insensitive regexes: each word's letters in order inside one word of the name. */
  subsequencePatterns: string[];
}

export interface ProductFilter {
  categoryIds?: number[];
  label?: string;
  keyword?: KeywordSearch;
}

function keywordCondition(k: KeywordSearch): { match: SQL; rank: SQL<number> } {
  const fullText = sql`${products.searchVector} @@ websearch_to_tsquery('english', ${k.text})`;
  const prefix = k.prefixQuery
    ? sql`${products.searchVector} @@ to_tsquery('english', ${k.prefixQuery})`
    : null;
  // English drops stop words from a query ('a', 'on', 'in'), so a shopper who has typed only "a"
  // would find nothing; the 'simple' configuration keeps short words as prefixes.
  const shortPrefix = k.shortWordsPrefixQuery
    ? sql`${products.searchVector} @@ to_tsquery('simple', ${k.shortWordsPrefixQuery})`
    : null;
  // `%` (similarity ≥ 0.3) and `<%` (word similarity ≥ 0.6) can use the trigram GIN index.
  const trigram = sql`(${products.name} % ${k.text} or ${k.text} <% ${products.name})`;
  const subsequence = k.subsequencePatterns.length
    ? sql.join(
        k.subsequencePatterns.map((p) => sql`${products.name} ~* ${p}`),
        sql` and `,
      )
    : null;
  const arms = [fullText, prefix, shortPrefix, trigram, subsequence ? sql`(${subsequence})` : null].filter(
    (c): c is SQL => c !== null,
  );
  const match = sql`(${sql.join(arms, sql` or `)})`;
  const tsRank = k.prefixQuery
    ? sql`ts_rank(${products.searchVector}, to_tsquery('english', ${k.prefixQuery}))`
    : sql`ts_rank(${products.searchVector}, websearch_to_tsquery('english', ${k.text}))`;
  const rank = sql<number>`(${tsRank} * 2 + word_similarity(${k.text}, ${products.name}) + similarity(${products.name}, ${k.text}))`;
  return { match, rank };
}

const productFields = {
  id: products.id,
  name: products.name,
  urlSlug: products.urlSlug,
  description: products.description,
  mainImage: products.mainImage,
  productLabels: products.productLabels,
  itemWeight: products.itemWeight,
  sellingPricePaise: products.sellingPricePaise,
  mrpPaise: products.mrpPaise,
  availableStock: products.availableStock,
  categoryId: products.categoryId,
};

export type ProductOrder = { kind: 'relevance' } | { kind: 'fields'; terms: SortTerm<ProductSortField>[] };

/** One page of active products and the total, in one query (count(*) over()). */
export async function findProducts(db: Db, filter: ProductFilter, order: ProductOrder, paging: Paging) {
  const conditions: SQL[] = [eq(products.isActive, true)];
  if (filter.categoryIds) conditions.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.label) conditions.push(sql`${products.productLabels} @> array[${filter.label}]::text[]`);
  const keyword = filter.keyword ? keywordCondition(filter.keyword) : null;
  if (keyword) conditions.push(keyword.match);
  const where = and(...conditions);

  const orderBy: SQL[] =
    order.kind === 'relevance' && keyword
      ? [sql`${keyword.rank} desc`, asc(products.displayOrder), asc(products.id)]
      : order.kind === 'fields'
        ? [
            ...order.terms.map((s) => (s.direction === 'asc' ? asc : desc)(productColumns[s.field])),
            asc(products.id),
          ]
        : [asc(products.displayOrder), asc(products.id)];

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

/** One active product, or undefined. */
export async function findActiveProduct(db: Db, id: number) {
  const [row] = await db
    .select(productFields)
    .from(products)
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row;
}

/** Attachments of the given products, in display order. */
export async function findAttachments(db: Db, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productAttachments.id,
      productId: productAttachments.productId,
      fileName: productAttachments.fileName,
      kind: productAttachments.kind,
    })
    .from(productAttachments)
    .where(inArray(productAttachments.productId, productIds))
    .orderBy(asc(productAttachments.displayOrder), asc(productAttachments.id));
}
