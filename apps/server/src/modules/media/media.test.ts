import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const MEDIA = '/backend/data';
// Own names inside the shared test media folder, so parallel test files never collide.
const folder = `zz-media-${randomBytes(4).toString('hex')}`;
const productId = String(900_000_000 + Math.floor(Math.random() * 90_000_000));

describe('media files under /backend/data', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    mediaDir = t.ctx.config.mediaDir;
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#b5461b' } })
      .png()
      .toBuffer();
    mkdirSync(join(mediaDir, folder), { recursive: true });
    mkdirSync(join(mediaDir, 'products', productId, '120x120'), { recursive: true });
    writeFileSync(join(mediaDir, folder, 'banner.png'), png);
    writeFileSync(join(mediaDir, folder, 'catalogue.pdf'), '%PDF-1.4\n% test\n');
    writeFileSync(join(mediaDir, folder, 'notes.txt'), 'not served');
    writeFileSync(join(mediaDir, 'products', productId, 'kaju.png'), png);
    writeFileSync(join(mediaDir, 'products', productId, '120x120', 'stored.png'), png);
  });
  afterAll(async () => {
    rmSync(join(mediaDir, folder), { recursive: true, force: true });
    rmSync(join(mediaDir, 'products', productId), { recursive: true, force: true });
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers });

  it('serves an original with its content type, ETag and a day of caching', async () => {
    const res = await get(`${MEDIA}/${folder}/banner.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers If-None-Match with the same ETag with 304 and no body', async () => {
    const first = await get(`${MEDIA}/products/${productId}/kaju.png`);
    const etag = String(first.headers.etag);
    const again = await get(`${MEDIA}/products/${productId}/kaju.png`, { 'if-none-match': `W/"x", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const changed = await get(`${MEDIA}/products/${productId}/kaju.png`, { 'if-none-match': '"other"' });
    expect(changed.statusCode).toBe(200);
  });

  it('makes a missing 300x300 variant as WebP on first request, keeps it on disk and caches it for a week', async () => {
    const url = `${MEDIA}/products/${productId}/300x300/kaju.png`;
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 300]);
    expect(existsSync(join(mediaDir, 'products', productId, '300x300', 'kaju.png.webp'))).toBe(true);
    const again = await get(url);
    expect(again.headers.etag).toBe(res.headers.etag);
  });

  it('makes folder variants too (clienttestimonials/300x300/…) and prefers a stored variant', async () => {
    const res = await get(`${MEDIA}/${folder}/120x120/banner.png`);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([120, 120]);
    const stored = await get(`${MEDIA}/products/${productId}/120x120/stored.png`);
    expect(stored.headers['content-type']).toBe('image/png');
  });

  it('makes width-limited variants (w480 …) that keep the shape and never enlarge', async () => {
    const res = await get(`${MEDIA}/${folder}/w480/banner.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
    const products = await get(`${MEDIA}/products/${productId}/w800/kaju.png`);
    expect(products.statusCode).toBe(200);
  });

  it('makes many concurrent requests for one new variant share one resize', async () => {
    const url = `${MEDIA}/${folder}/300x300/banner.png`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });

  it('serves a PDF inline with its file name', async () => {
    const res = await get(`${MEDIA}/${folder}/catalogue.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="catalogue.pdf"');
  });

  it.each([
    ['a missing file', `${folder}/nope.png`],
    ['a missing product', `products/${productId}/nope.png`],
    ['a variant of a missing original', `${folder}/300x300/nope.png`],
    ['an unknown size', `products/${productId}/999x999/kaju.png`],
    ['a file type that is not media', `${folder}/notes.txt`],
    ['a variant of a PDF', `${folder}/300x300/catalogue.pdf`],
    ['a non-numeric product id', 'products/abc/kaju.png'],
    ['an unknown route', 'a/b/c/d/e'],
  ])('answers %s with a JSON 404 in the named shape', async (_label, path) => {
    const res = await get(`${MEDIA}/${path}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ name: 'Not Found', code: 0, status: 404 });
  });

  it.each([
    '../../../../etc/passwd',
    `${folder}/..%2F..%2F..%2Fetc%2Fpasswd`,
    `${folder}/%2e%2e%2f%2e%2e%2fpackage.json`,
    `products/${productId}/..%2F..%2F..%2F..%2Fpackage.json`,
    `${folder}/%2Fetc%2Fpasswd`,
    `${folder}/banner.png%00.pdf`,
    `${folder}/..%5C..%5Cpackage.json`,
    '..%2F..%2Fpackage.json/x.png',
    `${folder}/.hidden.png`,
    `${folder}/%FF%FE.png`,
  ])('blocks the traversal attempt %s with a named 4xx', async (path) => {
    const res = await get(`${MEDIA}/${path}`);
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ code: 0, status: res.statusCode });
    expect(res.body).not.toContain('root:');
  });
});
