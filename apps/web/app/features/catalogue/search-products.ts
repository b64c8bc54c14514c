import type { Collection } from '@shop/contract/collection';
import { api } from '../../lib/api-client.ts';
import type { Product } from './product.ts';

/** GET products?ProductsSearch[keyword]=… from the browser (the search dropdown). */
export async function searchProducts(keyword: string): Promise<Product[]> {
  const body = await api.get<Collection<Product>>('products', {
    query: { 'ProductsSearch[keyword]': keyword, 'per-page': 20, page: 1 },
    auth: false,
  });
  return body.items;
}
