import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { PAGING_MESSAGE } from '../../http/collection.ts';
import { LIST_FORM_MESSAGE } from '../../http/query-params.ts';

/**
 * Bad input for every public catalogue, content and engagement route: always a 4xx in the
 * contract's shape (or a normal answer where the input is merely odd), never a 500 or a stack.
 */
const API = '/backend/api/web';

const collections = [
  'menus',
  'settings',
  'clienttestimonials',
  'banners',
  'imagegallery',
  'videogallery',
  'categories',
  'assets',
  'contents',
  'files',
  'pages',
  'products',
] as const;

const searchKeyOf: Record<(typeof collections)[number], string> = {
  menus: 'MenusSearch[category]',
  settings: 'SettingsSearch[module_name]',
  clienttestimonials: 'ClienttestimonialsSearch[name]',
  banners: 'BannersSearch[category]',
  imagegallery: 'ImagegallerySearch[category]',
  videogallery: 'VideogallerySearch[category]',
  categories: 'CategoriesSearch[name]',
  assets: 'AssetsSearch[name]',
  contents: 'ContentsSearch[name]',
  files: 'FilesSearch[name]',
  pages: 'PageSearch[url_slug]',
  products: 'ProductsSearch[keyword]',
};

interface Answer {
  statusCode: number;
  body: string;
  json<T = unknown>(): T;
}

function expectNamedError(res: Answer, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({
    name: expect.any(String),
    message: expect.any(String),
    code: 0,
    status,
  });
  expectNoLeak(res);
}

function expectNoLeak(res: Answer) {
  expect(res.statusCode).toBeLessThan(500);
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(res.body).not.toMatch(/syntax error|drizzle|postgres/i);
}

