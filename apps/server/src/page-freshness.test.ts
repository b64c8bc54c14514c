import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { products } from '@shop/db/schema/index';
import { queryRows } from '@shop/db/seed/raw-rows';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE_CONTROL } from './storefront/page-cache.ts';
import {
  makeAddress,
  makeCategory,
  makeCustomer,
  makeProduct,
  setSetting,
} from './modules/orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const API = '/backend/api/web';
const built = existsSync(new URL('../../web/build/server/index.js', import.meta.url));

/**
 * Page cache rule (ADR 0010): an anonymous storefront page is rendered once and kept with the
 * tags of the API answers it shows; a sale, a price or a visibility change drops it, so the next
 * visitor sees the change. Needs the storefront build (`npm run build`).
 */
describe.runIf(built)('kept storefront pages follow stock, price and visibility (real HTTP)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, headers: res.headers, html: await res.text() };
  }

  async function categoryWith(name: string, stock = 2) {
    const category = await makeCategory(t.ctx.db);
    const product = await makeProduct(t.ctx.db, { name, categoryId: category.id, availableStock: stock });
    await t.ctx.changes.flush();
    return { category, product, path: `/category/${category.id}/1/${category.urlSlug}` };
  }

  /** The tile of `name` on a page says "Sold out" (the tile's text runs to the product name). */
  function soldOut(html: string, name: string): boolean {
    const at = html.indexOf(`<h3`, html.indexOf(`alt="${name}"`));
    return at > 0 && html.slice(html.indexOf(`alt="${name}"`), at).includes('Sold out');
  }

  it('renders a category page once, then answers it from memory with headers a CDN can use', async () => {
    const { path } = await categoryWith('Zeta Page Kaju Katli');
    const first = await page(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const second = await page(path);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
    expect(second.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
    expect(second.headers.get('cache-control')).toContain('stale-while-revalidate=');
    expect(second.headers.get('vary')).toMatch(/accept-encoding/i);
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);

    // The document's scripts carry the nonce its policy names: both were kept together.
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(second.html).toContain(`nonce="${nonce}"`);
    // The page keeps only its nonce; the policy made from it is the render's own, whole.
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");

    // A cache buster or a campaign tag is the same page.
    expect((await page(`${path}?_=123&utm_source=mail`)).headers.get('x-cache')).toBe('HIT');

    // The client that has it gets 304 Not Modified, without a body.
    const again = await fetch(`${base}${path}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('sends the kept page brotli- or gzip-compressed or plain as the client accepts, the same document', async () => {
    const { path } = await categoryWith('Zeta Page Soan Papdi');
    const plain = (await page(path)).html;
    for (const coding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': coding } });
      // fetch decodes the body itself; the header says what travelled.
      expect(res.headers.get('content-encoding')).toBe(coding === 'identity' ? null : coding);
      expect(res.headers.get('x-cache')).toBe('HIT');
      expect(await res.text()).toBe(plain);
    }
  });

  it('a page asked with a cookie is the anonymous page (the storefront keeps customers client-side)', async () => {
    const { path } = await categoryWith('Zeta Page Chakli');
    await page(path);
    const withCookie = await page(path, { cookie: 'theme=dark; session=abc' });
    expect(withCookie.headers.get('x-cache')).toBe('HIT');
  });

  it('sells the last units through checkout; the next page request shows the product sold out', async () => {
    const name = 'Zeta Page Moong Dal';
    const { product, path } = await categoryWith(name);
    await page(path);
    const before = await page(path);
    expect(before.headers.get('x-cache')).toBe('HIT');
    expect(soldOut(before.html, name)).toBe(false);

    const customer = await makeCustomer(t.ctx.db);
    const address = await makeAddress(t.ctx.db, customer.id);
    const res = await fetch(`${base}${API}/orders/checkout`, {
      method: 'POST',
      headers: {
        ...customer.auth,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        items: [{ item_id: product.id, quantity: 2 }],
        customer_remarks: '',
        coupon_code: '',
        customer: { address_id: address.id },
      }),
    });
    expect(res.status).toBe(200);

    const after = await page(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(soldOut(after.html, name)).toBe(true);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('a price or visibility change made in the database reaches the kept page on the next request', async () => {
    const name = 'Zeta Page Garam Masala';
    const { product, path } = await categoryWith(name, 5);
    await page(path);
    expect((await page(path)).headers.get('x-cache')).toBe('HIT');

    await t.ctx.db.update(products).set({ sellingPricePaise: 31_500 }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    const repriced = await page(path);
    expect(repriced.headers.get('x-cache')).toBe('MISS');
    expect(repriced.html).toContain('315');

    await t.ctx.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    expect((await page(path)).html).not.toContain(`alt="${name}"`);
  });

  it("keeps a client-side navigation's data (`.data`) like its page, and a price change drops it", async () => {
    const name = 'Zeta Page Kaju Pista Roll';
    const { product, path } = await categoryWith(name, 5);
    const first = await page(`${path}.data`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/x-script/);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.html).toContain(name);
    const second = await page(`${path}.data?_=1`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
    expect(second.headers.get('cache-control')).toBe(PAGE_CACHE_CONTROL);
    // Data is not a document: no policy for inline scripts goes with it.
    expect(second.headers.get('content-security-policy')).toBeNull();
    // The document of the same URL is kept apart from its data.
    const document = await page(path);
    expect(document.headers.get('content-type')).toMatch(/^text\/html/);
    expect(document.headers.get('x-cache')).toBe('MISS');

    await t.ctx.db.update(products).set({ sellingPricePaise: 42_100 }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    const repriced = await page(`${path}.data`);
    expect(repriced.headers.get('x-cache')).toBe('MISS');
    expect(repriced.html).toContain('421');
  });

  it('keeps the home page and content pages too', async () => {
    const [first] = await queryRows<{ url_slug: string }>(
      t.ctx.db,
      sql`select url_slug from pages where is_active order by id limit 1`,
    );
    const slug = first?.url_slug;
    expect(slug).toBeTruthy();
    for (const path of ['/', `/page/${slug}`]) {
      expect((await page(path)).status, path).toBe(200);
      expect((await page(path)).headers.get('x-cache'), path).toBe('HIT');
    }
  });

  it('the layout, read once for every page, follows a settings change on the next page', async () => {
    await setSetting(t.ctx.db, 'header_top_text', 'Monsoon sale on namkeen till Sunday');
    await t.ctx.changes.flush();
    const before = await page('/?layout=1');
    expect(before.html).toContain('Monsoon sale on namkeen till Sunday');
    expect((await page('/page/no-such-page?layout=2')).html).toContain('Monsoon sale on namkeen till Sunday');

    await setSetting(t.ctx.db, 'header_top_text', 'Diwali hampers now shipping');
    await t.ctx.changes.flush();
    const after = await page('/?layout=1');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(after.html).toContain('Diwali hampers now shipping');
    expect(after.html).not.toContain('Monsoon sale on namkeen');
  });

  it("answers React Router's route discovery once per URL and build, then from the kept copy", async () => {
    const name = 'Zeta Route Map Laddoo';
    const { product, path } = await categoryWith(name, 3);
    // The build's version, as the page gives it to the browser (inside its bootstrap script).
    const version = /\\"version\\": \\"([\w-]+)\\"/.exec((await page(path)).html)?.[1];
    expect(version).toBeTruthy();
    const discovery = `/__manifest?paths=${encodeURIComponent(['/', '/cart', path].join(','))}&version=${version}`;
    const first = await page(discovery, { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Object.keys(JSON.parse(first.html)).sort()).toEqual([
      'root',
      'routes/cart',
      'routes/category',
      'routes/home',
    ]);
    const second = await page(discovery);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
    expect(second.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    // No change to the shop's data changes which routes a path has: a sale leaves it kept.
    await t.ctx.db.update(products).set({ availableStock: 0 }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    expect((await page(discovery)).headers.get('x-cache')).toBe('HIT');

    // A page of an older build is told to load the next page whole, as React Router tells it.
    const stale = await page(`/__manifest?paths=%2Fcart&version=0123abcd`);
    expect(stale.status).toBe(204);
    expect(stale.headers.get('x-remix-reload-document')).toBe('true');
    expect(stale.headers.get('x-cache')).toBeNull();
  });

  it('a page that is not found is rendered each time, never kept', async () => {
    const missing = await page('/no-such-page-here');
    expect(missing.status).toBe(404);
    expect((await page('/no-such-page-here')).headers.get('x-cache')).toBeNull();
  });
});
