import type { Category, Product } from '@shop/contract/catalogue';
import type { StorefrontLoadContext } from '@shop/contract/storefront-context';
import { describe, expect, it } from 'vitest';
import { loadCategoryPage } from './load-category.server.ts';

const sweets: Category = {
  id: 5,
  parent_id: 2,
  name: 'Sweets',
  url: null,
  url_slug: 'indian-sweets',
  display_order: 1,
  total_sub_categories: 0,
  image: null,
};

/** What the products call answers for any category: enough to tell it was passed through. */
const listed = [{ id: 41, name: 'Kaju Katli' }] as unknown as Product[];
const askedCategories: unknown[] = [];

const api: StorefrontLoadContext['api'] = {
  async get<T>(path: string, options?: { query?: Record<string, unknown> }) {
    if (path === 'categories') return { items: [sweets] } as T;
    askedCategories.push(options?.query?.['ProductsSearch[category_id]']);
    return { items: listed } as T;
  },
};
const context: StorefrontLoadContext = {
  publicUrl: 'http://127.0.0.1:3000',
  isProduction: false,
  api,
  shared: (_key, make) => make(api),
};

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to throw');
}

describe('category addresses after a slug change', () => {
  it('an old slug answers 301 to the current address', async () => {
    const answer = await thrown(
      loadCategoryPage(context, { categoryId: '5', pageNumber: '1', categorySlug: 'sweets' }),
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(301);
    expect((answer as Response).headers.get('location')).toBe('/category/5/1/indian-sweets');
  });

  it('the current slug shows the page', async () => {
    const page = await loadCategoryPage(context, {
      categoryId: '5',
      pageNumber: '1',
      categorySlug: 'indian-sweets',
    });
    expect(page).toMatchObject({ category: { id: 5 } });
  });
});

describe('the hidden root and unknown categories (product rules §2)', () => {
  it('id 1 lists every product, with no category named (its name is left out of the lookup)', async () => {
    const page = await loadCategoryPage(context, {
      categoryId: '1',
      pageNumber: '1',
      categorySlug: 'all-products',
    });
    expect(page).toEqual({ category: null, products: listed });
    expect(askedCategories.at(-1)).toBe(1);
  });

  it('the root under another slug answers 301 to /category/1/1/all-products, as other categories do', async () => {
    const answer = await thrown(
      loadCategoryPage(context, { categoryId: '1', pageNumber: '1', categorySlug: 'wrong-slug' }),
    );
    expect((answer as Response).status).toBe(301);
    expect((answer as Response).headers.get('location')).toBe('/category/1/1/all-products');
  });

  it('an id no category has shows the screen with no products, answered 404', async () => {
    const answer = await loadCategoryPage(context, { categoryId: '999', pageNumber: '1', categorySlug: 'x' });
    expect(answer).toMatchObject({ data: { category: null, products: [] }, init: { status: 404 } });
  });

  it('a malformed id or page number (id 0 included, never asked of the API) is the 404 page', async () => {
    for (const params of [
      { categoryId: 'abc', pageNumber: '1' },
      { categoryId: '5', pageNumber: '0' },
      { categoryId: '12345678901', pageNumber: '1' },
      { categoryId: '0', pageNumber: '1' },
      { categoryId: '00', pageNumber: '1' },
    ]) {
      const answer = await thrown(loadCategoryPage(context, params));
      expect(answer).toMatchObject({ init: { status: 404 } });
    }
  });
});
