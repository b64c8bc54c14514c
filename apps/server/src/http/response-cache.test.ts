import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeFeed } from '../plugins/change-feed.test-kit.ts';
import { invalidateOnChange, tagsForChange } from './cache-invalidation.ts';
import { COMPRESS_FROM_BYTES } from './brotli.ts';
import { baseUrlOf, getThenHangUp, holdRequests } from './hung-up-client.test-kit.ts';
import {
  type AnswerJson,
  answerJsonFor,
  cacheTags,
  memoryResponseCache,
  publicGetCache,
} from './response-cache.ts';

const answer = (text: string) => ({ body: Buffer.from(text), headers: {} });
const newStore = () => memoryResponseCache({ ttlMs: 30_000, maxEntries: 100, maxBytes: 1 << 20 });

describe('response cache tags (freshness rule, ADR 0009)', () => {
  it('drops only the answers carrying an invalidated tag', () => {
    const store = newStore();
    store.set('/products/1', answer('one'), ['catalogue', cacheTags.product(1)]);
    store.set('/products/2', answer('two'), ['catalogue', cacheTags.product(2)]);
    store.set('/settings', answer('s'), ['content']);
    store.invalidate([cacheTags.product(1)]);
    expect(store.get('/products/1')).toBeUndefined();
    expect(store.get('/products/2')).toBeDefined();
    store.invalidate(['catalogue']);
    expect(store.get('/products/2')).toBeUndefined();
    expect(store.get('/settings')).toBeDefined();
  });

  it('a list of 100 products goes stale when any one of them changes, and is stored again after', () => {
    const store = newStore();
    const tags = ['catalogue', ...Array.from({ length: 100 }, (_, i) => cacheTags.product(i + 1))];
    store.set('/products?page=1', answer('page one'), tags);
    store.set('/products/500', answer('other'), ['catalogue', cacheTags.product(500)]);
    store.invalidate([cacheTags.product(57)]);
    expect(store.get('/products?page=1')).toBeUndefined();
    expect(store.get('/products/500')?.body.toString()).toBe('other');
    const since = store.version;
    store.set('/products?page=1', answer('page one, new stock'), tags, since);
    expect(store.get('/products?page=1')?.body.toString()).toBe('page one, new stock');
  });

  it('tells what leaves the store (evicted, stale, replaced, deleted, cleared) and whether a value was kept', () => {
    const dropped: string[] = [];
    const store = memoryResponseCache<{ body: Buffer }>({
      ttlMs: 30_000,
      maxEntries: 2,
      maxBytes: 1 << 20,
      onDrop: (value) => dropped.push(value.body.toString()),
    });
    expect(store.set('/a', answer('a1'), [cacheTags.product(1)])).toBe(true);
    store.set('/a', answer('a2'), [cacheTags.product(1)]); // replaced
    store.set('/b', answer('b'), [cacheTags.product(2)]);
    store.set('/c', answer('c'), [cacheTags.product(3)]); // over two entries: the oldest goes
    expect(dropped).toEqual(['a1', 'a2']);
    store.invalidate([cacheTags.product(2)]);
    expect(store.get('/b')).toBeUndefined(); // found stale when read
    store.delete('/c');
    expect(dropped).toEqual(['a1', 'a2', 'b', 'c']);
    const since = store.version;
    store.invalidate([cacheTags.product(4)]);
    expect(store.set('/d', answer('d'), [cacheTags.product(4)], since)).toBe(false);
    store.set('/e', answer('e'), [cacheTags.product(5)]);
    store.clear();
    expect(dropped).toEqual(['a1', 'a2', 'b', 'c', 'e']);
  });

  it('replace puts a value in place of the one held, with its tags and expiry; not in place of another', () => {
    let clock = 0;
    const dropped: string[] = [];
    const store = memoryResponseCache<{ body: Buffer }>({
      ttlMs: 30_000,
      maxEntries: 10,
      maxBytes: 1 << 20,
      now: () => clock,
      onDrop: (value) => dropped.push(value.body.toString()),
    });
    const first = answer('first copy');
    store.set('/p', first, [cacheTags.product(1)]);
    expect(store.replace('/p', answer('not held'), answer('x'))).toBe(false);
    const better = answer('better');
    clock = 20_000;
    expect(store.replace('/p', first, better)).toBe(true);
    expect(dropped).toEqual(['first copy']);
    expect(store.get('/p')).toBe(better);
    expect(store.replace('/p', first, answer('again'))).toBe(false);
    clock = 30_000; // the first copy's expiry, not 30 s after the replacement
    expect(store.get('/p')).toBeUndefined();
    store.set('/q', first, [cacheTags.product(2)]);
    store.replace('/q', first, better);
    store.invalidate([cacheTags.product(2)]); // the first copy's tags
    expect(store.get('/q')).toBeUndefined();
  });

  it('remembers a bounded number of invalidated tags, then starts afresh', () => {
    const store = newStore();
    store.set('/products/1', answer('one'), [cacheTags.product(1)]);
    for (let id = 2; id <= 20_001; id++) store.invalidate([cacheTags.product(id)]);
    expect(store.get('/products/1')).toBeDefined();
    store.invalidate([cacheTags.product(20_002)]);
    expect(store.size).toBe(0);
    store.set('/products/1', answer('one'), [cacheTags.product(1)]);
    expect(store.get('/products/1')).toBeDefined();
  });

  it('does not store an answer computed while one of its tags was invalidated', () => {
    const store = newStore();
    const since = store.version;
    store.invalidate([cacheTags.product(7)]); // the sale arrives while the answer is computed
    store.set('/products/7', answer('stale'), ['catalogue', cacheTags.product(7)], since);
    expect(store.get('/products/7')).toBeUndefined();
    store.set('/products/8', answer('fine'), ['catalogue', cacheTags.product(8)], since);
    expect(store.get('/products/8')).toBeDefined();
    const beforeClear = store.version;
    store.clear();
    store.set('/products/8', answer('stale'), ['catalogue'], beforeClear);
    expect(store.get('/products/8')).toBeUndefined();
  });

  it('maps a sale to the product and stock-ordered lists, a visibility change to the whole catalogue', () => {
    expect(tagsForChange({ table: 'products', id: 5, what: ['stock'] })).toEqual([
      cacheTags.product(5),
      cacheTags.orderByStock,
    ]);
    expect(tagsForChange({ table: 'products', id: 5, what: ['price', 'detail'] })).toEqual([
      cacheTags.product(5),
      cacheTags.orderByPrice,
    ]);
    expect(tagsForChange({ table: 'products', id: 5, what: ['stock', 'listing'] })).toEqual(['catalogue']);
    expect(tagsForChange({ table: 'products' })).toEqual(['catalogue']);
    expect(tagsForChange({ table: 'categories' })).toEqual(['catalogue', 'content']);
    expect(tagsForChange({ table: 'pages' })).toEqual(['content']);
  });

  it('answers nothing from memory while the change feed is down, and starts empty when it is back', () => {
    const store = newStore();
    const { feed, emit } = fakeFeed();
    invalidateOnChange(feed, store);
    store.set('/products/1', answer('one'), ['catalogue']);
    emit({ kind: 'down' });
    expect(store.enabled).toBe(false);
    store.set('/products/1', answer('one'), ['catalogue']);
    expect(store.get('/products/1')).toBeUndefined();
    emit({ kind: 'resync' });
    expect(store.enabled).toBe(true);
    expect(store.size).toBe(0);
    store.set('/products/1', answer('one'), ['catalogue']);
    expect(store.get('/products/1')).toBeDefined();
  });
});

