import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompress, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptsEncoding,
  COMPRESS_INLINE_BYTES,
  FIRST_PAGE_QUALITY,
  FIRST_SMALL_PAGE_QUALITY,
  keptBrotli,
} from '../http/brotli.ts';
import { matchesEtag } from '../http/etag.ts';
import { memoryResponseCache, type ResponseCacheStore } from '../http/response-cache.ts';
import type { PageFiles } from './page-files.ts';

/**
 * Server-rendered pages kept per URL (ADR 0010), so that a page many visitors open is rendered
 * once, not once per visitor (rendering a category page takes 10–20 ms of CPU).
 *
 * What may be kept: a page rendered for nobody in particular (the render sees no cookie and no
 * authorisation header; the storefront keeps customers' data client-side), answered 200 as HTML
 * or as the data of a client-side navigation (`<page>.data`, storefront.ts `keepable`), without
 * Set-Cookie or a private/no-store Cache-Control, whose every API answer came from the
 * public cache (so its tags say what it shows). The page carries the union of those tags and is
 * dropped by the same database change notifications as the API answers (http/cache-invalidation):
 * a sale drops the pages showing the product, and the next visitor gets a fresh render.
 *
 * The content security policy's nonce is that of the render: the document is kept with its nonce,
 * and sent with the policy made from it (`cspNonce`). A nonce protects against markup injected
 * into the document; a kept document no longer changes, and any change to what it shows drops it,
 * so the next render (with a new nonce) is the first to contain it.
 *
 * Pages are kept brotli-compressed only (made once, http/brotli.ts): every current browser
 * asks for brotli, and a category page of 100 products takes ~18 KB instead of 272 KB. They are
 * kept in files (page-files.ts), not in the process's memory; the index says where in them
 * each URL's page lies, or holds a page of a few hundred bytes itself (`INLINE_PAGE_BYTES`). A client
 * without brotli gets the page decompressed (and gzip-compressed if it accepts gzip) on the
 * thread pool.
 */
export interface CachedPage {
  /** The document, brotli-compressed. */
  body: Buffer;
  /** Status 200's headers: content type, Cache-Control, ETag, Vary. */
  headers: Record<string, string>;
  etag: string;
  /**
   * The nonce the document's inline scripts carry. Its content security policy is made from it
   * as the page is sent: the policy is ~1.2 KB, the same for every page but the nonce, and kept
   * whole it took 12 MiB of the server's memory at 10,000 kept pages.
   */
  cspNonce: string;
  /**
   * Whether `body` is a page's quick first copy (http/brotli.ts `FIRST_PAGE_QUALITY`,
   * `FIRST_SMALL_PAGE_QUALITY`): the store compresses it again at the kept quality once it proves
   * popular (`RECOMPRESS_AT_HIT`).
   */
  quick: boolean;
}

/**
 * Browsers ask again each time (max-age=0) and get 304 Not Modified while the page is the same;
 * a CDN may keep it one second — the freshness promise for stock and prices (ADR 0009) — and serve
 * it a few seconds longer while it asks for the new one in the background.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=5';

/**
 * Query parameters no page reads: cache busters and campaign tags. A CDN ignores them too; the
 * page is rendered (and kept) for the URL without them.
 */
function ignoredParam(name: string): boolean {
  return (
    name === '_' ||
    name.startsWith('utm_') ||
    name === 'gclid' ||
    name === 'fbclid' ||
    name === 'msclkid' ||
    name === 'dclid' ||
    name === 'mc_cid' ||
    name === 'mc_eid'
  );
}

/** Longest URL kept: longer ones are rendered each time. */
const MAX_URL_LENGTH = 1_024;

/**
 * The URL a page is rendered and kept for (path + the query without ignored parameters), or null
 * when the request cannot be kept.
 */
export function pageUrl(url: string): string | null {
  if (url.length > MAX_URL_LENGTH) return null;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      try {
        return !ignoredParam(decodeURIComponent(name));
      } catch {
        return true;
      }
    });
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

const gzipAsync = promisify(gzip);
const unbrotliAsync = promisify(brotliDecompress);

/**
 * A flat copy of `text` that keeps nothing else alive, for strings the index holds as long as a
 * page. A key built by a template literal (protocol, host, URL) is a chain of V8's concatenated
 * strings, and the URL in it a slice that keeps the whole request URL, cache busters and all: ~360
 * bytes a kept page against ~130 for the key itself. A key comes from the HTTP parser (Latin-1 at
 * most) and an ETag is base64url, so the UTF-8 round trip gives back the same characters.
 */
function ownedCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** Compresses a rendered document once, for every visitor after. */
export async function encodePage(
  html: Buffer,
  headers: Record<string, string>,
  cspNonce: string,
): Promise<CachedPage> {
  // Compressed quickly at first, since many pages are never asked again, and again at the kept
  // quality once one proves popular (see CachedPage `quick`).
  const large = html.byteLength > COMPRESS_INLINE_BYTES;
  const body = await keptBrotli(html, large ? FIRST_PAGE_QUALITY : FIRST_SMALL_PAGE_QUALITY);
  const etag = ownedCopy(`W/"${createHash('sha1').update(html).digest('base64url')}"`);
  const kept: Record<string, string> = {};
  for (const name in headers) kept[name] = headers[name] as string;
  kept['cache-control'] = PAGE_CACHE_CONTROL;
  kept.etag = etag;
  kept.vary = 'Accept-Encoding';
  return { body, headers: kept, etag, cspNonce, quick: true };
}

/**
 * A kept page in the store's index: all of it but the brotli bytes, which its file holds — or,
 * for a small page, the index itself (`inline`).
 *
 * Kept pages and their headers are written as whole object literals, not spread (`{ ...rest, file }`):
 * where a spread sees objects of many shapes, V8 gives every object it makes a hidden class of
 * its own (~0.4 KB of map and descriptors). 10,000 kept navigation-data answers carried 20,000 such
 * classes, and every read of them missed V8's inline caches (ADR 0012, "2026-11-28, late afternoon").
 */
interface KeptPage extends Omit<CachedPage, 'body'> {
  file: string | null;
  inline: Buffer | null;
  bytes: number;
  /** Answers from the index so far (counted while the page is `quick`). */
  hits: number;
}

/**
 * The answer from the index at which a quick first copy is compressed again at the kept quality,
 * in the background. Random product pages at 10,000 products (first renders, alternated runs):
 * 13.3 against 14.4 ms of CPU a render with the quick copy; compressing again cost 3.4–4.0 ms a
 * page, so a page asked for only once or twice more is better left quick: its later visitors get
 * ~12 % more bytes (a product page: 12.1 against 10.8 KB). A page asked for this often is one of
 * the popular pages, which are sent many times more (ADR 0012, "2026-11-28, evening").
 */
export const RECOMPRESS_AT_HIT = 3;

/**
 * Brotli bytes of kept pages on disk: ~10,000 product pages or ~7,000 category pages. The
 * entries (10,000 at most) bound the index's memory: its URLs, headers and tags.
 */
export const PAGE_CACHE_BYTES = 128 * 1024 * 1024;

/**
 * Compressed bytes up to which a page is kept in the index instead of a file: half a block of the
 * file system, and no more than the index holds for any page anyway (its URL, headers and tags).
 * A product's navigation data (~0.7 KB) is such a page; a document never is (a product page is
 * ~11 KB). Until 2026-11-30 each page had a file of its own, which cost an open, a write and a
 * close on the thread pool to keep, and an open, a read and a close to send once it had left the
 * recent pages; in a segment (page-files.ts) it still costs a write to keep and a read to send.
 */
export const INLINE_PAGE_BYTES = 2 * 1024;

/**
 * Bytes of inline pages at most (the rest go to files): ~5,500 products' navigation data. Half of
 * the 8 MiB of kept pages in memory; the recent pages of page-files.ts (`RECENT_BYTES`) are the
 * other half, so that the pages' bytes in memory stay what the recent pages alone had before (the
 * bench's largest RSS on PGlite, in its navigation-data scenario: 303 MiB before the index held
 * pages, 318 with 8 MiB here and 8 there, 313 with 4 and 4 — within this host's spread).
 */
export const INLINE_BUDGET_BYTES = 4 * 1024 * 1024;

/** The kept pages of one app: an index in memory, the pages in files. */
export interface PageStore {
  /** The kept page for `key`, read from its file; undefined when there is none (or it is gone). */
  get(key: string): Promise<CachedPage | undefined>;
  /** Keeps `page` with its tags unless one was invalidated after `since` (see ResponseCacheStore). */
  set(key: string, page: CachedPage, tags: readonly string[], since: number): Promise<void>;
  /** Resolves once the pages being compressed again (CachedPage `quick`) are kept or given up. */
  settled(): Promise<void>;
  /** The index: its version, its `enabled` switch and invalidation by tag. */
  readonly index: ResponseCacheStore<KeptPage>;
}

