import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { declaredWindowBits } from '../test/brotli-window.ts';
import { answerCompression, COMPRESS_FROM_BYTES, COMPRESS_SYNC_BYTES } from './brotli.ts';

/** A JSON answer of about `bytes`: products whose names do not repeat (as a search answer's). */
function answerOf(bytes: number): string {
  const items: Array<{ id: number; name: string; price: number }> = [];
  for (let i = 0; JSON.stringify(items).length < bytes; i++)
    items.push({ id: i, name: `Kaju Katli ${(i * 7919) % 10007} g`, price: 100 + ((i * 31) % 900) });
  return JSON.stringify({ items });
}

async function appWith(answers: Record<string, string>) {
  const app = Fastify({ logger: false });
  await app.register(compress, { global: true, ...answerCompression });
  for (const [path, body] of Object.entries(answers))
    app.get(path, (_request, reply) => reply.type('application/json').send(body));
  await app.ready();
  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  return { app, get };
}

describe('answers compressed as they are sent (http/brotli.ts answerCompression)', () => {
  const detail = answerOf(1_500); // a product's detail
  const search = answerOf(9_000); // a search of 20 products
  const listing = answerOf(42_000); // a category listing of 100
  const large = answerOf(COMPRESS_SYNC_BYTES + 20_000);

  it('a detail, a search or a listing asked with brotli is compressed at once, at the quick quality, whole', async () => {
    const { app, get } = await appWith({ '/detail': detail, '/search': search, '/listing': listing });
    for (const [url, json] of [
      ['/detail', detail],
      ['/search', search],
      ['/listing', listing],
    ] as const) {
      const answer = await get(url, 'gzip, deflate, br');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      // Compressed at once, its length is known; the stream would have sent it chunked.
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.byteLength);
      // Brotli's quick quality (ANSWER_QUALITY, 1) declares a window of 18 bits, the least it uses;
      // quality 3, in a window fitted to a 44 KB listing, declared 16.
      expect(declaredWindowBits(answer.rawPayload)).toBe(18);
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(json);
    }
    await app.close();
  });

  it('an answer over 64 KiB goes through the stream, and arrives whole', async () => {
    const { app, get } = await appWith({ '/large': large });
    const answer = await get('/large', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(large);
    await app.close();
  });

  it('a client without brotli gets gzip, or the answer as it is; a small answer is never compressed', async () => {
    const { app, get } = await appWith({ '/search': search, '/small': '{"id":1}' });
    const gzip = await get('/search', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(search);
    const refused = await get('/search', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
    const plain = await get('/search');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(search);
    const small = await get('/small', 'br');
    expect('{"id":1}'.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});
