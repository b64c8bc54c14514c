import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliWindowBits } from '../http/brotli.ts';
import { declaredWindowBits } from '../test/brotli-window.ts';
import { encodePage } from './page-cache.ts';

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
