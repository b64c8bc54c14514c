import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants } from 'node:zlib';
import { keptBytes } from './kept-bytes.ts';

/**
 * Brotli for bytes a cache keeps and sends many times: kept pages (storefront/page-cache.ts) and
 * public API answers (response-cache.ts). Every current browser asks for brotli over HTTPS.
 */

const brotliAsync = promisify(brotliCompress);

/** Bytes below which an answer is sent as it is: compressing it saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's window for a document of `bytes`: the smallest that holds the whole document, from
 * 64 KiB (16 bits) up to brotli's default of 4 MiB (22 bits). A window larger than the document
 * finds nothing more, but costs: at 64 KiB or less the encoder uses its small match finder instead
 * of a 1–2 MiB table, which is mapped, touched and unmapped again for every render
 * (`MALLOC_MMAP_THRESHOLD_`, scripts/server-flags.mjs).
 */
export function brotliWindowBits(bytes: number): number {
  return Math.min(constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(Math.max(bytes, 1)))));
}

/**
 * Bytes up to which brotli runs on the main thread. A product's navigation data (1.3 KB) took
 * 0.09 ms of CPU so, against 0.33–0.38 ms handed through zlib's stream to the thread pool and
 * back. Larger documents (a product page is ~50 KB, ~1.8 ms) still go to the pool: the event loop
 * is not held for longer than ~0.3 ms.
 */
export const COMPRESS_INLINE_BYTES = 8 * 1024;

/**
 * `bytes` brotli-compressed, in storage of their own (kept-bytes.ts). Quality 5 and a window
 * fitted to the bytes, against 6 and the default window: CPU to compress a product page (49 KB)
 * 4.0 → 1.8 ms, the home page (101 KB) 5.5 → 3.3 ms, a category page (274 KB) 6.5 → 4.8 ms, for
 * 0.3–0.6 % more bytes (ADR 0012, "2026-11-28, later").
 */
export async function keptBrotli(bytes: Buffer): Promise<Buffer> {
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.byteLength),
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  };
  return keptBytes(
    bytes.byteLength <= COMPRESS_INLINE_BYTES
      ? brotliCompressSync(bytes, options)
      : await brotliAsync(bytes, options),
  );
}

/** Whether an `accept-encoding` header accepts `coding` (a q=0 refuses it). */
export function acceptsEncoding(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (name.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
