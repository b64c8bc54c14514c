import { setFlagsFromString } from 'node:v8';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { brotliWindowBits, keptBrotli } from '../http/brotli.ts';
import { declaredWindowBits } from '../test/brotli-window.ts';
import { cacheTags } from '../http/response-cache.ts';
import { encodePage, pageStore, RECOMPRESS_AT_HIT } from './page-cache.ts';
import { NO_PAGE_FILES, type PageFiles } from './page-files.ts';

/** Compressions at the kept quality (keptBrotli) under way at once, and the most there were. */
const compressions = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock('../http/brotli.ts', async (importOriginal) => {
  const brotli = await importOriginal<typeof import('../http/brotli.ts')>();
  return {
    ...brotli,
    async keptBrotli(...args: Parameters<typeof brotli.keptBrotli>) {
      compressions.most = Math.max(compressions.most, ++compressions.now);
      try {
        return await brotli.keptBrotli(...args);
      } finally {
        compressions.now -= 1;
      }
    },
  };
});

/** A document of about `bytes`, with text that does not repeat within a few KiB (as a page's). */
function documentOf(bytes: number): Buffer {
  let html = '<!DOCTYPE html><html><body>';
  for (let i = 0; html.length < bytes; i++)
    html += `<a href="/product/${i}/kaju-katli-${(i * 7919) % 10007}">Kaju Katli ${i * 31}</a>`;
  return Buffer.from(`${html}</body></html>`);
}

describe('kept pages are compressed with a window no larger than the page (page-cache.ts)', () => {
  it('chooses the smallest window that holds the page, between 64 KiB and 4 MiB', () => {
    expect(brotliWindowBits(0)).toBe(16);
    expect(brotliWindowBits(49_000)).toBe(16);
    expect(brotliWindowBits(65_536)).toBe(16);
    expect(brotliWindowBits(65_537)).toBe(17);
    expect(brotliWindowBits(101_000)).toBe(17);
    expect(brotliWindowBits(274_000)).toBe(19);
    expect(brotliWindowBits(50_000_000)).toBe(22);
  });

  it('a product-sized page is kept with a 64 KiB window, a category-sized one with a larger, both whole', async () => {
    for (const [size, bits] of [
      [49_000, 16],
      [274_000, 19],
    ] as const) {
      const html = documentOf(size);
      const { body } = await encodePage(html, { 'content-type': 'text/html' }, 'abc');
      expect(declaredWindowBits(body)).toBe(bits);
      expect(brotliDecompressSync(body).equals(html)).toBe(true);
    }
  });
});

/**
 * V8's own answer to "do these two objects share a hidden class?" (`%HaveSameMap`), from a
 * function compiled after natives syntax is allowed.
 */
function sameHiddenClass(): (a: object, b: object) => boolean {
  setFlagsFromString('--allow-natives-syntax');
  return new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
}

describe('kept pages share their hidden classes (page-cache.ts)', () => {
  it('pages of the same headers are kept, and read back, as objects of one shape, after pages of many shapes', async () => {
    const haveSameMap = sameHiddenClass();
    const store = pageStore(NO_PAGE_FILES);
    // Documents, navigation data and other answers carry different headers: a spread that sees
    // them all gives every object it makes a hidden class of its own.
    const headerSets: Record<string, string>[] = [
      { 'content-type': 'text/html; charset=utf-8' },
      { 'content-type': 'text/x-script', 'x-remix-response': 'yes' },
      { 'content-type': 'text/html; charset=utf-8', link: '</a.css>; rel=preload' },
      { 'content-type': 'text/x-script', 'x-remix-response': 'yes', 'cache-control': 'no-cache' },
      { 'content-type': 'application/json', 'x-one': '1', 'x-two': '2' },
      { 'content-type': 'text/plain', 'x-three': '3' },
    ];
    for (const [i, headers] of [...headerSets, ...headerSets].entries()) {
      const page = await encodePage(Buffer.from(`<p>${i}</p>`), headers, `n${i}`);
      await store.set(`/shape/${i}`, page, [cacheTags.product(i)], store.index.version);
    }
    for (const i of [1, 3]) {
      const a = store.index.get(`/shape/${i}`);
      const b = store.index.get(`/shape/${i + headerSets.length}`);
      expect(a && b && haveSameMap(a, b)).toBe(true);
      expect(a && b && haveSameMap(a.headers, b.headers)).toBe(true);
      const [readA, readB] = await Promise.all([
        store.get(`/shape/${i}`),
        store.get(`/shape/${i + headerSets.length}`),
      ]);
      expect(readA && readB && haveSameMap(readA, readB)).toBe(true);
    }
  });
});

/** Page files in memory, which say what they hold. */
function filesInMemory(): PageFiles & { held: Map<string, Buffer> } {
  const held = new Map<string, Buffer>();
  let written = 0;
  return {
    held,
    async write(body) {
      const file = `${written++}.br`;
      held.set(file, body);
      return file;
    },
    async read(file, bytes) {
      const body = held.get(file);
      return body?.byteLength === bytes ? body : null;
    },
    remove: (file) => held.delete(file),
    usage: () => ({ pages: held.size, diskBytes: 0 }),
    close: async () => held.clear(),
  };
}

