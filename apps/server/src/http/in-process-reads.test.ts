import { API_PREFIX } from '@shop/contract/api-prefix';
import { withQuery } from '@shop/contract/storefront-context';
import { idParam } from './query-params.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { inProcessReads, inProcessReadsOf } from './in-process-reads.ts';
import { dependencyProbe } from './response-cache.ts';

/**
 * Performance rule (ADR 0012, "2026-11-29, noon"): a page's loaders read the catalogue's public
 * answers in process, without a request, and see exactly what the API would have answered.
 */
describe('in-process reads, the registry', () => {
  const reads = inProcessReads({ checked: true });
  const calls: number[] = [];
  reads.add('/things/:id', {
    params: z.object({ id: idParam }),
    query: z.object({ sort: z.enum(['name', 'price']).optional() }),
    scope: 'catalogue',
    async read({ params, query }) {
      calls.push(params.id);
      if (params.id === 404) return null;
      if (params.id === 500) throw new Error('broken');
      if (params.id === 7) return { body: { id: 7, seen: undefined }, tags: [] };
      if (params.id === 8) return { body: { id: 8, at: new Date(0) }, tags: [] };
      return { body: { id: params.id, sort: query.sort ?? null }, tags: [`thing:${params.id}`] };
    },
  });

  it('answers a matching path with the parsed params and query, its tags led by the scope', async () => {
    expect(await reads.read('things/12', { sort: 'price', unused: undefined })).toEqual({
      body: { id: 12, sort: 'price' },
      tags: ['catalogue', 'thing:12'],
    });
    expect((await reads.read('/things/13/'))?.body).toEqual({ id: 13, sort: null });
  });

  it("gives up — the loader asks the API — on what is the route's to answer", async () => {
    calls.length = 0;
    expect(await reads.read('things/abc')).toBeUndefined(); // the route's 400
    expect(await reads.read('things/12', { sort: 'colour' })).toBeUndefined(); // the route's 400
    expect(await reads.read('things/%E0%A4%A')).toBeUndefined(); // malformed escape
    expect(calls).toEqual([]);
    expect(await reads.read('things/404')).toBeUndefined(); // the route's 404
    expect(await reads.read('things/500')).toBeUndefined(); // the route's error
    expect(await reads.read('things')).toBeUndefined(); // no read for the path
    expect(await reads.read('others/12')).toBeUndefined();
    expect(calls).toEqual([404, 500]);
  });

  it('refuses an answer that its JSON would not parse back into (checked outside production)', async () => {
    await expect(reads.read('things/7')).rejects.toThrow(/not what its JSON parses back into/);
    await expect(reads.read('things/8')).rejects.toThrow(/not what its JSON parses back into/);
    const unchecked = inProcessReads({ checked: false });
    unchecked.add('/things/:id', {
      scope: 'content',
      read: async () => ({ body: { seen: undefined }, tags: [] }),
    });
    expect(await unchecked.read('things/7')).toEqual({ body: { seen: undefined }, tags: ['content'] });
  });
});

describe("in-process reads of the catalogue: the API's answers, word for word", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The answer and the public cache's tags as a loader got them through the API (inject). */
  async function throughApi(path: string, query?: Record<string, string | number>) {
    const probe = dependencyProbe();
    const response = await t.request({
      method: 'GET',
      url: withQuery(`${API_PREFIX}/${path}`, query),
      headers: probe.headers,
    });
    return { status: response.statusCode, body: response.json(), tags: probe.finish() };
  }

  it('reads every product, every kind of listing and its tags as the API answers them', async () => {
    const all = await throughApi('products', { 'per-page': 200 });
    const ids = (all.body as { items: Array<{ id: number; category_id: number }> }).items;
    expect(ids.length).toBeGreaterThan(5);
    const cases: Array<[string, Record<string, string | number>?]> = [
      ...ids.map((p): [string] => [`products/${p.id}`]),
      ['products'],
      ['products', { 'per-page': 100, page: 1, 'ProductsSearch[product_labels]': 'Featured' }],
      ['products', { 'per-page': 100, page: 1, 'ProductsSearch[category_id]': ids[0]?.category_id ?? 0 }],
      ['products', { 'ProductsSearch[keyword]': 'kaju', 'per-page': 100, page: 1 }],
      ['products', { 'ProductsSearch[keyword]': 'lock', sort: '-selling_price' }],
      ['products', { sort: 'selling_price', 'per-page': 3, page: 2 }],
      ['products', { sort: '-available_stock,name', 'per-page': 5 }],
      ['products', { 'ProductsSearch[category_id]': '', page: 99 }],
    ];
    const reads = inProcessReadsOf(t.ctx);
    for (const [path, query] of cases) {
      const api = await throughApi(path, query);
      expect(api.status, path).toBe(200);
      const read = await reads.read(path, query);
      expect(read?.body, `${path} ${JSON.stringify(query)}`).toStrictEqual(api.body);
      expect(read?.tags, `${path} ${JSON.stringify(query)}`).toEqual(api.tags);
    }
  });

  it("leaves the API's errors to the API: a bad id, no such product, a bad sort or filter", async () => {
    const reads = inProcessReadsOf(t.ctx);
    const cases: Array<[string, Record<string, string | number>?, number?]> = [
      ['products/abc', undefined, 404], // a path id that is no id names no product
      ['products/0', undefined, 404],
      ['products/99999999', undefined, 404],
      ['products', { sort: 'colour' }, 400],
      ['products', { 'ProductsSearch[category_id]': 'sweets' }, 400],
      ['products', { page: 'two' }, 400],
    ];
    for (const [path, query, status] of cases) {
      expect(await reads.read(path, query), `${path} ${JSON.stringify(query)}`).toBeUndefined();
      expect((await throughApi(path, query)).status).toBe(status);
    }
  });
});
