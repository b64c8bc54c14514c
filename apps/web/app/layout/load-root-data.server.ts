import type { Collection } from '@shop/contract/collection';
import { mediaUrl } from '@shop/contract/media';
import type { StorefrontApi, StorefrontLoadContext } from '@shop/contract/storefront-context';
import { sanitizeInlineHtml } from '../lib/inline-html.ts';
import type { Banner, Category, MenuItem, RootData, ShopFile } from '../lib/root-data.ts';
import { copyrightSource, shopTexts } from '../lib/shop-texts.ts';

interface SettingRow {
  key: string;
  value: string | null;
}
interface ContentRow {
  name: string;
  content: string | null;
}
interface AssetRow {
  name: string;
  image: string;
}

/**
 * The shared layout's data: the same on every page, so it is made once and shared by every render
 * until the settings, contents, menus, categories, banners or files change (`context.shared`).
 */
export function loadRootData(context: StorefrontLoadContext): Promise<RootData> {
  return context.shared('layout', (api) => readRootData(api, context));
}

/**
 * Loads the shared layout's data in parallel (product rules §7 page sizes). A block that fails to load is
 * rendered empty and logged: the shop stays usable when, say, the banners are unavailable.
 */
async function readRootData(
  api: StorefrontApi,
  context: Pick<StorefrontLoadContext, 'publicUrl' | 'isProduction'>,
): Promise<RootData> {
  const list = async <T>(path: string, query: Record<string, string | number>): Promise<T[]> => {
    try {
      const body = await api.get<Collection<T> | T[]>(path, { query });
      return Array.isArray(body) ? body : (body.items ?? []);
    } catch (error) {
      console.error(`root loader: GET ${path} failed`, error);
      return [];
    }
  };
  const [settings, contents, assets, menus, categories, banners, files] = await Promise.all([
    list<SettingRow>('settings', { 'SettingsSearch[module_name]': 'frontend', 'per-page': 200 }),
    list<ContentRow>('contents', { 'per-page': 200, page: 1 }),
    list<AssetRow>('assets', { 'per-page': 200 }),
    list<MenuItem>('menus', { 'per-page': 200 }),
    list<Category>('categories', { 'per-page': 100, page: 1, sort: 'display_order' }),
    list<Banner>('banners', {}),
    list<ShopFile>('files', { 'per-page': 200 }),
  ]);
  const data: RootData = {
    settings: Object.fromEntries(settings.map((s) => [s.key, s.value ?? ''])),
    contents: Object.fromEntries(contents.map((c) => [c.name, c.content ?? ''])),
    assets: Object.fromEntries(assets.map((a) => [a.name, mediaUrl('assets', a.image)])),
    headerMenus: menus.filter((m) => m.category === 'header-menus'),
    footerMenus: menus.filter((m) => m.category === 'footer-quick-link-menus'),
    categories,
    banners,
    files,
    publicUrl: context.publicUrl,
    isProduction: context.isProduction,
    safeHtml: { copyright: '', aboutCompany: '', address: '' },
  };
  data.safeHtml = {
    copyright: sanitizeInlineHtml(copyrightSource(data)),
    aboutCompany: sanitizeInlineHtml(shopTexts(data).aboutCompany),
    address: sanitizeInlineHtml(shopTexts(data).address),
  };
  return data;
}