describe('bad input on the public API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (path: string) => t.request({ method: 'GET', url: `${API}/${path}` });

  describe.each(collections)('GET %s', (path) => {
    it.each(['page=-1', 'page=abc', 'page=1.5', 'per-page=abc', 'per-page=-5', 'page=99999999999'])(
      '%s → named 400',
      async (query) => {
        expectNamedError(await get(`${path}?${query}`), 400);
      },
    );

    it('a page past 9 digits names the range it must be in, not "a positive integer"', async () => {
      for (const query of ['page=2147483648', 'per-page=-5']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode, query).toBe(400);
        const field = query.split('=')[0];
        expect(res.json(), query).toMatchObject({
          name: 'Bad Request',
          message: `Invalid query parameter "${field}": ${PAGING_MESSAGE}`,
        });
      }
    });

    it('per-page=100000 is capped at 200, not an error', async () => {
      const res = await get(`${path}?per-page=100000`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ _meta: { perPage: number } }>()._meta.perPage).toBe(200);
      expect(res.headers['x-pagination-per-page']).toBe('200');
    });

    it('a page beyond the end is an empty list', async () => {
      const res = await get(`${path}?page=999999`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toEqual([]);
    });

    it('an unknown sort field → named 400; a repeated parameter uses the first value', async () => {
      expectNamedError(await get(`${path}?sort=password_hash`), 400);
      expectNamedError(await get(`${path}?sort=id;drop%20table%20products`), 400);
      const repeated = await get(`${path}?per-page=2&per-page=3`);
      expect(repeated.statusCode).toBe(200);
      expect(repeated.json<{ _meta: { perPage: number } }>()._meta.perPage).toBe(2);
    });

    it('product rules §7: a repeated sort or expand uses the first value too (not "expected string, received array")', async () => {
      const sort = await get(`${path}?sort=password_hash&sort=id`);
      expectNamedError(sort, 400);
      expect(sort.json<{ message: string }>().message).toContain('Unknown sort field "password_hash"');
      expect((await get(`${path}?expand=a&expand=b`)).statusCode).toBe(200);
    });

    it.each([
      ['SQL-ish text', "'%20OR%201=1%20--"],
      ['invalid UTF-8', '%FF%FE'],
      ['a NUL byte', 'a%00b'],
      ['tsquery and regex syntax', encodeURIComponent("&|!:*()<>\\'%_[]{}")],
      ['Devanagari', encodeURIComponent('काजू कतली')],
    ])('a filter with %s is answered without error', async (_label, value) => {
      const res = await get(`${path}?${encodeURIComponent(searchKeyOf[path])}=${value}`);
      expectNoLeak(res);
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 400) expectNamedError(res, 400);
    });

    it('a parameter it reads, given as a PHP list (per-page[]=1, sort[0]=id), → named 400 naming it, not ignored', async () => {
      for (const [query, field] of [
        ['per-page%5B%5D=1', 'per-page'],
        ['sort[0]=id', 'sort'],
      ]) {
        const res = await get(`${path}?${query}`);
        expectNamedError(res, 400);
        expect(res.json<{ message: string }>().message, query).toBe(
          `Invalid query parameter "${field}": ${LIST_FORM_MESSAGE}`,
        );
      }
      // A parameter the route does not read stays ignored, brackets or not.
      expect((await get(`${path}?unknown[]=1&_[]=2`)).statusCode).toBe(200);
    });

    it('wrong methods are named 405s with an Allow header naming GET (as the Yii2 API answers)', async () => {
      for (const method of ['DELETE', 'PUT', 'PATCH'] as const) {
        const res = await t.request({ method, url: `${API}/${path}` });
        expectNamedError(res, 405);
        expect(res.headers.allow).toContain('GET');
      }
    });
  });

  describe('products filters', () => {
    it.each(['abc', '-1', '1e3', '99999999999', "1'%20OR%20'1'='1"])(
      'ProductsSearch[category_id]=%s → named 400',
      async (v) => {
        expectNamedError(await get(`products?ProductsSearch%5Bcategory_id%5D=${v}`), 400);
      },
    );

    it('product rules §7 Yii2 filters: an empty ProductsSearch[category_id] is no filter, like the other fields', async () => {
      const all = (await get('products?per-page=1')).json<{ _meta: { totalCount: number } }>();
      for (const value of ['', '%20']) {
        const res = await get(`products?per-page=1&ProductsSearch%5Bcategory_id%5D=${value}`);
        expect(res.statusCode).toBe(200);
        expect(res.json<{ _meta: { totalCount: number } }>()._meta.totalCount).toBe(all._meta.totalCount);
      }
    });

    it('an unknown category lists nothing', async () => {
      const res = await get('products?ProductsSearch[category_id]=987654321');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toEqual([]);
    });

    it('a keyword over 1000 characters → named 400; up to 1000 is searched (first 100 count)', async () => {
      expectNamedError(await get(`products?ProductsSearch[keyword]=${'a'.repeat(1001)}`), 400);
      expect(
        (await get(`products?ProductsSearch[keyword]=${'padlock '.repeat(120).slice(0, 1000)}`)).statusCode,
      ).toBe(200);
    });

    it('an unknown label lists nothing', async () => {
      const res = await get(
        `products?ProductsSearch[product_labels]=${encodeURIComponent("Featured' OR 1=1 --")}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toEqual([]);
    });
  });

  describe('filters given as PHP lists, on every collection route', () => {
    it.each([
      ['pages', 'PageSearch[url_slug]', '[]=terms'],
      ['products', 'ProductsSearch[category_id]', '[]=5'],
      ['products', 'ProductsSearch[keyword]', '[]=a'],
      ['products', 'ProductsSearch[product_labels]', '[0]=Featured'],
      ['menus', 'MenusSearch[category]', '[]=header'],
      ['banners', 'BannersSearch[category]', '[x]=home'],
    ])(
      'a filter given as a list (%s?%s%s) → named 400 naming it, not the unfiltered list',
      async (path, key, rest) => {
        for (const url of [
          `${path}?${key}${rest}`,
          `${path}?${encodeURIComponent(`${key}${rest.split('=')[0]}`)}=x`,
        ]) {
          const res = await get(url);
          expectNamedError(res, 400);
          expect(res.json<{ message: string }>().message, url).toBe(
            `Invalid query parameter "${key}": ${LIST_FORM_MESSAGE}`,
          );
        }
      },
    );
  });

  describe('unknown routes', () => {
    it.each(['nope', 'products/1/extra', 'captcha', 'menus/1', '%FF%FE', 'products/%00'])(
      '/%s → named 4xx',
      async (path) => {
        const res = await get(path);
        expect([400, 404]).toContain(res.statusCode);
        expectNamedError(res, res.statusCode);
      },
    );
  });

  describe('a known address asked with a method it does not take (as the Yii2 API answers)', () => {
    it.each([
      ['GET', 'customers/login', 'POST'],
      ['GET', 'customers/verify_email_otp', 'POST'],
      ['DELETE', 'products', 'GET'],
      ['PATCH', 'customers/address/7', 'PUT, DELETE'],
      // A literal address is its own routes', though GET orders/{id} would match it too.
      ['GET', 'orders/checkout', 'POST'],
      ['GET', 'orders/verify_payment/', 'POST'],
      ['PUT', 'orders/payment', 'POST'],
    ])('%s /%s → 405, Allow: %s', async (method, path, allow) => {
      const res = await t.request({ method: method as 'GET', url: `${API}/${path}?x=1` });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toEqual({
        name: 'Method Not Allowed',
        message: `Method Not Allowed. This URL can only handle the following request methods: ${allow}.`,
        code: 0,
        status: 405,
      });
    });

    it('an address no method takes stays a named 404', async () => {
      const res = await t.request({ method: 'POST', url: `${API}/customers/login/extra` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        name: 'Not Found',
        message: `Page not found: ${API}/customers/login/extra`,
      });
    });

    it('DESIGN §3 "Unknown routes are 404": a malformed JSON body sent to no route, or with a method the route does not take, is still that 404 or 405, not a 400', async () => {
      const withBadJson = (method: 'POST' | 'DELETE', url: string) =>
        t.request({ method, url, payload: '{bad', headers: { 'content-type': 'application/json' } });
      const unknown = await withBadJson('POST', `${API}/nope`);
      expect(unknown.statusCode).toBe(404);
      expectNamedError(unknown, 404);
      const outside = await withBadJson('POST', '/backend/nope');
      expect(outside.statusCode).toBe(404);
      expectNamedError(outside, 404);
      const wrongMethod = await withBadJson('DELETE', `${API}/menus`);
      expect(wrongMethod.statusCode).toBe(405);
      expect(wrongMethod.headers.allow).toBe('GET');
      // A route that reads the body still says what is wrong with it.
      expect((await withBadJson('POST', `${API}/newsletters`)).statusCode).toBe(400);
    });
  });

  describe('a storefront page address that cannot be decoded', () => {
    it('spec §2 routing error: a browser gets a page titled "Unexpected Application Error!" with a way home (status 400), not JSON', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/page/%E0%A4',
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Unexpected Application Error!</title>');
      expect(res.body).toContain('<h1>Unexpected Application Error!</h1>');
      expect(res.body).toContain('<a href="/">Back to home</a>');
    });

    it('the same address asked for by a program, and API addresses, keep the named shape', async () => {
      const page = await t.request({ method: 'GET', url: '/page/%E0%A4' });
      expectNamedError(page, 400);
      const api = await t.request({ method: 'GET', url: `${API}/%FF%FE`, headers: { accept: 'text/html' } });
      expectNamedError(api, api.statusCode);
    });
  });

  describe.each(['newsletters', 'contact_queries'])('POST %s', (path) => {
    const post = (payload: string, contentType: string) =>
      t.request({ method: 'POST', url: `${API}/${path}`, payload, headers: { 'content-type': contentType } });

    it('a 1 MB body → named 413', async () => {
      const res = await post(
        JSON.stringify({ email: 'a@b.in', message: 'x'.repeat(1024 * 1024) }),
        'application/json',
      );
      expectNamedError(res, 413);
    });

    it('a wrong content type → named 415', async () => {
      expectNamedError(await post('email=a@b.in', 'text/plain'), 415);
      expectNamedError(await post('<email>a@b.in</email>', 'application/xml'), 415);
    });

    it('invalid JSON → named 400', async () => {
      expectNamedError(await post('{"email": ', 'application/json'), 400);
      expectNamedError(await post('{email: a@b.in}', 'application/json'), 400);
    });

    it('a JSON value that is not an object → 422 field list', async () => {
      for (const body of ['"text"', '[1,2]', 'null', '42']) {
        const res = await post(body, 'application/json');
        expect(res.statusCode).toBe(422);
        const fields = res.json<{ field: string; message: string }[]>();
        expect(fields.length).toBeGreaterThan(0);
        expect(fields.every((f) => typeof f.field === 'string' && f.field !== 'body')).toBe(true);
      }
    });
  });

  it('GET captcha/challenge ignores a query string and answers POST with a named 405', async () => {
    expect((await get('captcha/challenge?x=%FF')).statusCode).toBe(200);
    expectNamedError(await t.request({ method: 'POST', url: `${API}/captcha/challenge`, payload: {} }), 405);
  });

  it('every public route is in the OpenAPI document', async () => {
    const doc = (await get('openapi.json')).json<{ paths: Record<string, unknown> }>();
    const paths = Object.keys(doc.paths);
    for (const path of [
      ...collections,
      'products/{id}',
      'newsletters',
      'contact_queries',
      'captcha/challenge',
    ]) {
      expect(paths).toContain(`${API}/${path}`);
    }
    expect(paths).toContain('/backend/data/products/{productId}/{size}/{file}');
  });
});
