import type { Product } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import { productPath } from '@shop/contract/product-path';
import type { ImageGalleryItem, Page, VideoGalleryItem } from '@shop/contract/content';
import { distinctCategories, type SitemapEntry, sitemapXml } from '../features/content/crawler-files.ts';
import { categoryPath } from '../lib/category-links.ts';
import { type Category, ROOT_CATEGORY_ID, type StorefrontLoaderArgs } from '../lib/root-data.ts';

/** A sitemap holds at most 50,000 addresses; products fill what the other pages leave. */
const MAX_SITEMAP_PRODUCTS = 49_000;
const PRODUCTS_PER_CALL = 200;

/**
 * /sitemap.xml: home, every category listing (except the hidden root category), every product
 * page (in display order, up to the sitemap's limit), content pages,
 * photo and video galleries, Contact Us, Seller Information and Grievance Redressal, as absolute
 * URLs under PUBLIC_URL.
 */
export async function loader({ context }: StorefrontLoaderArgs) {
  const { api } = context;
  const items = <T>(path: string, query: Record<string, string | number>) =>
    api.get<Collection<T>>(path, { query }).then((body) => body.items);
  const allProducts = async (): Promise<Product[]> => {
    const found: Product[] = [];
    for (let page = 1; found.length < MAX_SITEMAP_PRODUCTS; page++) {
      const body = await api.get<Collection<Product>>('products', {
        query: { 'per-page': PRODUCTS_PER_CALL, page },
      });
      found.push(...body.items);
      if (page >= body._meta.pageCount || body.items.length === 0) break;
    }
    return found.slice(0, MAX_SITEMAP_PRODUCTS);
  };
  const [categories, products, pages, photos, videos] = await Promise.all([
    items<Category>('categories', { 'per-page': 100, page: 1, sort: 'display_order' }),
    allProducts(),
    items<Page>('pages', { 'per-page': 200, page: 1 }),
    items<ImageGalleryItem>('imagegallery', { 'per-page': 200, page: 1 }),
    items<VideoGalleryItem>('videogallery', { 'per-page': 200, page: 1 }),
  ]);
  const entries: SitemapEntry[] = [
    { path: '/', changefreq: 'daily', priority: 1 },
    ...categories
      .filter((c) => c.id !== ROOT_CATEGORY_ID)
      .map((c): SitemapEntry => ({ path: categoryPath(c), changefreq: 'daily', priority: 0.8 })),
    ...products.map((p): SitemapEntry => ({ path: productPath(p), changefreq: 'weekly', priority: 0.7 })),
    ...pages.map(
      (p): SitemapEntry => ({
        path: `/page/${encodeURIComponent(p.url_slug)}`,
        changefreq: 'monthly',
        priority: 0.5,
      }),
    ),
    ...distinctCategories(photos).map(
      (c): SitemapEntry => ({
        path: `/gallery/${encodeURIComponent(c)}`,
        changefreq: 'weekly',
        priority: 0.4,
      }),
    ),
    ...distinctCategories(videos).map(
      (c): SitemapEntry => ({
        path: `/gallery/video/${encodeURIComponent(c)}`,
        changefreq: 'weekly',
        priority: 0.4,
      }),
    ),
    { path: '/contact-us', changefreq: 'monthly', priority: 0.5 },
    { path: '/seller-information', changefreq: 'monthly', priority: 0.3 },
    { path: '/grievance', changefreq: 'monthly', priority: 0.3 },
  ];
  return new Response(sitemapXml(context.publicUrl, entries), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
