import type { Collection } from '@shop/contract/collection';
import type {
  Banner,
  ContentBlock,
  ImageGalleryItem,
  MenuItem,
  Page,
  Setting,
  Testimonial,
  VideoGalleryItem,
} from '@shop/contract/content';
import {
  assets,
  banners,
  contents,
  files,
  imageGallery,
  menus,
  pages,
  settings,
  testimonials,
  videoGallery,
} from '@shop/db/schema/index';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { responseCacheOf } from '../../http/response-cache.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const API = '/backend/api/web';

async function seedContent(t: TestApp) {
  const db = t.ctx.db;
  const [parent] = await db
    .insert(menus)
    .values({ name: 'Zz Products', url: '/category/2/1/zz', category: 'zz-test-menus', displayOrder: 2 })
    .returning();
  if (!parent) throw new Error('insert failed');
  await db.insert(menus).values([
    { name: 'Zz Child', url: '/zz-child', category: 'zz-test-menus', parentId: parent.id, displayOrder: 3 },
    { name: 'Zz Home', url: '/', category: 'zz-test-menus', displayOrder: 1 },
    { name: 'Zz Footer', url: '/zz-footer', category: 'zz-other-menus', displayOrder: 1 },
  ]);
  await db.insert(settings).values([
    {
      key: 'zz_footer_copyright_message',
      value: '© 2025 <a href="/" onclick="steal()">Kesar</a><script>alert(1)</script>',
    },
    { key: 'zz_plain_url', value: 'https://www.youtube.com/embed/abc?rel=0&autoplay=1' },
    { key: 'zz_gateway_secret', value: 'sk_live_do_not_leak', isPublic: false },
    { key: 'zz_backend_only', value: 'backend', moduleName: 'backend' },
  ]);
  await db.insert(testimonials).values([
    { name: 'Zz Second', description: 'Good locks', displayOrder: 20, designation: 'Shop owner' },
    { name: 'Zz First', description: 'Tasty snacks', displayOrder: 10, image: 'first.webp' },
  ]);
  await db.insert(banners).values([
    {
      category: 'Zz Banners',
      name: 'Zz Sale',
      url: '/category/3/1/snacks',
      image: 'sale.webp',
      displayOrder: 1,
    },
    { category: 'Zz Banners', name: 'Zz Old', image: 'old.webp', isActive: false },
    { category: 'Zz Other Banners', name: 'Zz Other', image: 'other.webp' },
  ]);
  await db.insert(imageGallery).values([
    { category: 'zz-factory', name: 'Zz Ovens', image: 'ovens.webp', displayOrder: 2 },
    { category: 'zz-factory', name: 'Zz Packing', image: 'packing.webp', displayOrder: 1 },
    { category: 'zz-events', name: 'Zz Diwali', image: 'diwali.webp' },
  ]);
  await db.insert(videoGallery).values([{ category: 'zz-factory', name: 'Zz Tour', videoId: 'dQw4w9WgXcQ' }]);
  await db.insert(assets).values([{ name: 'zz-company-logo-main', image: 'logo.png', alt: 'Kesar logo' }]);
  await db.insert(contents).values([
    { name: 'zz_company_address', content: '12 MG Road<br>Pune <img src=x onerror="alert(1)">' },
    { name: 'zz_header_top_text', content: 'Free delivery & fresh stock' },
  ]);
  await db.insert(files).values([{ name: 'Zz Catalogue', fileName: 'catalogue.pdf' }]);
  await db.insert(pages).values([
    {
      title: 'Zz About Us',
      urlSlug: 'zz-about-us',
      content:
        '<h2>Our story</h2><p onclick="x()">Since 1990 [youtube id=dQw4w9WgXcQ]</p><script>alert(1)</script><a href="javascript:alert(1)">bad</a><table><tr><td>ok</td></tr></table>',
      metaKeyword: 'about, kesar',
      metaDescription: 'About the shop',
    },
    { title: 'Zz Draft', urlSlug: 'zz-draft', content: 'draft', isActive: false },
  ]);
  responseCacheOf(t.ctx).clear();
}

