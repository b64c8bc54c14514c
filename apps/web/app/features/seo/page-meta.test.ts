import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, notFoundMeta, pageMeta, productJsonLd } from './page-meta.ts';

const settings = {
  category_title: '{TITLE} | Kesar Foods & Locks',
  category_meta_description: '{META_DESCRIPTION}',
  category_meta_keywords: '{META_KEYWORDS}, kesar foods',
  company_contact_number: '+91 98765 43210',
};

const find = (tags: MetaDescriptor[], key: string, value: string) =>
  tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, unknown> | undefined;

describe('pageMeta (title, description and keywords from the module settings, product rules §2)', () => {
  const tags = pageMeta({
    settings,
    module: 'category',
    title: 'Sweets',
    description: 'Fresh sweets.',
    keywords: 'kaju katli',
    publicUrl: 'https://shop.example',
    path: '/category/5/1/sweets',
  });

  it('replaces {TITLE}, {META_DESCRIPTION} and {META_KEYWORDS} with the item values', () => {
    expect(tags[0]).toEqual({ title: 'Sweets | Kesar Foods & Locks' });
    expect(find(tags, 'name', 'description')?.content).toBe('Fresh sweets.');
    expect(find(tags, 'name', 'keywords')?.content).toBe('kaju katli, kesar foods');
  });

  it('an item without keywords or title leaves no stray separator in the filled template', () => {
    const bare = pageMeta({
      settings: {
        ...settings,
        category_meta_keywords: '{META_KEYWORDS}, kesar foods, {META_KEYWORDS}, india',
      },
      module: 'category',
      title: '',
      publicUrl: 'https://shop.example',
      path: '/',
    });
    expect(find(bare, 'name', 'keywords')?.content).toBe('kesar foods, india');
    expect(bare[0]).toEqual({ title: 'Kesar Foods & Locks' });
  });

  it('adds the canonical link and Open Graph tags with absolute URLs', () => {
    expect(find(tags, 'rel', 'canonical')?.href).toBe('https://shop.example/category/5/1/sweets');
    expect(find(tags, 'property', 'og:url')?.content).toBe('https://shop.example/category/5/1/sweets');
    expect(find(tags, 'property', 'og:title')?.content).toBe('Sweets | Kesar Foods & Locks');
  });

  it('always adds the Organization JSON-LD', () => {
    const ld = tags
      .filter((t) => 'script:ld+json' in t)
      .map((t) => (t as Record<string, unknown>)['script:ld+json']);
    expect(ld).toEqual([expect.objectContaining({ '@type': 'Organization', telephone: '+91 98765 43210' })]);
  });

  it('falls back to the item title and the shop name when the module has no settings', () => {
    const fallback = pageMeta({
      settings: {},
      module: 'gallery',
      title: 'Events',
      publicUrl: 'https://shop.example',
      path: '/',
    });
    expect(fallback[0]).toEqual({ title: 'Events | Kesar Foods & Locks' });
    expect(find(fallback, 'name', 'keywords')).toBeUndefined();
  });
});

describe('JSON-LD helpers', () => {
  it('Product offers are in INR with InStock / OutOfStock from the stock', () => {
    const base = { name: 'Kaju Katli', sellingPrice: 620, path: '/category/5/1/sweets' };
    expect(productJsonLd('https://shop.example', { ...base, availableStock: 3 })).toMatchObject({
      offers: { priceCurrency: 'INR', price: '620.00', availability: 'https://schema.org/InStock' },
    });
    expect(productJsonLd('https://shop.example', { ...base, availableStock: 0 })).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
  });

  it('BreadcrumbList starts at Home', () => {
    expect(
      breadcrumbJsonLd('https://shop.example', [{ name: 'Sweets', path: '/category/5/1/sweets' }]),
    ).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://shop.example/' },
        { position: 2, name: 'Sweets', item: 'https://shop.example/category/5/1/sweets' },
      ],
    });
  });
});

describe('notFoundMeta (a page answered 404)', () => {
  it('names no canonical address and no og:url, so no other page is indexed in its place', () => {
    const tags = notFoundMeta({ settings: {}, module: 'product', publicUrl: 'https://shop.example' });
    expect(find(tags, 'rel', 'canonical')).toBeUndefined();
    expect(find(tags, 'property', 'og:url')).toBeUndefined();
    expect(find(tags, 'title', 'Page not found | Kesar Foods & Locks') ?? tags[0]).toMatchObject({
      title: expect.stringContaining('Page not found'),
    });
  });
});
