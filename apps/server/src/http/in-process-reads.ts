import { isDeepStrictEqual } from 'node:util';
import type { ZodType } from 'zod';
import type { AppContext } from '../context.ts';

/**
 * Public API answers that the storefront's loaders read in process without a request.
 *
 * Why: a page's loaders ask the REST API for what they show (storefront.ts), and asking through
 * Fastify's `inject` builds a fake request and response, runs every hook and parses the JSON it
 * made back into objects. For a product's navigation data (its loader's one request, a product's
 * detail) that was ~40 % of the server's CPU per answer: 1.40–2.13 against 0.91–1.25 ms, side by
 * side (ADR 0012, "2026-11-29, noon"). A route whose answer is computed from memory registers its
 * read here as well, and the loader gets the answer object the route would have serialised. (A page
 * of products sorted by price or stock comes from the database, as the route reads it; no loader
 * asks for one, and the public cache's kept answers are not consulted here.)
 *
 * What stays the route's: every answer that is not a plain success. A read gives up (the loader
 * then asks through the API, as before) when its path or query does not pass the route's own
 * schemas, when it finds nothing (the route's 404), and when it throws (a bad `sort` is the
 * route's 400): the error a loader sees is always the API's own, word for word.
 *
 * An answer must be what its JSON would parse back into (no `undefined` field, no `Date`): the
 * route sends `JSON.stringify(body)`, and a loader must see the same through either path. Outside
 * production every read is checked so (`checked`), as the public cache checks answers against
 * their response schemas (response-cache.ts `AnswerJson`). Answers may share the catalogue's kept
 * product objects (product-answers.ts), which are frozen: a loader must not change what it reads.
 */
export interface PublicAnswer {
  body: unknown;
  /** The route's headers (a collection's pagination); a loader reads only the body. */
  headers?: Record<string, string>;
  /** What the answer shows, as the public cache tags it (response-cache.ts `cacheTags`). */
  tags: readonly string[];
}

export interface PublicRead<P, Q> {
  /** The route's own schemas: input that fails them is the route's to answer. */
  params?: ZodType<P>;
  query?: ZodType<Q>;
  /** Its public cache's scope, the first tag of every answer it keeps. */
  scope: string;
  read(input: { params: P; query: Q }): Promise<PublicAnswer | null>;
}

export interface InProcessReads {
  /** Registers the read of a route's path under the API prefix, in Fastify's syntax (`/products/:id`). */
  add<P, Q>(path: string, read: PublicRead<P, Q>): void;
  /**
   * The answer of `path` (under the API prefix, as a loader names it: `products/12`) with `query`,
   * its tags including the scope; undefined when no read serves it or the read gave up.
   */
  read(path: string, query?: Record<string, string | number | undefined>): Promise<PublicAnswer | undefined>;
}

interface Entry {
  segments: string[];
  read: PublicRead<unknown, unknown>;
}

/** `/products/:id` against `products/12`: the params by name, or null. */
function match(segments: string[], path: string[]): Record<string, string> | null {
  if (segments.length !== path.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i] ?? '';
    const got = path[i] ?? '';
    if (want.startsWith(':')) {
      if (!got) return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) return null;
  }
  return params;
}

const splitPath = (path: string) => path.replace(/^\/+|\/+$/g, '').split('/');

export function inProcessReads(options: { checked: boolean }): InProcessReads {
  const entries: Entry[] = [];
  return {
    add(path, read) {
      entries.push({ segments: splitPath(path), read: read as PublicRead<unknown, unknown> });
    },
    async read(path, query = {}) {
      const parts = splitPath(path);
      for (const { segments, read } of entries) {
        const rawParams = match(segments, parts);
        if (!rawParams) continue;
        // As the query string would arrive: text, without the fields left out.
        const rawQuery: Record<string, string> = {};
        for (const [key, value] of Object.entries(query))
          if (value !== undefined) rawQuery[key] = String(value);
        const params = read.params ? read.params.safeParse(rawParams) : { success: true, data: rawParams };
        const parsedQuery = read.query ? read.query.safeParse(rawQuery) : { success: true, data: rawQuery };
        if (!params.success || !parsedQuery.success) return undefined;
        const answer = await read.read({ params: params.data, query: parsedQuery.data }).catch(() => null);
        if (!answer) return undefined;
        if (options.checked && !isDeepStrictEqual(JSON.parse(JSON.stringify(answer.body)), answer.body))
          throw new Error(`${path}: the in-process answer is not what its JSON parses back into`);
        return { ...answer, tags: [read.scope, ...answer.tags] };
      }
      return undefined;
    },
  };
}

const registries = new WeakMap<AppContext, InProcessReads>();

/** The reads of one app (one per AppContext, as its public cache). */
export function inProcessReadsOf(ctx: AppContext): InProcessReads {
  let reads = registries.get(ctx);
  if (!reads) {
    reads = inProcessReads({ checked: !ctx.config.isProduction });
    registries.set(ctx, reads);
  }
  return reads;
}
