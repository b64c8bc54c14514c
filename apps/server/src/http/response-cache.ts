import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { acceptsEncoding, COMPRESS_FROM_BYTES, keptBrotli } from './brotli.ts';
import { brotliCopyOf, mayHaveBrotliCopy } from './brotli-copies.ts';
import { doorkeeper } from './doorkeeper.ts';
import { answerBytes } from './json-pieces.ts';
import { keptBytes } from './kept-bytes.ts';

/**
 * A short-lived, in-process cache of public GET answers (catalogue and content).
 *
 * Why: every visitor asks the same few URLs (menus, settings, categories, featured products), and
 * the budget is p99 < 20 ms at 100 connections on 10,000 products even on embedded PGlite, which
 * answers one query at a time. Answering repeated URLs from memory takes the database out of the
 * hot path.
 *
 * Freshness: entries carry tags — their scope ('catalogue', 'content'), the products they show
 * (`product:<id>`) and the product fields their order depends on (`order:stock`, `order:price`).
 * The database announces every change (plugins/change-feed.ts, cache-invalidation.ts), and the
 * entries a change touches are dropped on every instance within milliseconds; the TTL is only a
 * backstop. An answer computed while a change it depends on arrived is sent but not stored.
 *
 * Only successful answers are stored, from a URL's second request on (a URL asked for once, as most
 * typed keywords are, is not worth its memory: doorkeeper.ts), keyed by the full URL (path + raw
 * query), with a bounded number of entries and bytes so that random query strings cannot grow
 * memory.
 */
export interface CachedResponse {
  /** UTF-8 JSON, kept as bytes so a hit is written without encoding it again. */
  body: Buffer;
  headers: Record<string, string>;
  /** What the answer shows (see `cacheTags`): a page built from it depends on the same. */
  tags?: readonly string[];
  /**
   * `body` brotli-compressed, made when a client that accepts brotli first asks for the kept answer
   * (publicGetCache), and kept with it: compressed per request instead, a cached list of 100
   * products cost a browser's request 1.8–1.9 ms of CPU, against 0.3–0.4 ms sent as it is.
   */
  br?: Buffer;
}

export interface ResponseCacheStore<V = CachedResponse> {
  get(key: string): V | undefined;
  /**
   * Stores `value` under `key` with its tags, unless one of the tags (or the whole store) was
   * invalidated after `since` (a `version` read before the answer was computed); whether it did.
   */
  set(key: string, value: V, tags?: readonly string[], since?: number): boolean;
  /** Drops the entry under `key`, if any. */
  delete(key: string): void;
  /**
   * Puts `next` in place of `current` under `key`, with `current`'s tags, version and expiry (so
   * what would have made `current` stale makes `next` stale); false when `key` no longer holds
   * `current`. It does not refresh the entry's recency.
   */
  replace(key: string, current: V, next: V): boolean;
  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: readonly string[]): void;
  clear(): void;
  /** Counts invalidations; read it before computing an answer and pass it to `set`. */
  readonly version: number;
  /** While false, nothing is answered or stored (freshness cannot be promised). */
  enabled: boolean;
  readonly size: number;
}

export interface MemoryCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
  /** Bytes an entry holds besides its key (default: its `body`'s and `br`'s). */
  sizeOf?: (value: V) => number;
  /**
   * Called for every value that leaves the store (evicted, expired, stale, replaced, cleared or
   * deleted), e.g. to remove what it points to outside the store.
   */
  onDrop?: (value: V) => void;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  bytes: number;
  tags: readonly string[];
  /** The store's version when the entry was stored: a tag invalidated later makes it stale. */
  version: number;
}

/**
 * Distinct invalidated tags remembered at most; past it the store starts afresh (a shop changes
 * this many different products between two such resets — hours of sales).
 */
const MAX_REMEMBERED_TAGS = 20_000;

/**
 * LRU by insertion order of a Map, with per-entry expiry, a byte budget and tag invalidation.
 *
 * Invalidation is lazy: `invalidate` notes each tag's version, and `get` treats an entry as gone
 * when one of its tags was invalidated after it was stored. A list of 100 products carries 101
 * tags; indexing every entry under every tag (a Set per tag) cost a fifth of the CPU of an
 * uncached list and tens of MiB at 100,000 products. A stale entry keeps its bytes until the LRU
 * order or a read drops it.
 */
