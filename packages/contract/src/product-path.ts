/**
 * The product page's address, /product/{id}/{slug}: the id finds the product, the slug is for
 * people and search engines (a wrong one is redirected). No slug known (a cart saved before carts
 * kept it) → /product/{id}, which redirects to the full address. Zod-free: links in the browser use it.
 */
export function productPath(product: { id: number; url_slug?: string | null }): string {
  return product.url_slug
    ? `/product/${product.id}/${encodeURIComponent(product.url_slug)}`
    : `/product/${product.id}`;
}
