import { brotliDecompressSync } from 'node:zlib';
import type { Category, Product } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import { categories, productAttachments, products } from '@shop/db/schema/index';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { responseCacheOf } from '../../http/response-cache.ts';
import { declaredWindowBits } from '../../test/brotli-window.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const API = '/backend/api/web';

/** A small catalogue of our own, beside whatever the demo seed holds: Locks ⊃ Padlocks, Sweets. */
async function seedCatalogue(t: TestApp) {
  const db = t.ctx.db;
  const [locks] = await db
    .insert(categories)
    .values({ name: 'Zz Locks', urlSlug: 'zz-locks', parentId: 0, displayOrder: 900 })
    .returning();
  if (!locks) throw new Error('insert failed');
  const [padlocks] = await db
    .insert(categories)
    .values({ name: 'Zz Padlocks', urlSlug: 'zz-padlocks', parentId: locks.id, displayOrder: 1 })
    .returning();
  const [sweets] = await db
    .insert(categories)
    .values({ name: 'Zz Sweets', urlSlug: 'zz-sweets', parentId: 0, displayOrder: 901 })
    .returning();
  const [hidden] = await db
    .insert(categories)
    .values({ name: 'Zz Hidden', urlSlug: 'zz-hidden', parentId: locks.id, isActive: false })
    .returning();
  const [snacks] = await db
    .insert(categories)
    .values({ name: 'Zz Snacks', urlSlug: 'zz-snacks', parentId: 0, displayOrder: 902 })
    .returning();
  if (!padlocks || !sweets || !hidden || !snacks) throw new Error('insert failed');
  const made = await db
    .insert(products)
    .values([
      {
        categoryId: locks.id,
        name: 'Zeta Door Lock Deluxe',
        urlSlug: 'zz-door-lock',
        description: 'Heavy mortise door lock with three keys.',
        sellingPricePaise: 125050,
        mrpPaise: 150000,
        availableStock: 4,
        itemWeight: 900,
        displayOrder: 2,
      },
      {
        categoryId: padlocks.id,
        name: 'Zeta Brass Padlock 50mm',
        urlSlug: 'zz-brass-padlock',
        description: 'Solid brass padlock, hardened shackle.',
        sellingPricePaise: 45000,
        availableStock: 0,
        itemWeight: 350,
        displayOrder: 1,
        productLabels: ['Featured'],
      },
      {
        categoryId: sweets.id,
        name: 'Zeta Kaju Katli',
        urlSlug: 'zz-kaju-katli',
        description: 'Cashew fudge with silver leaf.',
        sellingPricePaise: 62000,
        availableStock: 20,
        itemWeight: 500,
        productLabels: ['Featured', 'Bestseller'],
      },
      {
        categoryId: sweets.id,
        name: 'Zeta Roasted Peanuts',
        urlSlug: 'zz-roasted-peanuts',
        description: 'Salted and roasted groundnuts.',
        sellingPricePaise: 9900,
        availableStock: 50,
        itemWeight: 200,
      },
      {
        categoryId: sweets.id,
        name: 'Zeta Retired Laddoo',
        urlSlug: 'zz-retired-laddoo',
        sellingPricePaise: 100,
        isActive: false,
      },
      // Spelt the other way round from the demo shop's Kaju Katli and Moong Dal Namkeen.
      {
        categoryId: snacks.id,
        name: 'Zeta Kaaju Pista Roll',
        urlSlug: 'zz-kaaju-roll',
        sellingPricePaise: 30000,
      },
      {
        categoryId: snacks.id,
        name: 'Zeta Nimbu Namkin',
        urlSlug: 'zz-nimbu-namkin',
        sellingPricePaise: 8000,
      },
      {
        categoryId: hidden.id,
        name: 'Zeta Lock In Hidden Category',
        urlSlug: 'zz-hidden-lock',
        sellingPricePaise: 100,
      },
    ])
    .returning();
  const byName = (name: string) => {
    const p = made.find((m) => m.name === name);
    if (!p) throw new Error(name);
    return p;
  };
  const padlock = byName('Zeta Brass Padlock 50mm');
  await db.insert(productAttachments).values([
    { productId: padlock.id, fileName: 'padlock-back.webp', kind: 'image', displayOrder: 2 },
    { productId: padlock.id, fileName: 'padlock-side.webp', kind: 'image', displayOrder: 1 },
  ]);
  responseCacheOf(t.ctx).clear();
  return { locks, padlocks, sweets, snacks, hidden, byName };
}

