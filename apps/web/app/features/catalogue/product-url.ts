import { productPath } from '@shop/contract/product-path';
import { NUMERIC_ID } from '@shop/contract/collection';

export { productPath };

/** The product id of a /product/{id}/{slug} address, or null when it is not a product id. */
export function productIdOf(param: string | undefined): number | null {
  if (!param || !NUMERIC_ID.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * Where a product page request must be sent instead, or null when it already asks for the
 * product's one address. A missing, outdated or misspelt slug (a product renamed since the link
 * was shared) moves permanently to the current one, the query string kept, so search engines and
 * shoppers end on one URL per product.
 */
export function productRedirect(requestUrl: URL, product: { id: number; url_slug: string }): string | null {
  const path = productPath(product);
  return requestUrl.pathname === path ? null : `${path}${requestUrl.search}`;
}
