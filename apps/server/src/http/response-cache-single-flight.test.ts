import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('public response cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers concurrent misses of one URL with a single computation (no cache stampede)', async () => {
    const url = '/backend/api/web/products?ProductsSearch%5Bkeyword%5D=masala&single-flight=1';
    // At once: `t.request` waits for the change feed before each request, which spreads them out.
    await t.ctx.changes.flush();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.headers['x-cache'] === 'MISS')).toHaveLength(1);
    const bodies = new Set(responses.map((r) => r.body));
    expect(bodies.size).toBe(1);
  });

  it('lets waiters compute for themselves when the first request fails', async () => {
    const url = '/backend/api/web/products/999999';
    const responses = await Promise.all(Array.from({ length: 5 }, () => t.request({ method: 'GET', url })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(5).fill(404));
  });
});