/** The store of one app's pages, bounded in entries and (compressed) bytes. */
export function pageStore(
  files: PageFiles,
  options: { maxBytes?: number; maxEntries?: number; inlineBudget?: number } = {},
): PageStore {
  const inlineBudget = options.inlineBudget ?? INLINE_BUDGET_BYTES;
  let inlineBytes = 0;
  /** Pages that left the index: a better copy still waiting to be made for one is not made. */
  const gone = new WeakSet<KeptPage>();
  /** Gives up what a page that leaves the index (or never entered it) holds outside it. */
  const release = (page: KeptPage) => {
    gone.add(page);
    if (page.inline) inlineBytes -= page.bytes;
    if (page.file) files.remove(page.file);
  };
  const index = memoryResponseCache<KeptPage>({
    // The TTL is a backstop: change notifications drop pages the moment what they show changes.
    ttlMs: 5 * 60_000,
    maxEntries: options.maxEntries ?? 10_000,
    maxBytes: options.maxBytes ?? PAGE_CACHE_BYTES,
    sizeOf: (page) => page.bytes,
    onDrop: release,
  });

  /** The index entry for `body` of `page`, held in the index itself or in a file; null when neither can. */
  async function place(
    page: Omit<CachedPage, 'body'>,
    body: Buffer,
    quick: boolean,
  ): Promise<KeptPage | null> {
    const bytes = body.byteLength;
    const inline = bytes <= INLINE_PAGE_BYTES && inlineBytes + bytes <= inlineBudget;
    if (inline) inlineBytes += bytes;
    const file = inline ? null : await files.write(body);
    if (!inline && !file) return null;
    return {
      headers: page.headers,
      etag: page.etag,
      cspNonce: page.cspNonce,
      quick,
      file,
      inline: inline ? body : null,
      bytes,
      hits: 0,
    };
  }

  /**
   * Quick first copies to compress again, one after the other. All at once, the pages that become
   * popular together — every category page within the first second of a wave of visitors — were
   * each decompressed at once and waited, whole, for brotli on libuv's four threads, which they
   * also took from the reads of kept pages: 208 category pages (272 KB each) lifted the RSS from
   * ~250 to 315–335 MiB and the p99 of their hits from 65–71 to 150–158 ms (ADR 0012, "2026-11-30,
   * afternoon").
   */
  const waiting: Array<{ key: string; kept: KeptPage }> = [];
  /** The run that works through `waiting`, while there is one. */
  let recompressing: Promise<void> | null = null;

  /**
   * Compresses a quick first copy again at the kept quality, in the background, and puts it in
   * the quick copy's place — unless the index no longer holds that copy (a change dropped it, or a
   * new render replaced it): the new copy is then given up, or not made when that is known first.
   * A page waits without its bytes, which are read when its turn comes: a catalogue's worth of
   * pages may wait at once.
   */
  function recompress(key: string, kept: KeptPage) {
    waiting.push({ key, kept });
    workThroughWaiting();
  }

  function workThroughWaiting() {
    if (recompressing || waiting.length === 0) return;
    recompressing = (async () => {
      for (let job = waiting.shift(); job; job = waiting.shift()) {
        const { kept } = job;
        if (gone.has(kept)) continue;
        try {
          const body = kept.inline ?? (kept.file ? await files.read(kept.file, kept.bytes) : null);
          if (!body) continue;
          const better = await keptBrotli(await unbrotliAsync(body));
          if (better.byteLength >= body.byteLength) continue;
          const next = await place(kept, better, false);
          if (next && !index.replace(job.key, kept, next)) release(next);
        } catch {
          // The quick copy stays: it is the same page.
        }
      }
    })().finally(() => {
      recompressing = null;
      // A page that became popular as the run ended.
      workThroughWaiting();
    });
  }

  async function get(key: string, again = true): Promise<CachedPage | undefined> {
    const kept = index.get(key);
    if (!kept) return undefined;
    const body = kept.inline ?? (kept.file ? await files.read(kept.file, kept.bytes) : null);
    if (!body) {
      const now = index.get(key);
      if (now === kept) index.delete(key);
      // Its file went as a better copy took its place: read that one.
      else if (now && again) return get(key, false);
      return undefined;
    }
    if (kept.quick && ++kept.hits === RECOMPRESS_AT_HIT) recompress(key, kept);
    return { body, headers: kept.headers, etag: kept.etag, cspNonce: kept.cspNonce, quick: kept.quick };
  }

  return {
    index,
    get: (key) => get(key),
    async set(key, page, tags, since) {
      if (!index.enabled) return;
      // The index refuses the page if one of its tags changed since the render began (while the
      // file was written, say): its file goes too.
      const kept = await place(page, page.body, page.quick);
      if (kept && !index.set(ownedCopy(key), kept, tags, since)) release(kept);
    },
    async settled() {
      while (recompressing) await recompressing;
    },
  };
}

/**
 * Sends a kept page: 304 when the client has it, else the best encoding it accepts. Resolves once
 * sent (not to the reply: a reply is a thenable that would wait for the whole response).
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cache: 'HIT' | 'MISS',
): Promise<void> {
  reply.headers(page.headers).header('x-cache', cache);
  const accepted = request.headers['accept-encoding'] ?? '';
  if (matchesEtag(request.headers['if-none-match'], page.etag)) reply.code(304).send();
  else if (acceptsEncoding(accepted, 'br')) reply.header('content-encoding', 'br').send(page.body);
  else {
    const html = await unbrotliAsync(page.body);
    if (acceptsEncoding(accepted, 'gzip'))
      reply.header('content-encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
    else reply.send(html);
  }
}