describe('public answers as JSON (answerJsonFor)', () => {
  async function appAnswering(body: unknown, json: AnswerJson) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const cache = publicGetCache(newStore(), { scope: 'catalogue', json });
    app.get(
      '/thing',
      {
        onRequest: cache.onRequest,
        schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } },
      },
      (request, reply) => cache.send(request, reply, body),
    );
    await app.ready();
    return app;
  }

  it('production sends the answer as built; development and tests send the schema serialisation', () => {
    expect(answerJsonFor({ isProduction: true, NODE_ENV: 'production' })).toBe('plain');
    expect(answerJsonFor({ isProduction: false, NODE_ENV: 'development' })).toBe('schema');
    expect(answerJsonFor({ isProduction: false, NODE_ENV: 'test' })).toBe('schema-checked');
  });

  it('an answer in its schema shape is the same JSON either way', async () => {
    for (const mode of ['plain', 'schema-checked'] as const) {
      const app = await appAnswering({ id: 7, name: 'Kaju Katli' }, mode);
      const res = await app.inject({ method: 'GET', url: '/thing' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 7, name: 'Kaju Katli' });
      await app.close();
    }
  });

  it("a kept answer owns its bytes: a short one holds no block of Node's shared buffer pool", async () => {
    const store = newStore();
    const app = Fastify({ logger: false });
    const cache = publicGetCache(store, { scope: 'catalogue', json: 'plain' });
    app.get('/thing', { onRequest: cache.onRequest }, (request, reply) =>
      cache.send(request, reply, { id: 7, name: 'Kaju Katli' }),
    );
    await app.inject({ method: 'GET', url: '/thing' }); // kept from its second request
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.json()).toEqual({ id: 7, name: 'Kaju Katli' });
    const kept = store.get('/thing')?.body;
    expect(kept?.toString()).toBe('{"id":7,"name":"Kaju Katli"}');
    expect(kept?.buffer.byteLength).toBe(kept?.byteLength);
    await app.close();
  });

  it('a route that leans on its schema to drop a field fails in tests, so production never leaks it', async () => {
    const app = await appAnswering({ id: 7, name: 'Kaju Katli', cost_price: 1 }, 'schema-checked');
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});

