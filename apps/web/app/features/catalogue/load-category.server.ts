import type { Category, Product } from '@shop/contract/catalogue';
import { type Collection, NUMERIC_ID } from '@shop/contract/collection';
import type { StorefrontLoadContext } from '@shop/contract/storefront-context';
import { data, redirect } from 'react-router';
import { ALL_PRODUCTS_PATH, ALL_PRODUCTS_SLUG, categoryPath } from '../../lib/category-links.ts';
import { ROOT_CATEGORY_ID } from '../../lib/root-data.ts';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * What the category screen shows. `category` is null for the hidden root (id 1, whose listing is
 * every product) and for an id no category has: product rules §2 exclude id 1 from the name's
 * lookup, so the screen is headed "Products" alone.
 */
export interface CategoryPage {
  category: Category | null;
  products: Product[];
}

/**
 * A category and its products (the API includes sub-categories' products).
 *
 * - Malformed ids and page numbers (not digits, longer than any id, 0) are the 404 page.
 * - An id no category has shows the category screen with 'No Product found in this category' (the
 *   product's listing of an unknown category, product rules §2), answered with status 404 so that
 *   search engines drop the address.
 * - The hidden root (id 1) lists every product, headed "Products": its record's `url` names
 *   /category/1/1/all-products, and its name is left out as §2 says.
 *
 * The listing is always the first 100 products, whatever page number the address carries: the
 * product's links always say page 1 (§2) and its listing call is `per-page=100, page=1` (§7), so
 * /category/5/2/sweets shows the same products as /category/5/1/sweets (whose address is the
 * canonical one), never an empty "No Product found" page.
 *
 * The id names the category; the slug is for people and search engines. An address with another
 * slug (one the category had before its slug was changed in the back office, or a mistyped one)
 * answers 301 to the current address, so old links and indexed pages keep working; the root's
 * address is /category/1/1/all-products.
 */
export async function loadCategoryPage(
  context: StorefrontLoadContext,
  params: { categoryId?: string; pageNumber?: string; categorySlug?: string },
) {
  const id = Number(params.categoryId);
  if (
    !NUMERIC_ID.test(params.categoryId ?? '') ||
    id < 1 ||
    !NUMERIC_ID.test(params.pageNumber ?? '') ||
    Number(params.pageNumber) < 1
  )
    throw notFound();
  const [categories, products] = await Promise.all([
    context.api.get<Collection<Category>>('categories', {
      query: { 'per-page': 100, page: 1, sort: 'display_order' },
    }),
    context.api.get<Collection<Product>>('products', {
      query: { 'per-page': 100, page: 1, 'ProductsSearch[category_id]': id },
    }),
  ]);
  if (id === ROOT_CATEGORY_ID) {
    if (params.categorySlug !== undefined && params.categorySlug !== ALL_PRODUCTS_SLUG)
      throw redirect(ALL_PRODUCTS_PATH, 301);
    return { category: null, products: products.items } satisfies CategoryPage;
  }
  const category = categories.items.find((c) => c.id === id);
  if (!category)
    return data<CategoryPage>({ category: null, products: [] }, { status: 404, statusText: 'Not Found' });
  if (params.categorySlug !== undefined && params.categorySlug !== category.url_slug)
    throw redirect(categoryPath(category), 301);
  return { category, products: products.items } satisfies CategoryPage;
}