describe('catalogue API', () => {
  let t: TestApp;
  let data: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    t = await createTestApp();
    data = await seedCatalogue(t);
  });
  afterAll(() => t.close());
  beforeEach(() => responseCacheOf(t.ctx).clear());

  async function getJson<T>(url: string) {
    const res = await t.request({ method: 'GET', url: `${API}/${url}` });
    return { res, body: res.json<T>() };
  }
  const names = (body: Collection<Product>) => body.items.map((p) => p.name);

  describe('GET categories', () => {
    it('lists active categories with sub-category counts in display order, as a Yii2 collection', async () => {
      const { res, body } = await getJson<Collection<Category>>(
        'categories?per-page=100&page=1&sort=display_order',
      );
      expect(res.statusCode).toBe(200);
      const locks = body.items.find((c) => c.id === data.locks.id);
      expect(locks).toEqual({
        id: data.locks.id,
        parent_id: 0,
        name: 'Zz Locks',
        url: null,
        url_slug: 'zz-locks',
        display_order: 900,
        total_sub_categories: 1,
        image: null,
      });
      expect(body.items.some((c) => c.name === 'Zz Hidden')).toBe(false);
      const orders = body.items.map((c) => c.display_order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(body._meta).toMatchObject({ currentPage: 1, perPage: 100 });
      expect(res.headers['x-pagination-total-count']).toBe(String(body._meta.totalCount));
    });

    it('adds products_count (including sub-categories) with expand=products_count', async () => {
      const { body } = await getJson<Collection<Category>>('categories?per-page=100&expand=products_count');
      const locks = body.items.find((c) => c.id === data.locks.id);
      const padlocks = body.items.find((c) => c.id === data.padlocks.id);
      expect(padlocks?.products_count).toBe(1);
      // The door lock plus the padlock of the sub-category; the hidden category's lock is not counted.
      expect(locks?.products_count).toBe(2);
    });

    it('sorts descending with a minus sign', async () => {
      const { body } = await getJson<Collection<Category>>('categories?per-page=200&sort=-display_order');
      const orders = body.items.map((c) => c.display_order);
      expect(orders).toEqual([...orders].sort((a, b) => b - a));
    });
  });

  describe('GET products', () => {
    it('lists a category with the products of all its sub-categories, active only', async () => {
      const { res, body } = await getJson<Collection<Product>>(
        `products?per-page=100&page=1&ProductsSearch[category_id]=${data.locks.id}`,
      );
      expect(res.statusCode).toBe(200);
      expect(names(body).sort()).toEqual(['Zeta Brass Padlock 50mm', 'Zeta Door Lock Deluxe']);
      expect(body._meta.totalCount).toBe(2);
    });

    it('returns the product fields with rupee prices and attachments in display order', async () => {
      const { body } = await getJson<Collection<Product>>(
        `products?ProductsSearch[category_id]=${data.padlocks.id}`,
      );
      const padlock = data.byName('Zeta Brass Padlock 50mm');
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        id: padlock.id,
        name: 'Zeta Brass Padlock 50mm',
        url_slug: 'zz-brass-padlock',
        product_labels: ['Featured'],
        item_weight: 350,
        selling_price: 450,
        mrp: null,
        available_stock: 0,
        category_id: data.padlocks.id,
        attachments: [
          { file_name: 'padlock-side.webp', kind: 'image' },
          { file_name: 'padlock-back.webp', kind: 'image' },
        ],
      });
      const door = await getJson<Product>(`products/${data.byName('Zeta Door Lock Deluxe').id}`);
      expect(door.body).toMatchObject({ selling_price: 1250.5, mrp: 1500, attachments: [] });
    });

    it('filters featured products by label', async () => {
      const { body } = await getJson<Collection<Product>>(
        'products?per-page=100&page=1&ProductsSearch[product_labels]=Featured',
      );
      expect(body.items.every((p) => p.product_labels.includes('Featured'))).toBe(true);
      expect(names(body)).toEqual(expect.arrayContaining(['Zeta Brass Padlock 50mm', 'Zeta Kaju Katli']));
      expect(names(body)).not.toContain('Zeta Roasted Peanuts');
    });

    it('sorts by selling_price both ways and rejects unknown sort fields with a named 400', async () => {
      const url = `products?ProductsSearch[category_id]=${data.sweets.id}`;
      const asc = await getJson<Collection<Product>>(`${url}&sort=selling_price`);
      expect(asc.body.items.map((p) => p.selling_price)).toEqual([99, 620]);
      const desc = await getJson<Collection<Product>>(`${url}&sort=-selling_price`);
      expect(desc.body.items.map((p) => p.selling_price)).toEqual([620, 99]);
      const bad = await getJson(`${url}&sort=password_hash`);
      expect(bad.res.statusCode).toBe(400);
      expect(bad.body).toMatchObject({ name: 'Bad Request', code: 0, status: 400 });
    });

    it.each([
      ['padlok', 'Zeta Brass Padlock 50mm'],
      ['pnut', 'Zeta Roasted Peanuts'],
      ['kaju katl', 'Zeta Kaju Katli'],
      ['PADLOCK', 'Zeta Brass Padlock 50mm'],
      ['groundnuts', 'Zeta Roasted Peanuts'],
      ['  door lock  ', 'Zeta Door Lock Deluxe'],
    ])('search "%s" finds %s (typos, partial words, description words)', async (keyword, expected) => {
      const { res, body } = await getJson<Collection<Product>>(
        `products?per-page=100&ProductsSearch[keyword]=${encodeURIComponent(keyword)}`,
      );
      expect(res.statusCode).toBe(200);
      expect(names(body)).toContain(expected);
    });

    it('a keyword that is an English stop word ("a") still finds names with words starting so', async () => {
      for (const [keyword, expected] of [
        ['a', /\ba/i],
        ['A', /\ba/i],
      ] as const) {
        const { body } = await getJson<Collection<Product>>(
          `products?per-page=200&ProductsSearch[keyword]=${keyword}`,
        );
        expect(body.items.length, keyword).toBeGreaterThan(0);
        expect(
          body.items.some((p) => expected.test(p.name)),
          keyword,
        ).toBe(true);
      }
    });

    it.each([
      ['kaju', 'Zeta Kaaju Pista Roll'],
      ['namkeen', 'Zeta Nimbu Namkin'],
      ['kaaju', 'Zeta Kaju Katli'],
      ['namkin', 'Zeta Nimbu Namkin'],
    ])('search forgives Hindi spellings: "%s" finds %s', async (keyword, expected) => {
      const { body } = await getJson<Collection<Product>>(
        `products?per-page=100&ProductsSearch[keyword]=${encodeURIComponent(keyword)}`,
      );
      expect(names(body)).toContain(expected);
    });

    it("search finds products by their category's name and the names above it, and follows a rename at once", async () => {
      const search = async (keyword: string) =>
        names(
          (
            await getJson<Collection<Product>>(
              `products?per-page=100&ProductsSearch[keyword]=${encodeURIComponent(keyword)}`,
            )
          ).body,
        );
      // The demo's Food › Sweets and Food › Dry Fruits: no product there is named so.
      expect(await search('sweets')).toEqual(
        expect.arrayContaining(['Soan Papdi', 'Motichoor Laddoo', 'Gulab Jamun Tin', 'Alwar Milk Cake']),
      );
      expect(await search('dry fruits')).toEqual(
        expect.arrayContaining(['Mamra Almonds', 'Kishmish Golden Raisins', 'Akhrot Walnut Kernels']),
      );
      expect(await search('food sweets')).toContain('Soan Papdi');
      // The root, which holds everything, lends no words.
      expect(await search('zeta all products')).toEqual([]);
      await t.ctx.db
        .update(categories)
        .set({ name: 'Zz Chaat Corner' })
        .where(eq(categories.id, data.snacks.id));
      await t.ctx.changes.flush();
      expect(await search('chaat')).toEqual(
        expect.arrayContaining(['Zeta Kaaju Pista Roll', 'Zeta Nimbu Namkin']),
      );
      await t.ctx.db.update(categories).set({ name: 'Zz Snacks' }).where(eq(categories.id, data.snacks.id));
      await t.ctx.changes.flush();
      const afterRename = await search('chaat');
      expect(afterRename).not.toContain('Zeta Kaaju Pista Roll');
      expect(afterRename).not.toContain('Zeta Nimbu Namkin');
    });

    it('search needs every word typed (stop words aside) and ranks exact words above look-alikes', async () => {
      const none = await getJson<Collection<Product>>('products?ProductsSearch[keyword]=zeta%20xylophone');
      expect(none.body._meta.totalCount).toBe(0);
      const withStopWords = await getJson<Collection<Product>>(
        'products?ProductsSearch[keyword]=the%20kaju%20katli%20of%20zeta',
      );
      expect(names(withStopWords.body)).toEqual(['Zeta Kaju Katli']);
      const kaju = await getJson<Collection<Product>>(
        'products?per-page=100&ProductsSearch[keyword]=zeta%20kaju',
      );
      expect(names(kaju.body).slice(0, 2)).toEqual(['Zeta Kaju Katli', 'Zeta Kaaju Pista Roll']);
    });

    it('search by keyword with a category, a label or a sort keeps to them', async () => {
      const inSweets = await getJson<Collection<Product>>(
        `products?per-page=100&ProductsSearch[keyword]=zeta&ProductsSearch[category_id]=${data.sweets.id}`,
      );
      expect(names(inSweets.body).sort()).toEqual(['Zeta Kaju Katli', 'Zeta Roasted Peanuts']);
      const featured = await getJson<Collection<Product>>(
        'products?per-page=100&ProductsSearch[keyword]=zeta&ProductsSearch[product_labels]=Featured',
      );
      expect(names(featured.body).sort()).toEqual(['Zeta Brass Padlock 50mm', 'Zeta Kaju Katli']);
      const byPrice = await getJson<Collection<Product>>(
        'products?per-page=2&page=1&ProductsSearch[keyword]=zeta&sort=-selling_price',
      );
      expect(byPrice.body.items.map((p) => p.selling_price)).toEqual([1250.5, 620]);
      expect(byPrice.body._meta.totalCount).toBe(7);
    });

    it('ranks the closest match first', async () => {
      const { body } = await getJson<Collection<Product>>(
        'products?ProductsSearch[keyword]=zeta%20brass%20padlock',
      );
      expect(body.items[0]?.name).toBe('Zeta Brass Padlock 50mm');
    });

    it('ignores an empty or blank keyword (lists everything instead)', async () => {
      const all = await getJson<Collection<Product>>('products?per-page=1');
      const blank = await getJson<Collection<Product>>('products?per-page=1&ProductsSearch[keyword]=%20%20');
      expect(blank.res.statusCode).toBe(200);
      expect(blank.body._meta.totalCount).toBe(all.body._meta.totalCount);
    });

    it('does not list inactive products or those of inactive categories through search', async () => {
      const { body } = await getJson<Collection<Product>>(
        'products?per-page=200&ProductsSearch[keyword]=laddoo',
      );
      expect(names(body)).not.toContain('Zeta Retired Laddoo');
    });
  });

  describe('GET products/{id}', () => {
    it('returns one product', async () => {
      const id = data.byName('Zeta Kaju Katli').id;
      const { res, body } = await getJson<Product>(`products/${id}`);
      expect(res.statusCode).toBe(200);
      expect(body).toMatchObject({ id, name: 'Zeta Kaju Katli', selling_price: 620 });
    });

    it('answers a missing or inactive product with a named 404', async () => {
      for (const id of [999999, data.byName('Zeta Retired Laddoo').id]) {
        const { res, body } = await getJson(`products/${id}`);
        expect(res.statusCode).toBe(404);
        expect(body).toMatchObject({ name: 'Not Found', code: 0, status: 404 });
      }
    });

    it.each(['abc', '-1', '1.5', '2147483648', '99999999999999', "1'%20OR%201=1%20--"])(
      'answers the id %s, which is no id, with a named 404',
      async (id) => {
        const { res, body } = await getJson(`products/${id}`);
        expect(res.statusCode).toBe(404);
        expect(body).toMatchObject({ name: 'Not Found', code: 0, status: 404 });
      },
    );

    it('answers an address that cannot be decoded with a named 400', async () => {
      const { res, body } = await getJson('products/%FF%FE');
      expect(res.statusCode).toBe(400);
      expect(body).toMatchObject({ name: 'Bad Request', code: 0, status: 400 });
    });
  });

  describe('on the demo shop (packages/db seed)', () => {
    it('category 2 (Food) lists the products of its sub-categories, e.g. Kaju Katli from Sweets', async () => {
      const { body } = await getJson<Collection<Product>>(
        'products?per-page=100&page=1&ProductsSearch[category_id]=2',
      );
      expect(names(body)).toContain('Kaju Katli');
      expect(names(body)).not.toContain('Masala Peanuts');
      expect(body.items.every((p) => [2, 5, 6, 7, 8, 9].includes(p.category_id))).toBe(true);
    });

    it('a listing asked as a browser asks is brotli-compressed at once, in a window fitted to it (http/brotli.ts)', async () => {
      const url = `${API}/products?per-page=100&page=1&ProductsSearch[category_id]=2`;
      const plain = await t.request({ method: 'GET', url });
      responseCacheOf(t.ctx).clear();
      const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      // Compressed at once (its length is known), not through the stream in brotli's default window.
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.byteLength);
      // Quality 1 (brotli.ts ANSWER_QUALITY) declares a window of at least 256 KiB (18 bits).
      expect(declaredWindowBits(br.rawPayload)).toBe(18);
      expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    });

    it.each([
      ['pnut', 'Masala Peanuts'],
      ['padlok', 'Brass Padlock 50 mm'],
      ['kaju katl', 'Kaju Katli'],
      // Hindi words written in Latin letters, spelt another way than in the catalogue.
      ['kaaju katli', 'Kaju Katli'],
      ['namkin', 'Moong Dal Namkeen'],
      ['laddu', 'Motichoor Laddoo'],
      ['bhujiya', 'Aloo Bhujia'],
      ['jira cookies', 'Jeera Cookies'],
      ['suji', 'Sooji Rava'],
      ['achaar', 'Aam ka Achar'],
      ['chpis', 'Tapioca Chips'],
    ])('search "%s" finds %s', async (keyword, expected) => {
      const { body } = await getJson<Collection<Product>>(
        `products?ProductsSearch[keyword]=${encodeURIComponent(keyword)}`,
      );
      expect(names(body)).toContain(expected);
    });

    it('search "kaju katl" ranks Kaju Katli first; "padlok" lists padlocks first', async () => {
      const kaju = await getJson<Collection<Product>>('products?ProductsSearch[keyword]=kaju%20katl');
      expect(kaju.body.items[0]?.name).toBe('Kaju Katli');
      const padlok = await getJson<Collection<Product>>('products?ProductsSearch[keyword]=padlok');
      expect(padlok.body.items.slice(0, 3).every((p) => /padlock/i.test(p.name))).toBe(true);
    });

    it('featured products are the seeded ones labelled Featured', async () => {
      const { body } = await getJson<Collection<Product>>(
        'products?per-page=100&page=1&ProductsSearch[product_labels]=Featured',
      );
      expect(body.items.length).toBeGreaterThan(0);
      expect(body.items.every((p) => p.product_labels.includes('Featured'))).toBe(true);
    });
  });

  describe('response cache', () => {
    it('answers a repeated URL from memory until a catalogue change empties it', async () => {
      const url = `products?ProductsSearch[category_id]=${data.sweets.id}&sort=id`;
      const first = await getJson<Collection<Product>>(url);
      expect(first.res.headers['x-cache']).toBe('MISS');
      // Kept from its second request (a URL asked for once is not worth its memory).
      expect((await getJson<Collection<Product>>(url)).res.headers['x-cache']).toBe('MISS');
      const second = await getJson<Collection<Product>>(url);
      expect(second.res.headers['x-cache']).toBe('HIT');
      expect(second.body).toEqual(first.body);
      expect(second.res.headers['x-pagination-total-count']).toBe(
        first.res.headers['x-pagination-total-count'],
      );
      // A product added in the database (by anyone) is announced by its trigger.
      await t.ctx.db.insert(products).values({
        categoryId: data.sweets.id,
        name: 'Zeta Fresh Barfi',
        urlSlug: 'zz-fresh-barfi',
        sellingPricePaise: 5000,
      });
      await t.ctx.changes.flush();
      const third = await getJson<Collection<Product>>(url);
      expect(third.res.headers['x-cache']).toBe('MISS');
      expect(names(third.body)).toContain('Zeta Fresh Barfi');
    });

    it('never stores errors', async () => {
      await getJson('products?sort=nope');
      const again = await getJson('products?sort=nope');
      expect(again.res.statusCode).toBe(400);
      expect(again.res.headers['x-cache']).toBeUndefined();
    });
  });
});