describe('content API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedContent(t);
  });
  afterAll(() => t.close());
  beforeEach(() => responseCacheOf(t.ctx).clear());

  async function get<T>(url: string) {
    const res = await t.request({ method: 'GET', url: `${API}/${url}` });
    return { res, body: res.json<T>() };
  }

  it('GET menus filters by MenusSearch[category] and orders by display_order', async () => {
    const { res, body } = await get<Collection<MenuItem>>(
      'menus?per-page=200&MenusSearch[category]=zz-test-menus',
    );
    expect(res.statusCode).toBe(200);
    expect(body.items.map((m) => m.name)).toEqual(['Zz Home', 'Zz Products', 'Zz Child']);
    const child = body.items[2];
    expect(child).toMatchObject({ url: '/zz-child', category: 'zz-test-menus', display_order: 3 });
    expect(child?.parent_id).toBe(body.items[1]?.id);
    expect(Object.keys(child ?? {}).sort()).toEqual([
      'category',
      'display_order',
      'id',
      'name',
      'parent_id',
      'url',
    ]);
    expect(body._meta).toEqual({ totalCount: 3, pageCount: 1, currentPage: 1, perPage: 200 });
  });

  it('GET settings returns public settings of the module only, never secrets, HTML sanitised', async () => {
    const { body } = await get<Collection<Setting>>(
      'settings?SettingsSearch[module_name]=frontend&per-page=200',
    );
    const byKey = new Map(body.items.map((s) => [s.key, s.value]));
    expect(byKey.has('zz_gateway_secret')).toBe(false);
    expect(byKey.has('zz_backend_only')).toBe(false);
    expect(JSON.stringify(body)).not.toContain('sk_live_do_not_leak');
    expect(byKey.get('zz_footer_copyright_message')).toBe('© 2025 <a href="/">Kesar</a>');
    // A plain value keeps its '&' (no entity escaping of URLs).
    expect(byKey.get('zz_plain_url')).toBe('https://www.youtube.com/embed/abc?rel=0&autoplay=1');
    expect(Object.keys(body.items[0] ?? {}).sort()).toEqual(['id', 'key', 'value']);
  });

  it('GET clienttestimonials honours order=display_order as the storefront sends it, and sort=-display_order', async () => {
    const asc = await get<Collection<Testimonial>>('clienttestimonials?order=display_order');
    const ours = asc.body.items.filter((x) => x.name.startsWith('Zz'));
    expect(ours.map((x) => x.name)).toEqual(['Zz First', 'Zz Second']);
    expect(ours[0]).toMatchObject({ image: 'first.webp', description: 'Tasty snacks', display_order: 10 });
    const desc = await get<Collection<Testimonial>>('clienttestimonials?sort=-display_order&per-page=200');
    const orders = desc.body.items.map((x) => x.display_order);
    expect(orders).toEqual([...orders].sort((a, b) => b - a));
  });

  it('GET banners lists active banners, optionally of one category', async () => {
    const one = await get<Collection<Banner>>('banners?BannersSearch[category]=Zz%20Banners');
    expect(one.body.items).toEqual([
      {
        id: expect.any(Number),
        category: 'Zz Banners',
        name: 'Zz Sale',
        url: '/category/3/1/snacks',
        image: 'sale.webp',
      },
    ]);
    const all = await get<Collection<Banner>>('banners?per-page=200');
    const names = all.body.items.map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(['Zz Sale', 'Zz Other']));
    expect(names).not.toContain('Zz Old');
  });

  it('GET imagegallery and videogallery filter by category', async () => {
    const images = await get<Collection<ImageGalleryItem>>(
      'imagegallery?ImagegallerySearch[category]=zz-factory&per-page=200&page=1',
    );
    expect(images.body.items.map((i) => [i.name, i.image])).toEqual([
      ['Zz Packing', 'packing.webp'],
      ['Zz Ovens', 'ovens.webp'],
    ]);
    const videos = await get<Collection<VideoGalleryItem>>(
      'videogallery?VideogallerySearch[category]=zz-factory',
    );
    expect(videos.body.items).toEqual([
      { id: expect.any(Number), category: 'zz-factory', name: 'Zz Tour', video_id: 'dQw4w9WgXcQ' },
    ]);
    const none = await get<Collection<VideoGalleryItem>>(
      'videogallery?VideogallerySearch[category]=zz-nothing',
    );
    expect(none.body).toEqual({
      items: [],
      _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 20 },
    });
  });

  it('GET assets, contents and files return their fields; content HTML is sanitised, plain text untouched', async () => {
    const a = await get<Collection<{ name: string; image: string }>>('assets?per-page=200');
    expect(a.body.items).toContainEqual({
      id: expect.any(Number),
      name: 'zz-company-logo-main',
      image: 'logo.png',
      alt: 'Kesar logo',
    });
    const c = await get<Collection<ContentBlock>>('contents?per-page=200&page=1');
    const byName = new Map(c.body.items.map((x) => [x.name, x.content]));
    expect(byName.get('zz_company_address')).toBe('12 MG Road<br />Pune <img src="x" />');
    expect(byName.get('zz_header_top_text')).toBe('Free delivery & fresh stock');
    const f = await get<Collection<{ name: string; file_name: string }>>('files');
    expect(f.body.items).toContainEqual({
      id: expect.any(Number),
      name: 'Zz Catalogue',
      file_name: 'catalogue.pdf',
    });
  });

  it('GET pages finds a page by PageSearch[url_slug]; content keeps structure and [youtube] tags, loses scripts', async () => {
    const { body } = await get<Collection<Page>>('pages?PageSearch[url_slug]=zz-about-us');
    expect(body.items).toHaveLength(1);
    const page = body.items[0];
    expect(page).toMatchObject({
      title: 'Zz About Us',
      url_slug: 'zz-about-us',
      meta_keyword: 'about, kesar',
      meta_description: 'About the shop',
    });
    expect(page?.content).toBe(
      '<h2>Our story</h2><p>Since 1990 [youtube id=dQw4w9WgXcQ]</p><a>bad</a><table><tr><td>ok</td></tr></table>',
    );
  });

  it('GET pages does not show inactive pages and answers an unknown slug with an empty list', async () => {
    for (const slug of ['zz-draft', 'no-such-page', "x' OR 1=1 --"]) {
      const { res, body } = await get<Collection<Page>>(
        `pages?PageSearch[url_slug]=${encodeURIComponent(slug)}`,
      );
      expect(res.statusCode).toBe(200);
      expect(body.items).toEqual([]);
    }
  });

  it('pages through results with page and per-page and the X-Pagination headers', async () => {
    const first = await get<Collection<MenuItem>>(
      'menus?MenusSearch[category]=zz-test-menus&per-page=2&page=1',
    );
    const second = await get<Collection<MenuItem>>(
      'menus?MenusSearch[category]=zz-test-menus&per-page=2&page=2',
    );
    expect(first.body.items.map((m) => m.name)).toEqual(['Zz Home', 'Zz Products']);
    expect(second.body.items.map((m) => m.name)).toEqual(['Zz Child']);
    expect(second.res.headers).toMatchObject({
      'x-pagination-total-count': '3',
      'x-pagination-page-count': '2',
      'x-pagination-current-page': '2',
      'x-pagination-per-page': '2',
    });
  });
});
