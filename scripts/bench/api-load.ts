import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/**
 * Runs autocannon against one or more paths (rotated per request) and returns the figures the
 * budget speaks of: req/s, p50, p99 latency, errors and non-2xx answers.
 */
export async function measure(
  name: string,
  baseUrl: string,
  paths: string[],
  options: { connections?: number; durationSeconds?: number } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections ?? 100,
    duration: options.durationSeconds ?? 10,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
