import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * A short-lived, in-process cache of public GET answers (catalogue and content).
 *
 * Why: the catalogue is read-only for this repository (there is no admin that writes it), every
 * visitor asks the same few URLs (menus, settings, categories, featured products), and the
 * budget is p99 < 20 ms at 100 connections on 10,000 products even on embedded PGlite, which
 * answers one query at a time. Answering repeated URLs from memory for a few seconds takes the
 * database out of the hot path.
 *
 * Trade-off: with several instances behind a load balancer each keeps its own copy, so a change
 * made directly in the database shows after at most `ttlMs` everywhere. That staleness is the
 * whole contract; anything that must be fresh (customer data, stock at checkout, orders) is
 * never cached here. An admin added later calls `clear()` (or swaps in a shared store behind
 * the same interface).
 *
 * Only successful answers are stored, keyed by the full URL (path + raw query), with a bounded
 * number of entries and bytes so that random query strings cannot grow memory.
 */
export interface CachedResponse {
  /** UTF-8 JSON, kept as bytes so a hit is written without encoding it again. */
  body: Buffer;
  headers: Record<string, string>;
}

export interface ResponseCacheStore {
  get(key: string): CachedResponse | undefined;
  set(key: string, value: CachedResponse): void;
  clear(): void;
  readonly size: number;
}

export interface MemoryCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

/** LRU by insertion order of a Map, with per-entry expiry and a byte budget. */
export function memoryResponseCache(options: MemoryCacheOptions): ResponseCacheStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: CachedResponse; expiresAt: number; bytes: number }>();
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      // Refresh recency: re-insert at the end of the Map.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      const size = key.length + value.body.byteLength;
      if (size > options.maxBytes / 4) return; // one huge answer must not evict everything
      remove(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs, bytes: size });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        remove(oldest);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Seconds a cached answer may be served. */
export const RESPONSE_CACHE_TTL_MS = 30_000;

const stores = new WeakMap<AppContext, ResponseCacheStore>();

/** The cache of one app (one per AppContext, so test apps never share answers). */
export function responseCacheOf(ctx: AppContext): ResponseCacheStore {
  let store = stores.get(ctx);
  if (!store) {
    store = memoryResponseCache({
      ttlMs: RESPONSE_CACHE_TTL_MS,
      maxEntries: 2_000,
      maxBytes: 64 * 1024 * 1024,
    });
    stores.set(ctx, store);
  }
  return store;
}

export interface PublicGetCache {
  /** Route-level onRequest hook: answers a cached URL before validation and the handler run. */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /**
   * Serialises `body` with the route's response schema, stores it under the request URL and
   * sends it with `headers`.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    headers?: Record<string, string>,
  ): FastifyReply;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Misses of the same URL share one computation (single flight): when a popular entry expires
 * under load, one request queries the database and the others wait for its answer instead of
 * sending a hundred identical queries at once (a cache stampede).
 */
export function publicGetCache(store: ResponseCacheStore): PublicGetCache {
  const inFlight = new Map<string, (value: CachedResponse | undefined) => void>();
  const waiting = new Map<string, Promise<CachedResponse | undefined>>();

  function answer(reply: FastifyReply, value: CachedResponse) {
    return reply.headers(value.headers).header('X-Cache', 'HIT').type(JSON_TYPE).send(value.body);
  }

  return {
    async onRequest(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      const url = request.url;
      const hit = store.get(url);
      // Returning the reply from an async hook ends the request here (Fastify's early answer).
      if (hit) return answer(reply, hit);
      const pending = waiting.get(url);
      if (pending) {
        const value = await pending;
        return value ? answer(reply, value) : undefined;
      }
      const promise = new Promise<CachedResponse | undefined>((resolve) => inFlight.set(url, resolve));
      waiting.set(url, promise);
      // Errors and uncacheable answers release the waiters, who then compute for themselves.
      reply.raw.once('close', () => settle(url, undefined));
      return undefined;
    },
    send(request, reply, body, headers = {}) {
      const serialized = reply.serialize(body);
      const json =
        typeof serialized === 'string'
          ? Buffer.from(serialized, 'utf8')
          : Buffer.from(serialized as Uint8Array);
      const value = { body: json, headers };
      store.set(request.url, value);
      settle(request.url, value);
      return reply.headers(headers).header('X-Cache', 'MISS').type(JSON_TYPE).send(json);
    },
  };

  function settle(url: string, value: CachedResponse | undefined) {
    const resolve = inFlight.get(url);
    if (!resolve) return;
    inFlight.delete(url);
    waiting.delete(url);
    resolve(value);
  }
}
