import type { Category, Product } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import type { Banner, ContentBlock, MenuItem, Setting } from '@shop/contract/content';
import { storageKeys } from '@shop/contract/storage-keys';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

/** Storefront e2e helpers: the tests read the seeded shop through the API instead of hard-coding it. */
const API = '/backend/api/web';

export async function apiList<T>(
  request: APIRequestContext,
  path: string,
  params: Record<string, string | number> = {},
): Promise<T[]> {
  const response = await request.get(`${API}/${path}`, { params });
  expect(response.status(), `GET ${path}`).toBe(200);
  return ((await response.json()) as Collection<T>).items;
}

export const featuredProducts = (request: APIRequestContext) =>
  apiList<Product>(request, 'products', {
    'per-page': 100,
    page: 1,
    'ProductsSearch[product_labels]': 'Featured',
  });

export const categoryProducts = (request: APIRequestContext, categoryId: number) =>
  apiList<Product>(request, 'products', {
    'per-page': 100,
    page: 1,
    'ProductsSearch[category_id]': categoryId,
  });

export const allProducts = (request: APIRequestContext) =>
  apiList<Product>(request, 'products', { 'per-page': 200, page: 1 });

export const categories = (request: APIRequestContext) =>
  apiList<Category>(request, 'categories', { 'per-page': 100, page: 1, sort: 'display_order' });

export const banners = (request: APIRequestContext) => apiList<Banner>(request, 'banners');
export const menus = (request: APIRequestContext) => apiList<MenuItem>(request, 'menus', { 'per-page': 200 });

/** Settings and content blocks in one map (the storefront reads texts from both). */
export async function shopTexts(request: APIRequestContext): Promise<Record<string, string>> {
  const [settings, contents] = await Promise.all([
    apiList<Setting>(request, 'settings', { 'SettingsSearch[module_name]': 'frontend', 'per-page': 200 }),
    apiList<ContentBlock>(request, 'contents', { 'per-page': 200, page: 1 }),
  ]);
  return {
    ...Object.fromEntries(contents.map((c) => [c.name, c.content])),
    ...Object.fromEntries(settings.map((s) => [s.key, s.value])),
  };
}

export const categoryPath = (c: Pick<Category, 'id' | 'url_slug'>) => `/category/${c.id}/1/${c.url_slug}`;

/** A category that has products of its own or below it (id 1 excluded). */
export async function categoryWithProducts(request: APIRequestContext) {
  for (const category of (await categories(request)).filter((c) => c.id !== 1)) {
    const products = await categoryProducts(request, category.id);
    if (products.length > 0) return { category, products };
  }
  throw new Error('the demo shop has no category with products');
}

export function isMobile(testInfo: TestInfo) {
  return testInfo.project.name === 'mobile';
}

/** Nothing leaves 127.0.0.1 in tests (YouTube thumbnails and players included). */
export async function blockExternalRequests(page: Page) {
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}

/**
 * A cart saved in this browser, as the shop keeps it (a product's fields and `qty`, which may be
 * anything a stale or edited storage holds), before any page of the shop has loaded.
 */
export async function seedCart(page: Page, lines: Record<string, unknown>[]) {
  await page.goto('/robots.txt');
  await page.evaluate(({ key, saved }) => localStorage.setItem(key, JSON.stringify(saved)), {
    key: storageKeys.cartData,
    saved: lines,
  });
}

/** Waits until React has hydrated the page (the shop marks <html> after hydration). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  return response;
}

/**
 * Holds every request matching `pattern` until `release` is called: a slow network for one
 * resource (the client entry, to keep a page un-hydrated; an API call, to see a loading state).
 */
export async function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Keeps the page server-rendered and un-hydrated (its client entry held): a slow phone network. */
export const holdHydration = (page: Page) => holdRequests(page, /\/assets\/entry\.client-[^/]+\.js$/);

/** The product tile whose heading is exactly `name`. */
export function productTile(page: Page, name: string) {
  return page.getByTestId('product-tile').filter({ has: page.getByRole('heading', { name, exact: true }) });
}
