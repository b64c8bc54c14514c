import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE_CONTROL, buildAssets } from './build-assets.ts';

/** A build's assets folder: a script with both compressed copies, a stylesheet with gzip only, a tiny script with none. */
const script = Buffer.from(`export const shop = ${JSON.stringify('Kesar Foods '.repeat(200))};\n`);
const style = Buffer.from(`.tile{color:maroon}\n`.repeat(100));
const tiny = Buffer.from('export{};\n');

describe('the build’s hashed assets, sent from memory', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'assets-'));
    writeFileSync(join(dir, 'shell-AbC123.js'), script);
    writeFileSync(join(dir, 'shell-AbC123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'shell-AbC123.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'home-XyZ789.css'), style);
    writeFileSync(join(dir, 'home-XyZ789.css.gz'), gzipSync(style));
    writeFileSync(join(dir, 'root-Tiny00.js'), tiny);
    const assets = buildAssets(dir);
    app = Fastify();
    app.get<{ Params: { '*': string } }>('/assets/*', (request, reply) => assets.send(request, reply));
    app.setNotFoundHandler((_request, reply) => reply.code(404).send('the 404 page'));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it('sends the build’s brotli copy to a browser that takes it, immutable, typed by the file', async () => {
    const res = await get('/assets/shell-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.rawPayload.equals(brotliCompressSync(script))).toBe(true);
  });

  it('falls back to the gzip copy, then to the file itself', async () => {
    const gz = await get('/assets/shell-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(script))).toBe(true);
    // A stylesheet the build compressed with gzip only.
    const css = await get('/assets/home-XyZ789.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const plain = await get('/assets/shell-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
    // A file too small for the build to compress is sent as it is.
    const small = await get('/assets/root-Tiny00.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.rawPayload.equals(tiny)).toBe(true);
  });

  it('answers 304 to a browser that has the copy, and keeps the bytes once read', async () => {
    const first = await get('/assets/home-XyZ789.css', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/assets/home-XyZ789.css', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // As for pages and media (http/etag.ts): the tag among others, or weak, still matches.
    const listed = await get('/assets/home-XyZ789.css', {
      'accept-encoding': 'gzip',
      'if-none-match': `W/"x", W/${etag}`,
    });
    expect(listed.statusCode).toBe(304);
    // Kept in memory: the file is no longer read.
    unlinkSync(join(dir, 'home-XyZ789.css.gz'));
    const kept = await get('/assets/home-XyZ789.css', { 'accept-encoding': 'gzip' });
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('leaves any name the folder does not hold to the 404 page: unknown files, sub-paths, escapes', async () => {
    for (const url of [
      '/assets/shell-Nope00.js',
      '/assets/../package.json',
      '/assets/..%2Fpackage.json',
      '/assets/sub/shell-AbC123.js',
      '/assets/%2e%2e%2fshell-AbC123.js',
      '/assets/',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe('the 404 page');
    }
  });
});
