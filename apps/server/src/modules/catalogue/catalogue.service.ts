import {
  type Category,
  MAX_KEYWORD_LENGTH,
  type Product,
  type ProductDetail,
} from '@shop/contract/catalogue';
import { makerRoles, netQuantityUnits, unitSalePrice } from '@shop/contract/package-declarations';
import type { Db } from '@shop/db/client';
import type { AppContext } from '../../context.ts';
import type { PageRequest, SortTerm } from '../../http/collection.ts';
import {
  type CategorySortField,
  countProductsByCategory,
  findCategories,
  findCategoryParents,
  findProducts,
  type ProductFilter,
  type ProductOrder,
  type ProductSortField,
} from './catalogue.repository.ts';
import type { CategoryTree } from './category-tree.ts';
import type { SearchIndex } from './search-index.ts';
import type { CatalogueRow } from './catalogue.repository.ts';
import { type ProductAnswers, toProduct } from './product-answers.ts';
import { settingValues } from '../settings/settings.service.ts';

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

/** The keyword as typed, tidied (NFKC, trimmed, one space, bounded), or null when blank. */
export function keywordText(raw: string): string | null {
  const text = raw.normalize('NFKC').trim().replace(/\s+/g, ' ').slice(0, MAX_KEYWORD_LENGTH);
  return text || null;
}

export interface ProductListRequest {
  categoryId?: number;
  label?: string;
  keyword?: string;
  sort: SortTerm<ProductSortField>[] | null;
  page: PageRequest;
}

/**
 * The catalogue held in process memory: the product index, the category tree and the public
 * answers of the index's rows (product-answers.ts).
 */
export interface CatalogueMemory {
  index: SearchIndex<CatalogueRow>;
  tree: CategoryTree;
  answers: ProductAnswers;
}

/**
 * A page of active products. A keyword is looked up in the catalogue's memory (search-index.ts:
 * typos, beginnings of words, Hindi spellings, ranking), and so is a list in display order (a
 * category page, featured products) — rows included, kept fresh by the change notifications.
 * Sorted by price, stock, name or id, the database sorts (filtered on the ids a keyword found).
 */
export async function listProducts(db: Db, request: ProductListRequest, memory: CatalogueMemory) {
  const filter: ProductFilter = {};
  if (request.categoryId !== undefined)
    filter.categoryIds = await memory.tree.descendants(request.categoryId);
  const label = request.label?.trim();
  if (label) filter.label = label;
  const keyword = request.keyword === undefined ? null : keywordText(request.keyword);
  const paging = { limit: request.page.perPage, offset: request.page.offset };
  const where = { categoryIds: filter.categoryIds, label: filter.label };
  if (keyword) {
    if (!request.sort) {
      const found = await memory.index.search({ keyword, ...where, window: paging });
      return { items: (await memory.index.rows(found.ids)).map(memory.answers.of), total: found.total };
    }
    const found = await memory.index.search({ keyword, ...where });
    if (found.total === 0) return { items: [], total: 0 };
    filter.ids = found.ids;
  } else if (inListOrder(request.sort)) {
    const found = await memory.index.list({ ...where, window: paging });
    return { items: (await memory.index.rows(found.ids)).map(memory.answers.of), total: found.total };
  }
  const order: ProductOrder = {
    kind: 'fields',
    terms: request.sort ?? [{ field: 'display_order', direction: 'asc' }],
  };
  const { rows, total } = await findProducts(db, filter, order, paging);
  return { items: rows.map(toProduct), total };
}

/** No sort, or display order ascending: the order lists are kept in. */
function inListOrder(sort: SortTerm<ProductSortField>[] | null): boolean {
  if (!sort) return true;
  const [first, ...rest] = sort;
  return rest.length === 0 && first?.field === 'display_order' && first.direction === 'asc';
}

/**
 * One active product with the declarations its page must show, all from the catalogue's memory
 * (no query: a product page is as quick as a list): the unit sale price worked out from the
 * selling price and the net quantity, and the shop's consumer-care contact where the product
 * names none.
 */
export async function getProductDetail(
  memory: CatalogueMemory,
  id: number,
  shopConsumerCare: () => Promise<string>,
): Promise<Readonly<ProductDetail> | null> {
  const [row] = await memory.index.rows([id]);
  if (!row) return null;
  const consumerCare = row.declarations.consumerCare?.trim() || (await shopConsumerCare());
  return memory.answers.detailOf(row, consumerCare, () =>
    productDetail(memory.answers.of(row), row, consumerCare),
  );
}

function productDetail(product: Product, row: CatalogueRow, consumerCare: string): ProductDetail {
  const d = row.declarations;
  const unit = netQuantityUnits.find((u) => u === d.netQuantityUnit);
  const netQuantity = d.netQuantity !== null && unit ? { value: d.netQuantity, unit } : null;
  return {
    ...product,
    declarations: {
      maker_role: makerRoles.find((r) => r === d.makerRole) ?? 'manufacturer',
      maker_name: d.makerName,
      maker_address: d.makerAddress,
      country_of_origin: d.countryOfOrigin,
      generic_name: d.genericName,
      net_quantity: netQuantity,
      unit_sale_price: netQuantity ? unitSalePrice(row.sellingPricePaise, netQuantity) : null,
      best_before: d.bestBefore,
      dimensions: d.dimensions,
      consumer_care: consumerCare,
    },
  };
}

const consumerCareMemos = new WeakMap<AppContext, { value: Promise<string> | null }>();

/**
 * `shopConsumerCare` kept per app until the settings change (their change notification, or the
 * change feed going down or resyncing): every product page without its own contact shows it.
 */
export function shopConsumerCareOf(ctx: AppContext): Promise<string> {
  let memo = consumerCareMemos.get(ctx);
  if (!memo) {
    const created: { value: Promise<string> | null } = { value: null };
    ctx.changes.subscribe((event) => {
      if (event.kind !== 'change' || event.change.table === 'settings') created.value = null;
    });
    consumerCareMemos.set(ctx, created);
    memo = created;
  }
  // While changes are not heard, nothing may be kept.
  if (!ctx.changes.live) return shopConsumerCare(ctx.db);
  const kept = memo;
  kept.value ??= shopConsumerCare(ctx.db).catch((error: unknown) => {
    kept.value = null;
    throw error;
  });
  return kept.value;
}

/**
 * The shop's consumer-care contact as one line (name, address, phone, e-mail), from the seller
 * settings; a setting that is not set is left out.
 */
export async function shopConsumerCare(db: Db): Promise<string> {
  const values = await settingValues(db, [
    'seller_legal_name',
    'seller_address',
    'company_contact_number',
    'company_email_address',
  ]);
  const value = (key: string) => values.get(key)?.trim() ?? '';
  const name = value('seller_legal_name');
  return [
    name ? `Customer Care, ${name}` : 'Customer Care',
    value('seller_address'),
    value('company_contact_number'),
    value('company_email_address'),
  ]
    .filter(Boolean)
    .join(' · ');
}
