import type { Category, Product } from '@shop/contract/catalogue';
import { type Collection, NUMERIC_ID } from '@shop/contract/collection';
import type { StorefrontLoadContext } from '@shop/contract/storefront-context';
import { data, redirect } from 'react-router';
import { categoryPath } from '../../lib/category-links.ts';
import { ROOT_CATEGORY_ID } from '../../lib/root-data.ts';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * A category and its products (the API includes sub-categories' products). Unknown, hidden
 * (id 1) or malformed ids and page numbers are a 404.
 *
 * The listing is always the first 100 products, whatever page number the address carries: the
 * product's links always say page 1 (§2) and its listing call is `per-page=100, page=1` (§7), so
 * /category/5/2/sweets shows the same products as /category/5/1/sweets (whose address is the
 * canonical one), never an empty "No Product found" page.
 *
 * The id names the category; the slug is for people and search engines. An address with another
 * slug (one the category had before its slug was changed in the back office, or a mistyped one)
 * answers 301 to the current address, so old links and indexed pages keep working.
 */
export async function loadCategoryPage(
  context: StorefrontLoadContext,
  params: { categoryId?: string; pageNumber?: string; categorySlug?: string },
): Promise<{ category: Category; products: Product[] }> {
  const id = Number(params.categoryId);
  if (
    !NUMERIC_ID.test(params.categoryId ?? '') ||
    !NUMERIC_ID.test(params.pageNumber ?? '') ||
    Number(params.pageNumber) < 1
  )
    throw notFound();
  if (id === ROOT_CATEGORY_ID) throw notFound();
  const [categories, products] = await Promise.all([
    context.api.get<Collection<Category>>('categories', {
      query: { 'per-page': 100, page: 1, sort: 'display_order' },
    }),
    context.api.get<Collection<Product>>('products', {
      query: { 'per-page': 100, page: 1, 'ProductsSearch[category_id]': id },
    }),
  ]);
  const category = categories.items.find((c) => c.id === id);
  if (!category) throw notFound();
  if (params.categorySlug !== undefined && params.categorySlug !== category.url_slug)
    throw redirect(categoryPath(category), 301);
  return { category, products: products.items };
}