describe('a page is kept quickly compressed, and compressed again once it proves popular (page-cache.ts)', () => {
  const headers = { 'content-type': 'text/html; charset=utf-8' };

  /** `html` as a page is first kept: a quick copy, larger than the kept quality's, of the same page. */
  async function quickFirstCopy(html: Buffer, pageHeaders: Record<string, string>, nonce: string) {
    const page = await encodePage(html, pageHeaders, nonce);
    expect(page.quick).toBe(true);
    const kept = await keptBrotli(html);
    expect(page.body.byteLength).toBeGreaterThan(kept.byteLength);
    expect(brotliDecompressSync(page.body).equals(html)).toBe(true);
    return { page, kept };
  }

  it('the first copy is quick; visitors get it until the third answer from the index, and a smaller copy of the same page after', async () => {
    const html = documentOf(49_000);
    const { page, kept } = await quickFirstCopy(html, headers, 'n1');

    const files = filesInMemory();
    const store = pageStore(files);
    await store.set('/product/1', page, [cacheTags.product(1)], store.index.version);
    expect(RECOMPRESS_AT_HIT).toBe(3);
    for (let hit = 1; hit <= RECOMPRESS_AT_HIT; hit++) {
      const answer = await store.get('/product/1');
      expect(answer?.body.equals(page.body)).toBe(true);
      await store.settled();
      // Compressed again only at the third answer: until then the quick copy is all there is.
      if (hit < RECOMPRESS_AT_HIT) expect([...files.held.values()]).toEqual([page.body]);
    }
    const later = await store.get('/product/1');
    expect(later?.quick).toBe(false);
    expect(later?.body.equals(kept)).toBe(true);
    expect(later?.etag).toBe(page.etag);
    expect(brotliDecompressSync(later?.body ?? Buffer.alloc(0)).equals(html)).toBe(true);
    // The quick copy's file is gone; nothing more is compressed.
    expect([...files.held.values()]).toEqual([kept]);
    await store.settled();
    expect(files.held.size).toBe(1);
  });

  it('a page a change dropped while it was compressed again does not come back', async () => {
    const files = filesInMemory();
    const store = pageStore(files);
    const page = await encodePage(documentOf(49_000), headers, 'n2');
    await store.set('/product/2', page, [cacheTags.product(2)], store.index.version);
    for (let hit = 1; hit <= RECOMPRESS_AT_HIT; hit++) expect(await store.get('/product/2')).toBeDefined();
    store.index.invalidate([cacheTags.product(2)]); // a sale, while the better copy is made
    await store.settled();
    expect(await store.get('/product/2')).toBeUndefined();
    expect(files.held.size).toBe(0);
  });

  it('pages that become popular together are compressed again one at a time, each kept better', async () => {
    const files = filesInMemory();
    const store = pageStore(files);
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, i) => encodePage(documentOf(120_000 + i * 1_000), headers, `n${i}`)),
    );
    for (const [i, page] of pages.entries())
      await store.set(`/category/${i}`, page, [cacheTags.catalogue], store.index.version);
    compressions.most = 0;
    // Every page's third answer in the same moment, as a wave of visitors brings them.
    await Promise.all(
      pages.flatMap((_, i) => Array.from({ length: RECOMPRESS_AT_HIT }, () => store.get(`/category/${i}`))),
    );
    await store.settled();
    expect(compressions.most).toBe(1);
    for (const [i, page] of pages.entries()) {
      const later = await store.get(`/category/${i}`);
      expect(later?.quick).toBe(false);
      expect(later?.body.byteLength).toBeLessThan(page.body.byteLength);
    }
  });

  it('a small page (a navigation-data answer) is kept at quality 1 first, and at the kept quality once it proves popular', async () => {
    const html = documentOf(1_400);
    const { page, kept } = await quickFirstCopy(html, { 'content-type': 'text/x-script' }, 'n3');
    expect(declaredWindowBits(page.body)).toBe(18); // quality 1's least window: not the kept quality's 16

    // Kept in the index itself (page-cache.ts INLINE_PAGE_BYTES), no file, both copies.
    const files = filesInMemory();
    const store = pageStore(files);
    await store.set('/product/3.data', page, [cacheTags.product(3)], store.index.version);
    for (let hit = 1; hit <= RECOMPRESS_AT_HIT; hit++) {
      expect((await store.get('/product/3.data'))?.body.equals(page.body)).toBe(true);
      await store.settled();
    }
    const later = await store.get('/product/3.data');
    expect(later?.quick).toBe(false);
    expect(later?.body.equals(kept)).toBe(true);
    expect(later?.etag).toBe(page.etag);
    expect(files.held.size).toBe(0);
  });
});
