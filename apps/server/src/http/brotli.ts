import { promisify } from 'node:util';
import type { FastifyCompressOptions } from '@fastify/compress';
import { brotliCompress, brotliCompressSync, constants } from 'node:zlib';
import { keptBytes } from './kept-bytes.ts';

/**
 * Brotli for the shop's answers: bytes a cache keeps and sends many times (kept pages,
 * storefront/page-cache.ts; public API answers, response-cache.ts), and answers compressed as they
 * are sent (`answerCompression`, for @fastify/compress). Every current browser asks for brotli
 * over HTTPS.
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

/** Brotli quality of kept bytes (`keptBrotli`). */
export const KEPT_QUALITY = 5;

/**
 * Brotli quality of a large page's first copy (storefront/page-cache.ts): a page kept at its first
 * render is often never asked again (a product page of a large catalogue), so it is compressed
 * cheaply, and again at `KEPT_QUALITY` once it proves popular (`RECOMPRESS_AT_HIT`). A product page
 * (49 KB): 0.8–0.9 against 1.5–2.4 ms of CPU, 12.1 against 10.8 KB. Not quality 1: 0.23–0.25 ms,
 * but 13.7 KB, which with the page's headers no longer fits TCP's first round trip (ten
 * segments, ~14 KB).
 */
export const FIRST_PAGE_QUALITY = 3;

/**
 * Brotli quality of a small page's first copy (up to `COMPRESS_INLINE_BYTES`; a product's
 * navigation data, 1.3–1.4 KB): 31–37 against 110–112 µs of CPU at `KEPT_QUALITY`, 832–943 against
 * 712–821 bytes. Either fits one TCP segment with its headers, so the shopper waits no longer for
 * it; a popular one is compressed again at `KEPT_QUALITY` as large pages are.
 */
export const FIRST_SMALL_PAGE_QUALITY = 1;

/**
 * `bytes` brotli-compressed, in storage of their own (kept-bytes.ts). Quality 5 and a window
 * fitted to the bytes, against 6 and the default window: CPU to compress a product page (49 KB)
 * 4.0 → 1.8 ms, the home page (101 KB) 5.5 → 3.3 ms, a category page (274 KB) 6.5 → 4.8 ms, for
 * 0.3–0.6 % more bytes (ADR 0012, "2026-11-28, later").
 */
export async function keptBrotli(bytes: Buffer, quality = KEPT_QUALITY): Promise<Buffer> {
  const options = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
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

/**
 * Answers up to this size are compressed on the main thread as they are sent, larger ones through
 * zlib's stream on the thread pool. @fastify/compress's own default is 8 KiB on a two-core machine,
 * which sent a search of 20 products (9 KB) and a category listing of 100 (42 KB) through the
 * stream: 0.50 and 0.80 ms of CPU each (one process, the server's malloc settings), the stream's
 * hand-over included. 64 KiB holds the event loop ~0.2 ms at most, less than serialising the
 * same answer takes.
 */
export const COMPRESS_SYNC_BYTES = 64 * 1024;

/** Brotli quality of an answer compressed as it is sent (see `answerBrotliSync`). */
export const ANSWER_QUALITY = 1;

/**
 * Brotli for an answer compressed as it is sent: at quality 1, in a window fitted to the answer,
 * with its size as the hint. Measured in the server, main-thread CPU of one compression:
 * - 6,000 fresh searches (9 KB) and 3,000 listings of 100 products (44 KB): quality 4
 *   (@fastify/compress's default) 0.22 / 0.28 ms with 53 / 37 page faults of its tables, quality 3
 *   0.11 / 0.14 ms with 6 / 5, quality 5 0.15 / 0.31 ms. Quality 3's answers are 2 % larger than 4's.
 * - Quality 1 against 3: a product's detail (1.1 KB) 0.03 against 0.05–0.07 ms, 709 against 696
 *   bytes; a search 0.04–0.05 against 0.08 ms, 1,248 against 1,096 bytes — 150 bytes more, for 8 %
 *   less CPU a search in all (0.42–0.45 against 0.46–0.48 ms).
 * - Listings of 100 (30 of them, 41–50 KB): quality 1 0.06–0.07 against 0.16–0.17 ms (alone, in a
 *   loop), 32–337 bytes more (median 230, of ~3.4 KB): a sixth of a listing's CPU in the server.
 *   The answer still fits the first round trip (TCP's initial window is ten segments, ~14 KB), so a
 *   shopper waits no longer; 1 listing in 30 took one more segment. Until 2026-11-29 listings were
 *   compressed at quality 3 (ADR 0012, "2026-11-29, morning").
 * Brotli's default 4 MiB window adds tables a 9 KB answer never uses (ADR 0012, "2026-11-28,
 * afternoon"); at quality 1 brotli uses a window of at least 256 KiB (18 bits) whatever it is told.
 */
export function answerBrotliSync(bytes: Buffer | string): Buffer {
  const size = Buffer.byteLength(bytes);
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: ANSWER_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(size),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
}

/**
 * @fastify/compress's options for answers compressed as they are sent: from 1 KiB, brotli as
 * above up to 64 KiB (its `zlib` option lends it our synchronous brotli; gzip, deflate and the
 * stream for larger answers stay Node's own).
 */
export const answerCompression: FastifyCompressOptions = {
  threshold: COMPRESS_FROM_BYTES,
  syncThreshold: COMPRESS_SYNC_BYTES,
  encodings: ['br', 'gzip', 'deflate'],
  zlib: { brotliCompressSync: answerBrotliSync },
};

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
