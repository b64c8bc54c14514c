import { type Category, MAX_KEYWORD_LENGTH, type Product } from '@shop/contract/catalogue';
import { paiseToRupees } from '@shop/contract/money';
import type { Db } from '@shop/db/client';
import type { PageRequest, SortTerm } from '../../http/collection.ts';
import {
  type CategorySortField,
  countProductsByCategory,
  findActiveProduct,
  findAttachments,
  findCategories,
  findCategoryParents,
  findCategoryTreeIds,
  findProducts,
  type KeywordSearch,
  type ProductFilter,
  type ProductOrder,
  type ProductRow,
  type ProductSortField,
} from './catalogue.repository.ts';

/** Catalogue rules: what a visitor may see and how search understands a keyword. */

export interface CategoryListRequest {
  sort: SortTerm<CategorySortField>[];
  withProductsCount: boolean;
  page: PageRequest;
}

export async function listCategories(db: Db, request: CategoryListRequest) {
  const { rows, total } = await findCategories(db, request.sort, {
    limit: request.page.perPage,
    offset: request.page.offset,
  });
  const counts = request.withProductsCount ? await productCountsWithDescendants(db) : null;
  const items: Category[] = rows.map((r) => ({
    id: r.id,
    parent_id: r.parentId,
    name: r.name,
    url: r.url,
    url_slug: r.urlSlug,
    display_order: r.displayOrder,
    total_sub_categories: r.totalSubCategories,
    image: r.image,
    ...(counts ? { products_count: counts.get(r.id) ?? 0 } : {}),
  }));
  return { items, total };
}

/** Products of each category including all its sub-categories (what a category page lists). */
async function productCountsWithDescendants(db: Db): Promise<Map<number, number>> {
  const [parents, direct] = await Promise.all([findCategoryParents(db), countProductsByCategory(db)]);
  const parentOf = new Map(parents.map((c) => [c.id, c.parentId]));
  const totals = new Map<number, number>();
  for (const { categoryId, n } of direct) {
    // Walk up the tree; `seen` guards against a cycle in hand-edited data.
    const seen = new Set<number>();
    let id: number | undefined = categoryId;
    while (id !== undefined && parentOf.has(id) && !seen.has(id)) {
      seen.add(id);
      totals.set(id, (totals.get(id) ?? 0) + n);
      id = parentOf.get(id);
    }
  }
  return totals;
}

/**
 * Turns what a shopper typed into the three ways search matches: full text (stemmed words),
 * prefixes of every word (`kaju katl` → `kaju:* & katl:*`), trigram similarity of the name
 * (`padlok` ≈ padlock) and letters-in-order within a word (`pnut` → peanut). Only letters and
 * digits reach to_tsquery and the regexes, so no input can break their syntax.
 */
export function keywordSearch(raw: string): KeywordSearch | null {
  const text = raw.normalize('NFKC').trim().replace(/\s+/g, ' ').slice(0, MAX_KEYWORD_LENGTH);
  if (!text) return null;
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  const prefixQuery = words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
  const shortWordsPrefixQuery = words.some((w) => w.length <= 3) ? prefixQuery : null;
  const subsequencePatterns = words
    .filter((w) => w.length >= 3 && w.length <= 30)
    .map((w) => `\\m${[...w].join('\\w*')}`);
  return { text, prefixQuery, shortWordsPrefixQuery, subsequencePatterns };
}

export interface ProductListRequest {
  categoryId?: number;
  label?: string;
  keyword?: string;
  sort: SortTerm<ProductSortField>[] | null;
  page: PageRequest;
}

export async function listProducts(db: Db, request: ProductListRequest) {
  const filter: ProductFilter = {};
  if (request.categoryId !== undefined)
    filter.categoryIds = await findCategoryTreeIds(db, request.categoryId);
  const label = request.label?.trim();
  if (label) filter.label = label;
  const keyword = request.keyword === undefined ? null : keywordSearch(request.keyword);
  if (keyword) filter.keyword = keyword;
  const order: ProductOrder = request.sort
    ? { kind: 'fields', terms: request.sort }
    : keyword
      ? { kind: 'relevance' }
      : { kind: 'fields', terms: [{ field: 'display_order', direction: 'asc' }] };
  const { rows, total } = await findProducts(db, filter, order, {
    limit: request.page.perPage,
    offset: request.page.offset,
  });
  return { items: await withAttachments(db, rows), total };
}

export async function getProduct(db: Db, id: number): Promise<Product | null> {
  const row = await findActiveProduct(db, id);
  if (!row) return null;
  const [product] = await withAttachments(db, [row]);
  return product ?? null;
}

async function withAttachments(db: Db, rows: ProductRow[]): Promise<Product[]> {
  const attachments = await findAttachments(
    db,
    rows.map((r) => r.id),
  );
  const byProduct = new Map<number, Product['attachments']>();
  for (const a of attachments) {
    const list = byProduct.get(a.productId) ?? [];
    list.push({ id: a.id, file_name: a.fileName, kind: a.kind });
    byProduct.set(a.productId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url_slug: r.urlSlug,
    description: r.description,
    main_image: r.mainImage,
    attachments: byProduct.get(r.id) ?? [],
    product_labels: r.productLabels,
    item_weight: r.itemWeight,
    selling_price: paiseToRupees(r.sellingPricePaise),
    mrp: r.mrpPaise === null ? null : paiseToRupees(r.mrpPaise),
    available_stock: r.availableStock,
    category_id: r.categoryId,
  }));
}
