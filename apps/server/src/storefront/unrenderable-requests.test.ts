/**
 * Requests no page can be rendered for are answered before a render starts (storefront.ts,
 * refuseUnrenderable): a Host header that makes no URL is a 400, a method fetch will not carry a
 * 405 — both in the API's error shape, never a 500. Needs the storefront build (`npm run build`).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const built = existsSync(new URL('../../../web/build/server/index.js', import.meta.url));

describe.runIf(built)('storefront requests no page can be rendered for', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ storefront: true });
  }, 60_000);
  afterAll(() => t.close());

  it('answers a Host header that makes no URL with a 400, on a page and on route discovery', async () => {
    for (const host of ['a:99999', 'a@b', 'a b', '%00', '[zz]', 'xn--'])
      for (const url of ['/', '/search?q=kaju', '/robots.txt', '/__manifest?paths=%2F&version=x']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(res.json()).toMatchObject({
          name: 'Bad Request',
          message: 'The Host header does not name a host.',
        });
      }
    const fine = await t.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'shop.example.in:8080' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('answers TRACE on a page with a 405 naming the methods it takes', async () => {
    for (const url of ['/', '/product/1', '/no-such-page']) {
      const res = await t.app.inject({ method: 'TRACE', url });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });
});
