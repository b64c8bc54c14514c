import autocannon from 'autocannon';
import type { UrlSource } from './variety.ts';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
  /** Share of answers the response cache gave (X-Cache: HIT), 0–1; null when not counted. */
  cacheHits: number | null;
}

/**
 * Runs autocannon against a URL source (a new URL per request, or a fixed list rotated) and
 * returns the figures the budgets speak of: req/s, p50, p99 latency, errors, non-2xx answers and
 * how many answers came from the response cache.
 */
export async function measure(
  name: string,
  baseUrl: string,
  source: UrlSource | string[],
  options: {
    connections?: number;
    durationSeconds?: number;
    countCacheHits?: boolean;
    /** Request headers (pages: the Accept-Encoding every browser sends). */
    headers?: Record<string, string>;
  } = {},
): Promise<LoadResult> {
  let hits = 0;
  let answered = 0;
  // Reading headers costs the load generator (which shares the cores) a little per answer, so
  // only the scenarios meant to miss the cache count its hits.
  const onResponse = options.countCacheHits
    ? (_status: number, _body: string, _context: object, headers: autocannon.Request['headers']) => {
        answered += 1;
        const value = headers?.['X-Cache'] ?? headers?.['x-cache'];
        if (value === 'HIT') hits += 1;
      }
    : undefined;
  const requests = Array.isArray(source)
    ? source.map((path) => ({ method: 'GET' as const, path, ...(onResponse ? { onResponse } : {}) }))
    : [
        {
          method: 'GET' as const,
          setupRequest: (request: autocannon.Request) => ({ ...request, path: source.next() }),
          ...(onResponse ? { onResponse } : {}),
        },
      ];
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections ?? 100,
    duration: options.durationSeconds ?? 10,
    ...(options.headers ? { headers: options.headers } : {}),
    requests,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
    cacheHits: onResponse && answered ? Math.round((hits / answered) * 1000) / 1000 : null,
  };
}
