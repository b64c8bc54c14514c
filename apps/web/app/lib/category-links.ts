import { type Category, ROOT_CATEGORY_ID } from './root-data.ts';

/** The address of the hidden root's listing (its record's `url`): every product. */
export const ALL_PRODUCTS_SLUG = 'all-products';
export const ALL_PRODUCTS_PATH = `/category/${ROOT_CATEGORY_ID}/1/${ALL_PRODUCTS_SLUG}`;

/** /category/{id}/1/{slug} — the page number is always 1 in links (product rules §2). */
export function categoryPath(category: Pick<Category, 'id' | 'url_slug'>): string {
  return `/category/${category.id}/1/${encodeURIComponent(category.url_slug)}`;
}

/** Footer categories: the first 12 except id 1, then the next 12 (product rules §9). */
export function footerCategoryColumns(categories: Category[]): [Category[], Category[]] {
  const visible = categories.filter((c) => c.id !== ROOT_CATEGORY_ID);
  return [visible.slice(0, 12), visible.slice(12, 24)];
}