describe('kept answers are compressed once for browsers (brotli), not per request', () => {
  const products = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    name: `Kaju Katli ${i + 1}`,
    price: 620,
  }));

  async function appWithList() {
    const store = newStore();
    const app = Fastify({ logger: false });
    await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
    const cache = publicGetCache(store, { scope: 'catalogue', json: 'plain' });
    app.get('/products', { onRequest: cache.onRequest }, (request, reply) =>
      cache.send(
        request,
        reply,
        { items: products },
        {},
        products.map((p) => cacheTags.product(p.id)),
      ),
    );
    app.get('/small', { onRequest: cache.onRequest }, (request, reply) =>
      cache.send(request, reply, { id: 1 }),
    );
    await app.ready();
    const get = (url: string, encoding?: string) =>
      app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    return { app, store, get };
  }

  it('the first brotli hit keeps a brotli copy; later ones send it as it is', async () => {
    const { app, store, get } = await appWithList();
    const json = JSON.stringify({ items: products });
    expect(json.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    await get('/products', 'gzip, deflate, br'); // asked once: not kept
    const miss = await get('/products', 'gzip, deflate, br');
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('br'); // compressed for this one request
    expect(store.get('/products')?.br).toBeUndefined();

    const first = await get('/products', 'gzip, deflate, br');
    expect(first.headers['x-cache']).toBe('HIT');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(json);
    const kept = store.get('/products')?.br;
    expect(kept).toBeDefined();
    const second = await get('/products', 'br');
    expect(second.rawPayload.equals(kept as Buffer)).toBe(true);
    expect(Number(second.headers['content-length'])).toBe(kept?.byteLength);
    await app.close();
  });

  it('a client without brotli gets the answer as it is, or gzip-compressed when it asks for gzip', async () => {
    const { app, get } = await appWithList();
    const json = JSON.stringify({ items: products });
    await get('/products', 'br');
    await get('/products', 'br');
    const plain = await get('/products');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i); // a CDN keeps the two apart
    expect(plain.body).toBe(json);
    const gzip = await get('/products', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(json);
    const refused = await get('/products', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
    await app.close();
  });

  it('a change drops the answer with its copy (freshness rule); a small answer is never compressed', async () => {
    const { app, store, get } = await appWithList();
    for (let ask = 0; ask < 3; ask++) await get('/products', 'br'); // kept at the second, copy at the third
    expect(store.get('/products')?.br).toBeDefined();
    store.invalidate([cacheTags.product(7)]); // sold out
    const after = await get('/products', 'br');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(store.get('/products')?.br).toBeUndefined();

    await get('/small', 'br');
    await get('/small', 'br');
    const small = await get('/small', 'br');
    expect(small.headers['x-cache']).toBe('HIT');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ id: 1 });
    expect(store.get('/small')?.br).toBeUndefined();
    await app.close();
  });

  it('a copy made while a change arrived is not kept', async () => {
    const store = newStore();
    const app = Fastify({ logger: false });
    await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br'] });
    const cache = publicGetCache(store, { scope: 'catalogue', json: 'plain' });
    // Over 8 KiB: compressed on the thread pool, so the change below arrives while it runs.
    const many = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, name: `Namkeen ${i * 7919}` }));
    app.get('/products', { onRequest: cache.onRequest }, (request, reply) =>
      cache.send(request, reply, { items: many }, {}, [cacheTags.product(3)]),
    );
    let changeDuringNextRequest = false;
    app.addHook('onRequest', async () => {
      if (changeDuringNextRequest) setImmediate(() => store.invalidate([cacheTags.product(3)]));
    });
    await app.inject({ url: '/products' });
    await app.inject({ url: '/products' }); // kept from its second request
    changeDuringNextRequest = true;
    const hit = await app.inject({ url: '/products', headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(JSON.parse(brotliDecompressSync(hit.rawPayload).toString()).items).toHaveLength(300);
    expect(store.get('/products')).toBeUndefined();
    await app.close();
  });
});

