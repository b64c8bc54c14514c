/**
 * The back office's product list on the bench catalogue: what a shop manager does all day —
 * search by a word of a name, filter by category (with sub-categories), stock state, visibility
 * or featured, sort by a column, page on. One staff session, requests one after another (a person
 * at a screen, not a crowd), every request a different query. Budget: p95 < 50 ms.
 * BENCH_TRACE=1 prints each request's time and URL (to find the slow kind of query).
 */
import { createPrng } from '@shop/db/seed/prng';
import type { CatalogueSample } from './variety.ts';
import { benchManagerSession } from './bench-staff.ts';

const ADMIN = '/backend/api/admin';
const sorts = ['-id', 'name', '-selling_price', 'available_stock', '-updated_at'];
const stock = ['', '', 'low', 'out', 'reorder', 'in_stock'];

export interface AdminListResult {
  name: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  budgetP95Ms: number;
  withinBudget: boolean;
}

function queries(sample: CatalogueSample, count: number): string[] {
  const prng = createPrng(11);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams({ 'per-page': String(prng.pick([20, 50, 100])) });
    const kind = i % 4;
    if (kind === 0 || kind === 3) params.set('q', prng.pick(sample.words).slice(0, prng.int(3, 8)));
    if (kind === 1 || kind === 3) {
      params.set('category_id', String(prng.pick(sample.categories).id));
      params.set('include_subcategories', 'true');
    }
    if (kind === 2) {
      const state = prng.pick(stock);
      if (state) params.set('stock', state);
      if (prng.next() < 0.3) params.set('featured', 'true');
      if (prng.next() < 0.3) params.set('visibility', 'visible');
    }
    params.set('sort', prng.pick(sorts));
    params.set('page', String(kind === 2 ? prng.int(1, 40) : 1));
    urls.push(`${ADMIN}/products?${params}`);
  }
  return urls;
}

function percentile(sorted: number[], p: number): number {
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, at)] ?? 0) * 10) / 10;
}

export async function runAdminListBench(baseUrl: string, sample: CatalogueSample): Promise<AdminListResult> {
  const headers = await benchManagerSession(baseUrl);
  const urls = queries(sample, 400);
  for (const url of urls.slice(0, 40))
    await fetch(`${baseUrl}${url}`, { headers }).then((r) => r.arrayBuffer());
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${url}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
    if (process.env.BENCH_TRACE) console.log(Math.round(performance.now() - started), url);
  }
  times.sort((a, b) => a - b);
  const p95Ms = percentile(times, 95);
  return {
    name: 'admin product list: search, filters, sort, paging (one manager)',
    requests: times.length,
    p50Ms: percentile(times, 50),
    p95Ms,
    p99Ms: percentile(times, 99),
    budgetP95Ms: 50,
    withinBudget: p95Ms < 50,
  };
}
