import { describe, expect, it } from 'vitest';
import { distinctCategories, robotsTxt, sitemapXml } from './crawler-files.ts';

describe('robots.txt', () => {
  it('allows all, keeps crawlers out of shopper screens and names the sitemap', () => {
    const body = robotsTxt('https://shop.example/');
    expect(body.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    for (const path of ['/cart', '/shipping', '/payment', '/orders', '/login', '/signup'])
      expect(body).toContain(`\nDisallow: ${path}\n`);
    expect(body).toContain('\nSitemap: https://shop.example/sitemap.xml\n');
  });
});

describe('sitemap.xml', () => {
  it('lists absolute, escaped URLs once each', () => {
    const xml = sitemapXml('http://127.0.0.1:4000', [
      { path: '/', priority: 1 },
      { path: '/category/2/1/food', changefreq: 'daily' },
      { path: '/page/a&b' },
      { path: '/' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>http://127.0.0.1:4000/</loc><priority>1.0</priority></url>');
    expect(xml).toContain('<loc>http://127.0.0.1:4000/category/2/1/food</loc><changefreq>daily</changefreq>');
    expect(xml).toContain('<loc>http://127.0.0.1:4000/page/a&amp;b</loc>');
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });

  it('takes each gallery category once, in first-seen order', () => {
    expect(distinctCategories([{ category: 'b' }, { category: 'a' }, { category: 'b' }])).toEqual(['b', 'a']);
  });
});
