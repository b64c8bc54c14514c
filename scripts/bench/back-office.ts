/**
 * The back office's budgets (issue: order list p95 < 100 ms, dashboard < 200 ms on 100,000
 * orders), measured as a staff member uses them: signed in as the demo manager, one request at a
 * time (a person at a screen), the order list with varied filters, searches and pages, then the
 * dashboard for each range. Run by `npm run bench -- --orders N` (bench.ts) on the database it
 * seeded, or alone against a running shop: `tsx scripts/bench/back-office.ts http://127.0.0.1:PORT`.
 */
import { createPrng } from '@shop/db/seed/prng';
import { benchManagerSession } from './bench-staff.ts';

export interface BackOfficeResult {
  name: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  budgetP95Ms: number;
  errors: number;
  withinBudget: boolean;
}

const ADMIN = '/backend/api/admin';
const STATUSES = ['pending', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'returned'];
const METHODS = ['cod', 'razorpay', 'paytm', 'paypal'];
const PINCODES = ['302001', '110001', '400001', '560001', '600001', '700001', '143001', '334001'];

/** The n-th list query: filters, searches, sorts and deep pages as staff use them. */
function listQuery(n: number, prng: ReturnType<typeof createPrng>, latestOrder: number): string {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const kinds = [
    () => '',
    () => `status=${prng.pick(STATUSES)}`,
    () => `status=confirmed,packed&method=${prng.pick(METHODS)}`,
    () => `payment_status=Paid&from=${day(30)}&to=${day(0)}`,
    () => `pincode=${prng.pick(PINCODES)}`,
    () => `coupon=WELCOME10`,
    () => `q=B${String(prng.int(1, latestOrder)).padStart(7, '0')}`,
    () => `q=9${String(prng.int(0, 999_999_999)).padStart(9, '0')}`,
    () => `q=bench-customer-${prng.int(1, 2000)}%40example.in`,
    () => `page=${prng.int(2, 200)}`,
    () => `sort=-total&status=delivered`,
    () => `method=${prng.pick(METHODS)}&from=${day(prng.int(10, 80))}`,
  ];
  const pick = kinds[n % kinds.length] ?? kinds[0];
  return `${pick?.() ?? ''}&per-page=20`;
}

function percentile(sorted: number[], p: number): number {
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
}

async function timed(
  name: string,
  budgetP95Ms: number,
  urls: string[],
  baseUrl: string,
  headers: Record<string, string>,
): Promise<BackOfficeResult> {
  const times: number[] = [];
  let errors = 0;
  for (const url of urls) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${url}`, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) errors += 1;
  }
  times.sort((a, b) => a - b);
  const p95Ms = percentile(times, 0.95);
  return {
    name,
    requests: urls.length,
    p50Ms: percentile(times, 0.5),
    p95Ms,
    maxMs: Math.round((times.at(-1) ?? 0) * 10) / 10,
    budgetP95Ms,
    errors,
    withinBudget: errors === 0 && p95Ms < budgetP95Ms,
  };
}

export async function runBackOfficeBench(baseUrl: string, orderTotal: number): Promise<BackOfficeResult[]> {
  const headers = await benchManagerSession(baseUrl);
  const prng = createPrng(0x0ff1ce);
  const lists = Array.from({ length: 360 }, (_, n) => `${ADMIN}/orders?${listQuery(n, prng, orderTotal)}`);
  const dashboards = Array.from(
    { length: 60 },
    (_, n) => `${ADMIN}/dashboard?range=${['today', '7d', '30d'][n % 3]}`,
  );
  // Warm-up: the first requests fill the database's caches and the server's JIT.
  await timed(
    'warm-up',
    Number.POSITIVE_INFINITY,
    [...lists.slice(0, 24), ...dashboards.slice(0, 6)],
    baseUrl,
    headers,
  );
  return [
    await timed(`admin order list (${orderTotal.toLocaleString('en')} orders)`, 100, lists, baseUrl, headers),
    await timed(`dashboard (${orderTotal.toLocaleString('en')} orders)`, 200, dashboards, baseUrl, headers),
  ];
}

export function printBackOffice(results: BackOfficeResult[]) {
  for (const r of results)
    console.log(
      `  ${r.name}: ${r.requests} requests one at a time, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms (budget < ${r.budgetP95Ms} ms), max ${r.maxMs} ms` +
        `${r.errors ? `, errors ${r.errors}` : ''} — ${r.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = process.argv[2];
  if (!baseUrl) throw new Error('usage: tsx scripts/bench/back-office.ts http://127.0.0.1:PORT [orders]');
  const results = await runBackOfficeBench(baseUrl, Number(process.argv[3] ?? 100_000));
  printBackOffice(results);
  if (results.some((r) => !r.withinBudget)) process.exitCode = 1;
}
