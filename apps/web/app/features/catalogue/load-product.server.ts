import type { ProductDetail } from '@shop/contract/catalogue';
import { ApiFailure, type StorefrontLoadContext } from '@shop/contract/storefront-context';
import { data, redirect } from 'react-router';
import { productIdOf, productRedirect } from './product-url.ts';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * The product of /product/{id}/{slug} with its declarations. An id that is not a number, or no
 * active product, is the shop's 404 page; any other slug than the product's own answers 301 to
 * the right address.
 */
export async function loadProductPage(
  context: StorefrontLoadContext,
  /** The page's address (a loader's `url`: a navigation's `.data` and `_routes` left out). */
  url: URL,
  params: { productId?: string },
): Promise<{ product: ProductDetail }> {
  const id = productIdOf(params.productId);
  if (id === null) throw notFound();
  let product: ProductDetail;
  try {
    product = await context.api.get<ProductDetail>(`products/${id}`);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) throw notFound();
    throw error;
  }
  const target = productRedirect(url, product);
  if (target) throw redirect(target, 301);
  return { product };
}
