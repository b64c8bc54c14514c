/** robots.txt and sitemap.xml bodies (pure functions; the resource routes load the data). */

/** Shopper-only and debug screens: nothing there for a search engine. */
export const DISALLOWED_PATHS = [
  '/cart',
  '/shipping',
  '/payment',
  '/orders',
  '/login',
  '/signup',
  '/verify-email',
  '/forgot-password',
  '/verify-otp',
  '/change-password',
  '/search',
  '/settings',
  '/contents',
  '/temp',
  '/backend/api/',
] as const;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${trimSlash(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n');
}

export interface SitemapEntry {
  /** Site-relative path, already URL-encoded where needed. */
  path: string;
  changefreq?: 'daily' | 'weekly' | 'monthly';
  priority?: number;
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** A sitemaps.org urlset with absolute URLs; a path listed twice appears once. */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const base = trimSlash(publicUrl);
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    const parts = [`<loc>${escapeXml(`${base}${entry.path}`)}</loc>`];
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    urls.push(`  <url>${parts.join('')}</url>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Distinct gallery categories in first-seen order. */
export function distinctCategories(items: { category: string }[]): string[] {
  return [...new Set(items.map((i) => i.category).filter(Boolean))];
}
