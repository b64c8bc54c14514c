import type { Category, Product } from '@shop/contract/catalogue';
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RootData } from '../lib/root-data.ts';
import { meta } from './category.tsx';

const PUBLIC_URL = 'https://shop.example';

const root: Partial<RootData> = {
  settings: {
    category_title: '{TITLE} | Kesar Foods & Locks',
    category_meta_description: '{META_DESCRIPTION}',
    category_meta_keywords: '{META_KEYWORDS}, kesar foods, buy online india',
  },
  categories: [],
  publicUrl: PUBLIC_URL,
};

const sweets: Category = {
  id: 5,
  parent_id: 2,
  name: 'Sweets',
  url: null,
  url_slug: 'sweets',
  display_order: 1,
  total_sub_categories: 0,
  image: null,
};

const katli = {
  id: 1,
  name: 'Kaju Katli',
  url_slug: 'kaju-katli',
  description: 'Cashew barfi.',
  main_image: null,
  selling_price: 620,
  available_stock: 3,
} as Product;

type MetaArgs = Parameters<typeof meta>[0];

function metaOf(
  params: Record<string, string>,
  data: { category: Category | null; products: Product[] } | undefined,
) {
  return meta({
    matches: [{ id: 'root', loaderData: root, data: root }],
    data,
    loaderData: data,
    params,
    location: { pathname: `/category/${params.categoryId}/1/${params.categorySlug}` },
  } as unknown as MetaArgs);
}

const find = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;
const jsonLd = (tags: MetaDescriptor[]) =>
  tags.filter((t) => 'script:ld+json' in t).map((t) => (t as Record<string, unknown>)['script:ld+json']);

describe('category page meta', () => {
  it('an unknown category (answered 404) has the shop’s default description and no canonical link', () => {
    const tags = metaOf(
      { categoryId: '999', pageNumber: '1', categorySlug: 'x' },
      { category: null, products: [] },
    );
    const description = find(tags, 'name', 'description')?.content;
    expect(description).toBeTruthy();
    expect(description).not.toContain('Buy Products online at the best price');
    expect(description).toMatch(/^Kesar Foods & Locks: /);
    expect(find(tags, 'rel', 'canonical')).toBeUndefined();
    expect(find(tags, 'property', 'og:url')).toBeUndefined();
    expect(JSON.stringify(tags)).not.toContain('/category/1/1/all-products');
  });

  it('a malformed address (the 404 page) has no canonical link either', () => {
    const tags = metaOf({ categoryId: 'abc', pageNumber: '1', categorySlug: 'x' }, undefined);
    expect(find(tags, 'rel', 'canonical')).toBeUndefined();
    expect(tags[0]).toEqual({ title: 'Page not found | Kesar Foods & Locks' });
  });

  it('the hidden root keeps its canonical address, the listing of every product', () => {
    const tags = metaOf(
      { categoryId: '1', pageNumber: '1', categorySlug: 'all-products' },
      {
        category: null,
        products: [katli],
      },
    );
    expect(find(tags, 'rel', 'canonical')?.href).toBe(`${PUBLIC_URL}/category/1/1/all-products`);
  });

  it('a known category is canonical at its own address; an empty one names no products in its description', () => {
    const tags = metaOf(
      { categoryId: '5', pageNumber: '1', categorySlug: 'sweets' },
      { category: sweets, products: [] },
    );
    expect(find(tags, 'rel', 'canonical')?.href).toBe(`${PUBLIC_URL}/category/5/1/sweets`);
    expect(find(tags, 'name', 'description')?.content).toBe('Buy Sweets online at the best price.');
  });

  it("the ItemList gives each product's own address /product/{id}/{slug}, not the category's", () => {
    const tags = metaOf(
      { categoryId: '5', pageNumber: '1', categorySlug: 'sweets' },
      {
        category: sweets,
        products: [katli],
      },
    );
    const list = jsonLd(tags).find((ld) => (ld as { '@type': string })['@type'] === 'ItemList') as {
      itemListElement: { position: number; item: { url: string; offers: { url: string } } }[];
    };
    expect(list.itemListElement).toHaveLength(1);
    const [first] = list.itemListElement;
    expect(first?.position).toBe(1);
    expect(first?.item.url).toBe(`${PUBLIC_URL}/product/1/kaju-katli`);
    expect(first?.item.offers.url).toBe(`${PUBLIC_URL}/product/1/kaju-katli`);
  });
});
