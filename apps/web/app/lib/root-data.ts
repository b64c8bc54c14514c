import type { Category } from '@shop/contract/catalogue';
import type { Banner, MenuItem, ShopFile } from '@shop/contract/content';
import type { StorefrontLoadContext } from '@shop/contract/storefront-context';
import { type LoaderFunctionArgs, useRouteLoaderData } from 'react-router';

/**
 * Loader arguments with the server's load context (the in-process API client, see
 * apps/server/src/storefront/storefront.ts): `loader({ context }: StorefrontLoaderArgs)`.
 */
export type StorefrontLoaderArgs = LoaderFunctionArgs<StorefrontLoadContext>;

// Type-only imports: the contract's zod schemas stay out of the browser bundle.
export type { Category } from '@shop/contract/catalogue';
export type { Banner, MenuItem, ShopFile } from '@shop/contract/content';

/** Everything the shared layout needs, loaded once by the root loader. */
export interface RootData {
  /** Frontend settings, key → value. */
  settings: Record<string, string>;
  /** Content blocks, name → content (may hold HTML). */
  contents: Record<string, string>;
  /** Named images, name → URL under /backend/data/assets. */
  assets: Record<string, string>;
  headerMenus: MenuItem[];
  footerMenus: MenuItem[];
  /** All categories sorted by display_order (category 1 included; views exclude it). */
  categories: Category[];
  banners: Banner[];
  files: ShopFile[];
  /** Database HTML snippets, sanitised on the server (simple inline tags only). */
  safeHtml: { copyright: string; aboutCompany: string; address: string };
  publicUrl: string;
  isProduction: boolean;
}

/** The hidden root category (product rules §2); the same value as the contract's ROOT_CATEGORY_ID. */
export const ROOT_CATEGORY_ID = 1;

/** The part of a meta function's match that we read (works with `loaderData` and the older `data`). */
export interface MetaMatchLike {
  id: string;
  loaderData?: unknown;
  data?: unknown;
}

const emptyRootData: RootData = {
  settings: {},
  contents: {},
  assets: {},
  headerMenus: [],
  footerMenus: [],
  categories: [],
  banners: [],
  files: [],
  safeHtml: { copyright: '', aboutCompany: '', address: '' },
  publicUrl: '',
  isProduction: false,
};

/** The root loader's data in any component (an empty shape inside an error boundary without it). */
export function useRootData(): RootData {
  return useRouteLoaderData<RootData>('root') ?? emptyRootData;
}

/** The root loader's data inside a `meta` function: `rootDataFrom(matches)`. */
export function rootDataFrom(matches: ReadonlyArray<MetaMatchLike | undefined>): RootData {
  const root = matches.find((m) => m?.id === 'root');
  const data = root?.loaderData ?? root?.data;
  return isRootData(data) ? data : emptyRootData;
}

function isRootData(value: unknown): value is RootData {
  return typeof value === 'object' && value !== null && 'settings' in value && 'categories' in value;
}

/**
 * A shop text by key: settings first, then content blocks. The product rules (§3) name these texts (company
 * phone, footer_about_company, …) without saying which table holds each one.
 */
export function shopText(data: RootData, key: string): string {
  return data.settings[key] ?? data.contents[key] ?? '';
}

/** Banners of one banner category, in API order. */
export function bannersOf(data: RootData, category: string): Banner[] {
  return data.banners.filter((b) => b.category.toLowerCase() === category.toLowerCase());
}