describe('answers are kept from their second request (doorkeeper.ts)', () => {
  it('a URL asked for once is not kept; its second answer is, and its third request is a hit', async () => {
    const store = newStore();
    const app = Fastify({ logger: false });
    const cache = publicGetCache(store, { scope: 'catalogue', json: 'plain' });
    let computed = 0;
    app.get('/products', { onRequest: cache.onRequest }, (request, reply) => {
      computed += 1;
      return cache.send(request, reply, { items: [{ id: 1, name: 'Kaju Katli' }] }, {}, [
        cacheTags.product(1),
      ]);
    });
    await app.ready();
    const get = (url: string) => app.inject({ method: 'GET', url });
    const once = await get('/products?ProductsSearch[keyword]=kaju&_=1');
    expect(once.headers['x-cache']).toBe('MISS');
    expect(once.json()).toEqual({ items: [{ id: 1, name: 'Kaju Katli' }] });
    expect(store.size).toBe(0);

    expect((await get('/products?ProductsSearch[keyword]=kaju')).headers['x-cache']).toBe('MISS');
    expect(store.size).toBe(0);
    expect((await get('/products?ProductsSearch[keyword]=kaju')).headers['x-cache']).toBe('MISS');
    expect(store.size).toBe(1);
    const hit = await get('/products?ProductsSearch[keyword]=kaju');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(computed).toBe(3);

    // Thousands of keywords asked once do not push the popular answer out.
    for (let i = 0; i < 3_000; i++) await get(`/products?ProductsSearch[keyword]=word${i}`);
    expect(store.get('/products?ProductsSearch[keyword]=kaju')).toBeDefined();
    expect(store.size).toBeLessThan(50);
    await app.close();
  });
});

describe('single flight and clients that leave', () => {
  it('a request whose client left before it reached the cache leads no flight (a failed answer would never release it)', async () => {
    const app = Fastify({ logger: false });
    const cache = publicGetCache(newStore(), { scope: 'catalogue', json: 'plain' });
    const hold = holdRequests(app);
    // An answer that is not cached (a missing product): only the leader's 'close' releases its waiters.
    app.get('/missing', { onRequest: cache.onRequest }, async (_request, reply) =>
      reply.code(404).send({ message: 'Not found.' }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await getThenHangUp(app, hold, '/missing');
      const next = fetch(`${baseUrlOf(app)}/missing`, { signal: AbortSignal.timeout(3_000) });
      await expect.poll(() => hold.held()).toBe(2);
      hold.open();
      expect((await next).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