export function memoryResponseCache<V = CachedResponse>(
  options: MemoryCacheOptions<V>,
): ResponseCacheStore<V> {
  const now = options.now ?? Date.now;
  const sizeOf =
    options.sizeOf ??
    ((value: V) => {
      const answer = value as Partial<CachedResponse>;
      return (answer.body?.byteLength ?? 0) + (answer.br?.byteLength ?? 0);
    });
  const onDrop = options.onDrop;
  const entries = new Map<string, Entry<V>>();
  /** tag → version at its last invalidation. */
  const invalidatedAt = new Map<string, number>();
  let clearedAt = 0;
  let version = 0;
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
    onDrop?.(entry.value);
  }

  function stale(entry: Entry<V>): boolean {
    if (entry.version < clearedAt) return true;
    for (const tag of entry.tags) if ((invalidatedAt.get(tag) ?? 0) > entry.version) return true;
    return false;
  }

  function clear() {
    version += 1;
    clearedAt = version;
    if (onDrop) for (const entry of entries.values()) onDrop(entry.value);
    entries.clear();
    invalidatedAt.clear();
    bytes = 0;
  }

  return {
    enabled: true,
    get(key) {
      if (!this.enabled) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now() || stale(entry)) {
        remove(key);
        return undefined;
      }
      // Refresh recency: re-insert at the end of the Map.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, tags = [], since = version) {
      if (!this.enabled || clearedAt > since) return false;
      for (const tag of tags) if ((invalidatedAt.get(tag) ?? 0) > since) return false;
      const size = key.length + sizeOf(value);
      if (size > options.maxBytes / 4) return false; // one huge answer must not evict everything
      remove(key);
      entries.set(key, { value, expiresAt: now() + options.ttlMs, bytes: size, tags, version });
      bytes += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && bytes <= options.maxBytes) break;
        remove(oldest);
      }
      return true;
    },
    delete: remove,
    replace(key, current, next) {
      const entry = entries.get(key);
      if (!entry || entry.value !== current) return false;
      const size = key.length + sizeOf(next);
      bytes += size - entry.bytes;
      entry.value = next;
      entry.bytes = size;
      onDrop?.(current);
      return true;
    },
    invalidate(tags) {
      version += 1;
      for (const tag of tags) invalidatedAt.set(tag, version);
      if (invalidatedAt.size > MAX_REMEMBERED_TAGS) clear();
    },
    clear,
    get version() {
      return version;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * Bytes of answers kept. Since the catalogue is answered from memory (ADR 0009) a miss costs
 * a fraction of a millisecond, so the cache holds the popular answers, not every page of every
 * category: 16 MiB (it was 64) keeps the server under 300 MiB at 100,000 products (ADR 0010).
 */
const RESPONSE_CACHE_BYTES = 16 * 1024 * 1024;

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
      maxBytes: RESPONSE_CACHE_BYTES,
    });
    stores.set(ctx, store);
  }
  return store;
}

