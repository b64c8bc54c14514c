import type { AddressInfo } from 'node:net';
import type { Product } from '@shop/contract/catalogue';
import type { Collection } from '@shop/contract/collection';
import type { DataChange } from '@shop/db/change-feed';
import { openDatabase } from '@shop/db/client';
import { categories, products } from '@shop/db/schema/index';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { AppContext } from './context.ts';
import { productSearchOf } from './modules/catalogue/product-search.ts';
import type { FeedEvent } from './plugins/change-feed.ts';
import { fakeFeed } from './plugins/change-feed.test-kit.ts';
import { responseCacheOf } from './http/response-cache.ts';
import { releaseExpiredReservations } from './modules/orders/order-lifecycle.service.ts';
import {
  makeAddress,
  makeCategory,
  makeCustomer,
  makeProduct,
  setSetting,
} from './modules/orders/orders.test-kit.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const API = '/backend/api/web';

/** Freshness rule (ADR 0009): stock, price and visibility changes reach every cached answer at once. */
describe('cached answers follow stock, price and visibility (real HTTP)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await setSetting(t.ctx.db, 'minimum_order_amount', '0');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  async function get<T>(origin: string, path: string) {
    const res = await fetch(`${origin}${API}/${path}`);
    return { status: res.status, cache: res.headers.get('x-cache'), body: (await res.json()) as T };
  }

  /** Asks each URL three times: kept from its second request, the third answer comes from the cache. */
  async function warm(origin: string, paths: string[]) {
    for (const path of paths) {
      await get(origin, path);
      await get(origin, path);
      expect((await get(origin, path)).cache, path).toBe('HIT');
    }
  }

  async function shopper() {
    const customer = await makeCustomer(t.ctx.db);
    const address = await makeAddress(t.ctx.db, customer.id);
    return { ...customer, addressId: address.id };
  }

  async function checkout(origin: string, who: Awaited<ReturnType<typeof shopper>>, id: number, qty: number) {
    const res = await fetch(`${origin}${API}/orders/checkout`, {
      method: 'POST',
      headers: { ...who.auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({
        items: [{ item_id: id, quantity: qty }],
        customer_remarks: '',
        coupon_code: '',
        customer: { address_id: who.addressId },
      }),
    });
    expect(res.status).toBe(200);
  }

  async function soldOutSetup(name: string) {
    const category = await makeCategory(t.ctx.db);
    const product = await makeProduct(t.ctx.db, { name, categoryId: category.id, availableStock: 2 });
    // On PostgreSQL the inserts' own notifications arrive on the listener a moment later.
    await t.ctx.changes.flush();
    const paths = [
      `products/${product.id}`,
      `products?per-page=100&ProductsSearch[category_id]=${category.id}`,
      `products?ProductsSearch[keyword]=${encodeURIComponent(name)}`,
      `products?per-page=100&ProductsSearch[category_id]=${category.id}&sort=-available_stock`,
    ];
    return { category, product, paths };
  }

  function stockIn(body: Product | Collection<Product>, id: number) {
    const item = 'items' in body ? body.items.find((p) => p.id === id) : body;
    return item?.available_stock;
  }

  it('sells the last units through checkout; the next request shows the product out of stock', async () => {
    const { product, paths } = await soldOutSetup('Zeta Freshness Kaju Barfi');
    await warm(base, paths);
    for (const path of paths)
      expect(stockIn((await get<Product>(base, path)).body, product.id), path).toBe(2);

    await checkout(base, await shopper(), product.id, 2);

    for (const path of paths) {
      const after = await get<Product | Collection<Product>>(base, path);
      expect(after.cache, path).toBe('MISS');
      expect(stockIn(after.body, product.id), path).toBe(0);
    }
  });

  it("a browser's product detail with a cache-buster, sent from its kept brotli copy, shows a sale on the next request", async () => {
    const category = await makeCategory(t.ctx.db);
    const product = await makeProduct(t.ctx.db, {
      name: 'Zeta Freshness Kaju Pista Roll',
      categoryId: category.id,
      availableStock: 2,
      // Over the 1 KiB from which answers are compressed.
      description: '<p>Cashew rolled round a pistachio centre, made with desi ghee.</p>'.repeat(20),
    });
    await t.ctx.changes.flush();
    let buster = 0;
    const asBrowser = async () => {
      const res = await fetch(`${base}${API}/products/${product.id}?_=${++buster}`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      return {
        encoding: res.headers.get('content-encoding'),
        cache: res.headers.get('x-cache'),
        body: (await res.json()) as Product,
      };
    };
    for (let ask = 0; ask < 3; ask++) {
      const answer = await asBrowser();
      expect(answer).toMatchObject({ encoding: 'br', cache: 'MISS' }); // every URL its own: never kept
      expect(answer.body.available_stock).toBe(2);
    }

    await checkout(base, await shopper(), product.id, 2);

    const after = await asBrowser();
    expect(after.encoding).toBe('br');
    expect(after.body.available_stock).toBe(0);
    expect((await get<Product>(base, `products/${product.id}?_=plain`)).body.available_stock).toBe(0);
  });

  it('gives released units back on the next request (an unpaid order expires)', async () => {
    const { product, paths } = await soldOutSetup('Zeta Freshness Soan Papdi');
    await checkout(base, await shopper(), product.id, 2);
    await warm(base, paths);
    expect(stockIn((await get<Product>(base, paths[0] ?? '')).body, product.id)).toBe(0);

    const released = await releaseExpiredReservations(t.ctx, new Date(Date.now() + 24 * 3600_000));
    expect(released).toBeGreaterThan(0);
    await t.ctx.changes.flush();

    for (const path of paths)
      expect(stockIn((await get<Product>(base, path)).body, product.id), path).toBe(2);
  });

  it('a price or visibility change made directly in the database reaches the cached answers', async () => {
    const { product, category, paths } = await soldOutSetup('Zeta Freshness Garam Masala');
    const byPrice = `products?per-page=100&ProductsSearch[category_id]=${category.id}&sort=selling_price`;
    await warm(base, [...paths, byPrice]);

    await t.ctx.db.update(products).set({ sellingPricePaise: 31_500 }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    expect((await get<Product>(base, `products/${product.id}`)).body.selling_price).toBe(315);
    const sorted = await get<Collection<Product>>(base, byPrice);
    expect(sorted.cache).toBe('MISS');
    expect(sorted.body.items.find((p) => p.id === product.id)?.selling_price).toBe(315);

    await t.ctx.db.update(products).set({ isActive: false }).where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    expect((await get(base, `products/${product.id}`)).status).toBe(404);
    for (const path of paths.slice(1)) {
      const list = await get<Collection<Product>>(base, path);
      expect(
        list.body.items.map((p) => p.id),
        path,
      ).not.toContain(product.id);
    }
  });

  it('a renamed product is found by its new name, and no longer by the old, on the next search', async () => {
    const { product } = await soldOutSetup('Zeta Freshness Chakli');
    const oldName = 'products?ProductsSearch[keyword]=zeta%20freshness%20chakli';
    const newName = 'products?ProductsSearch[keyword]=zeta%20freshness%20murukku';
    await warm(base, [oldName, newName]);
    expect((await get<Collection<Product>>(base, newName)).body.items.map((p) => p.id)).not.toContain(
      product.id,
    );

    await t.ctx.db
      .update(products)
      .set({ name: 'Zeta Freshness Murukku' })
      .where(eq(products.id, product.id));
    await t.ctx.changes.flush();
    expect((await get<Collection<Product>>(base, newName)).body.items.map((p) => p.id)).toContain(product.id);
    expect((await get<Collection<Product>>(base, oldName)).body.items.map((p) => p.id)).not.toContain(
      product.id,
    );
  });

  it('a hidden sub-category and a new display order show in the lists on the next request', async () => {
    const parent = await makeCategory(t.ctx.db);
    const child = await makeCategory(t.ctx.db);
    await t.ctx.db.update(categories).set({ parentId: parent.id }).where(eq(categories.id, child.id));
    const first = await makeProduct(t.ctx.db, {
      name: 'Zeta Order One',
      categoryId: parent.id,
      displayOrder: 1,
    });
    const second = await makeProduct(t.ctx.db, {
      name: 'Zeta Order Two',
      categoryId: child.id,
      displayOrder: 2,
    });
    await t.ctx.changes.flush();
    const list = `products?per-page=100&ProductsSearch[category_id]=${parent.id}`;
    const ids = async () => (await get<Collection<Product>>(base, list)).body.items.map((p) => p.id);
    await warm(base, [list]);
    expect(await ids()).toEqual([first.id, second.id]);

    await t.ctx.db.update(products).set({ displayOrder: 3 }).where(eq(products.id, first.id));
    await t.ctx.changes.flush();
    expect(await ids()).toEqual([second.id, first.id]);

    await t.ctx.db.update(categories).set({ isActive: false }).where(eq(categories.id, child.id));
    await t.ctx.changes.flush();
    expect(await ids()).toEqual([first.id]);
  });

  it('a sale on one instance reaches the cached answers of another within 1 s', async () => {
    // A second instance on the same database: its own pool and listener on PostgreSQL, its own
    // app (and cache) on the same embedded PGlite otherwise.
    const otherDatabase = t.database.url ? await openDatabase({ url: t.database.url }) : t.database;
    const other = await buildApp({
      config: t.ctx.config,
      database: otherDatabase,
      storefront: false,
      jobs: false,
      logger: false,
    });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const { product, paths } = await soldOutSetup('Zeta Freshness Moong Dal');
      await warm(otherBase, paths);

      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no change notification within 1 s')), 1_000);
        const stop = other.ctx.changes.subscribe((event) => {
          const change: DataChange | undefined = event.kind === 'change' ? event.change : undefined;
          if (change?.id === product.id && change.what?.includes('stock')) {
            clearTimeout(timer);
            stop();
            resolve(performance.now());
          }
        });
      });
      await checkout(base, await shopper(), product.id, 2);
      const answered = performance.now();
      expect((await arrived) - answered).toBeLessThan(1_000);

      for (const path of paths) {
        expect(stockIn((await get<Product>(otherBase, path)).body, product.id), path).toBe(0);
      }
    } finally {
      await other.app.close();
      if (otherDatabase !== t.database) await otherDatabase.close();
    }
  });

  it('while the change feed is down, the catalogue in memory is read again instead of trusted', async () => {
    // The catalogue's memory of an app whose feed we control: it hears nothing of the changes.
    const { feed, emit } = fakeFeed();
    const memory = productSearchOf({ ...t.ctx, changes: feed } as AppContext);
    const { product } = await soldOutSetup('Zeta Freshness Rasgulla');
    const keyword = { keyword: 'zeta freshness rasgulla', window: { offset: 0, limit: 5 } };
    expect((await memory.search(keyword)).ids).toContain(product.id);
    await t.ctx.db.update(products).set({ availableStock: 9 }).where(eq(products.id, product.id));
    expect((await memory.rows([product.id]))[0]?.availableStock).toBe(2); // nobody told it

    emit({ kind: 'down' });
    expect((await memory.rows([product.id]))[0]?.availableStock).toBe(9);
  });

  it.runIf(process.env.DATABASE_URL)(
    'when the PostgreSQL listener is cut off, caches stop answering until it is back and start empty',
    async () => {
      const events: FeedEvent['kind'][] = [];
      const back = new Promise<void>((resolve) => {
        const stop = t.ctx.changes.subscribe((event) => {
          events.push(event.kind);
          if (event.kind === 'resync') {
            stop();
            resolve();
          }
        });
      });
      await warm(base, ['products?per-page=5']);
      await t.ctx.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'shop change feed' and datname = current_database()`,
      );
      await back;
      expect(events[0]).toBe('down');
      expect(events.at(-1)).toBe('resync');
      expect(t.ctx.changes.live).toBe(true);
      expect(responseCacheOf(t.ctx).enabled).toBe(true);
      expect((await get(base, 'products?per-page=5')).cache).toBe('MISS');
    },
  );
});
