import { MAX_KEYWORD_LENGTH } from '@shop/contract/search-keyword';
import type { Collection } from '@shop/contract/collection';
import { api } from '../../lib/api-client.ts';
import type { Product } from './product.ts';

/**
 * GET products?ProductsSearch[keyword]=… from the browser (the search dropdown), with the keyword
 * cut to the length the search page uses, so that a long paste finds what the page finds instead
 * of the API's length error.
 */
export async function searchProducts(keyword: string): Promise<Product[]> {
  const body = await api.get<Collection<Product>>('products', {
    query: {
      'ProductsSearch[keyword]': keyword.trim().slice(0, MAX_KEYWORD_LENGTH),
      'per-page': 20,
      page: 1,
    },
    auth: false,
  });
  return body.items;
}