export interface PublicGetCache {
  /** The tag every answer it keeps carries first: what kind of change drops it. */
  readonly scope: 'catalogue' | 'content' | 'delivery';
  /** Route-level onRequest hook: answers a cached URL before validation and the handler run. */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /**
   * Serialises `body` with the route's response schema, stores it under the request URL with the
   * scope's tag and `tags`, and sends it with `headers`.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: unknown,
    headers?: Record<string, string>,
    tags?: readonly string[],
  ): FastifyReply;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Tags of what a change can touch; see cache-invalidation.ts. */
export const cacheTags = {
  catalogue: 'catalogue',
  content: 'content',
  delivery: 'delivery',
  product: (id: number) => `product:${id}`,
  orderByStock: 'order:stock',
  orderByPrice: 'order:price',
} as const;

/**
 * A server-rendered page is built from API answers asked in process (its loaders). To cache the
 * page as precisely as those answers, each of its requests carries this header with an id of
 * its own, and the public cache records the tags of the answer it gave under that id.
 */
export const DEPENDENCY_HEADER = 'x-shop-dependency';
const dependencyTags = new Map<string, readonly string[] | null>();

export interface DependencyProbe {
  /** Headers to send with the in-process request. */
  headers: Record<string, string>;
  /**
   * The tags of the answer, or null when no public cache gave it (an error, a private or
   * uncached route: nothing tells when it changes). Forgets the probe.
   */
  finish(): readonly string[] | null;
}

export function dependencyProbe(): DependencyProbe {
  const id = randomUUID();
  dependencyTags.set(id, null);
  return {
    headers: { [DEPENDENCY_HEADER]: id },
    finish() {
      const tags = dependencyTags.get(id) ?? null;
      dependencyTags.delete(id);
      return tags;
    },
  };
}

function noteDependency(request: FastifyRequest, tags: readonly string[]) {
  const id = request.headers[DEPENDENCY_HEADER];
  if (typeof id === 'string' && dependencyTags.has(id)) dependencyTags.set(id, tags);
}

interface Flight {
  /** The store's version when the computation started. */
  since: number;
  /**
   * Whether its answer is to be kept: the URL was asked for before (doorkeeper.ts), or other
   * requests for it came while it was computed.
   */
  keep: boolean;
  promise: Promise<CachedResponse | undefined>;
  resolve(value: CachedResponse | undefined): void;
}

/**
 * Misses of the same URL share one computation (single flight): when a popular entry expires
 * under load, one request queries the database and the others wait for its answer instead of
 * sending a hundred identical queries at once (a cache stampede). A request arriving after an
 * invalidation does not join a computation that started before it.
 */
/**
 * How a public answer becomes JSON. Routes build their answers in the shape of their response
 * schema (the contract's types), so production sends `JSON.stringify(body)` (as `answerBytes`, which
 * copies the kept bytes of the catalogue's product answers, http/json-pieces.ts): the schema's
 * serializer (zod parses the whole answer, then stringifies it) was a quarter of the server's CPU
 * for an uncached list of 100 products (2,527 req/s against 1,985 before). Development
 * serialises with the schema, as before; tests do too and also compare it with the plain JSON, so
 * a route that relied on the schema to drop or convert a field fails its tests instead of leaking
 * the field in production.
 */
export type AnswerJson = 'plain' | 'schema' | 'schema-checked';

export function answerJsonFor(config: { isProduction: boolean; NODE_ENV: string }): AnswerJson {
  if (config.isProduction) return 'plain';
  return config.NODE_ENV === 'test' ? 'schema-checked' : 'schema';
}

function answerJson(request: FastifyRequest, reply: FastifyReply, body: unknown, mode: AnswerJson): Buffer {
  if (mode === 'plain') return answerBytes(body);
  const serialized = reply.serialize(body);
  const schema =
    typeof serialized === 'string' ? serialized : Buffer.from(serialized as Uint8Array).toString();
  if (
    mode === 'schema-checked' &&
    !isDeepStrictEqual(JSON.parse(schema), JSON.parse(answerBytes(body).toString()))
  )
    throw new Error(
      `${request.routeOptions.url}: the answer differs from its response schema's serialisation; build it in the schema's shape`,
    );
  return Buffer.from(schema, 'utf8');
}

export function publicGetCache(
  store: ResponseCacheStore,
  options: { scope: 'catalogue' | 'content' | 'delivery'; json?: AnswerJson } = { scope: 'content' },
): PublicGetCache {
  const jsonMode = options.json ?? 'schema-checked';
  const flights = new Map<string, Flight>();
  const started = new WeakMap<FastifyRequest, Flight>();
  /** Answers are kept from a URL's second request on (doorkeeper.ts). */
  const asked = doorkeeper();

  /** Brotli copies being made: the clients of one answer share one compression. */
  const compressing = new WeakMap<CachedResponse, Promise<Buffer>>();

  /**
   * The kept answer's brotli copy for a client that accepts brotli, made once and kept with the
   * answer while the store still holds it. Undefined for a client without brotli (compressed per
   * request by @fastify/compress, as any answer). `answer` asks only for answers worth compressing.
   */
  function brotliFor(request: FastifyRequest, value: CachedResponse): Promise<Buffer> | undefined {
    if (!acceptsEncoding(request.headers['accept-encoding'] ?? '', 'br')) return undefined;
    if (value.br) return Promise.resolve(value.br);
    let made = compressing.get(value);
    if (!made) {
      const url = request.url;
      const since = store.version;
      made = keptBrotli(value.body);
      compressing.set(value, made);
      // Kept only in place of this very answer: one a change dropped (or a flight's answer the
      // store refused) must not come back with its copy.
      made.then(
        (br) => {
          if (store.get(url) === value) store.set(url, { ...value, br }, value.tags, since);
        },
        () => undefined,
      );
    }
    return made;
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, value: CachedResponse) {
    noteDependency(request, value.tags ?? [options.scope]);
    reply.headers(value.headers).header('X-Cache', 'HIT').type(JSON_TYPE);
    if (value.body.byteLength < COMPRESS_FROM_BYTES) return reply.send(value.body);
    reply.header('vary', 'accept-encoding');
    const br = await brotliFor(request, value)?.catch(() => undefined);
    return br ? reply.header('content-encoding', 'br').send(br) : reply.send(value.body);
  }

  function begin(request: FastifyRequest, reply: FastifyReply) {
    // A request whose connection is already gone must not lead a flight: its 'close' has been
    // emitted (nothing would settle the flight) and Fastify may never run its handler, so every
    // later request for the URL would wait on it until the next change (a load generator giving up
    // on requests queued behind the first read of 100,000 products at start got there).
    if (reply.raw.destroyed) return;
    let resolve: Flight['resolve'] = () => undefined;
    const promise = new Promise<CachedResponse | undefined>((r) => {
      resolve = r;
    });
    const flight: Flight = { since: store.version, keep: asked.askedBefore(request.url), promise, resolve };
    flights.set(request.url, flight);
    started.set(request, flight);
    // Errors and uncacheable answers release the waiters, who then compute for themselves.
    reply.raw.once('close', () => settle(request, undefined));
  }

  function settle(request: FastifyRequest, value: CachedResponse | undefined) {
    const flight = started.get(request);
    if (!flight) return;
    started.delete(request);
    if (flights.get(request.url) === flight) flights.delete(request.url);
    flight.resolve(value);
  }

  return {
    scope: options.scope,
    async onRequest(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      if (!store.enabled) return undefined;
      const url = request.url;
      const hit = store.get(url);
      // Returning the reply from an async hook ends the request here (Fastify's early answer).
      if (hit) return answer(request, reply, hit);
      const flight = flights.get(url);
      if (flight && flight.since === store.version) {
        flight.keep = true; // asked for again
        const value = await flight.promise;
        if (value) return answer(request, reply, value);
      }
      begin(request, reply);
      return undefined;
    },
    send(request, reply, body, headers = {}, tags = []) {
      const flight = started.get(request);
      const keep = flight?.keep === true;
      // An answer object kept with its brotli copy (brotli-copies.ts), to a browser: no JSON, no
      // compression. Not when the URL is being kept: the store keeps the JSON, and nobody waits
      // for this request's answer unless it is (a request joining its flight sets `keep`). The
      // mark is looked up first: most answers (lists, searches) have none, and need no header parsed.
      const br =
        !keep && mayHaveBrotliCopy(body) && acceptsEncoding(request.headers['accept-encoding'] ?? '', 'br')
          ? brotliCopyOf(body, () => answerJson(request, reply, body, jsonMode))
          : undefined;
      if (br) {
        noteDependency(request, [options.scope, ...tags]);
        settle(request, undefined);
        return reply
          .headers(headers)
          .header('X-Cache', 'MISS')
          .header('vary', 'accept-encoding')
          .header('content-encoding', 'br')
          .type(JSON_TYPE)
          .send(br);
      }
      // A kept answer gets storage of its own (kept-bytes.ts); one sent once is sent as it is.
      const json = answerJson(request, reply, body, jsonMode);
      const bytes = keep ? keptBytes(json) : json;
      const value: CachedResponse = { body: bytes, headers, tags: [options.scope, ...tags] };
      if (keep) store.set(request.url, value, value.tags, flight.since);
      noteDependency(request, value.tags ?? []);
      settle(request, value);
      return reply.headers(headers).header('X-Cache', 'MISS').type(JSON_TYPE).send(bytes);
    },
  };
}
