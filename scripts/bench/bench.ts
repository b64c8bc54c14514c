/**
 * `npm run bench`: the performance budgets of product rules §11, measured the way a user runs the shop.
 * 1. API: the server on a 10,000-product catalogue, autocannon at 100 connections — products by
 *    category, keyword search, settings — on embedded PGlite and, with DATABASE_URL, on PostgreSQL.
 * 2. Checkout: p50/p99 at 50 concurrent customers, and no overselling.
 * 3. Storefront: Lighthouse (mobile) on home, a category page and a content page.
 * Prints a table and writes bench-results/bench-<timestamp>.json.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { openDatabase } from '@shop/db/client';
import { migrateDatabase } from '@shop/db/migrate';
import { ensureDemoShop } from '@shop/db/seed/demo-shop';
import pg from 'pg';
import { type LoadResult, measure } from './api-load.ts';
import { ensureBuilt } from '../ensure-ready.mjs';
import { startShop } from './bench-server.ts';

const root = new URL('../../', import.meta.url).pathname;
const tmp = `${root}.tmp/bench`;
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const budgetP99Ms = 20;

const keywords = [
  'kaju',
  'pnut',
  'padlok',
  'masala',
  'achar',
  'bhujia',
  'lock',
  'cookies',
  'chips',
  'almond',
];
const scenarios: Array<{ name: string; paths: string[] }> = [
  {
    name: 'products by category',
    paths: ['/backend/api/web/products?per-page=100&page=1&ProductsSearch[category_id]=2'],
  },
  {
    name: 'keyword search',
    paths: keywords.map((k) => `/backend/api/web/products?ProductsSearch[keyword]=${encodeURIComponent(k)}`),
  },
  {
    name: 'settings',
    paths: ['/backend/api/web/settings?SettingsSearch[module_name]=frontend&per-page=200'],
  },
];

async function prepareDatabase(kind: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  const dataDir = `${tmp}/${kind}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  let url: string | undefined;
  if (kind === 'postgres') {
    const base = new URL(process.env.DATABASE_URL ?? '');
    const name = `${base.pathname.replace(/^\//, '') || 'storefront'}_bench`;
    const admin = new pg.Client({
      connectionString: Object.assign(new URL(base), { pathname: '/postgres' }).toString(),
    });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    base.pathname = `/${name}`;
    url = base.toString();
  }
  const database = await openDatabase({ url, dataDir: url ? undefined : `${dataDir}/db` });
  await migrateDatabase(database);
  await ensureDemoShop(database.db, { mediaDir: `${dataDir}/media` });
  const { seedBenchProducts } = await import('@shop/db/seed/bench-products');
  await seedBenchProducts(database.db, 10_000);
  await database.close();
  return { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) };
}

interface Report {
  date: string;
  api: Array<LoadResult & { database: string; withinBudget: boolean }>;
  checkout?: unknown;
  lighthouse?: unknown;
}

async function main() {
  ensureBuilt(); // Lighthouse must measure the current storefront
  const report: Report = { date: new Date().toISOString(), api: [] };
  const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    console.log(`\n# ${kind}: preparing 10,000 products…`);
    const env = await prepareDatabase(kind);
    // The checkout bench may run 50 clients as the one demo customer: lift the per-customer order
    // caps so that it measures stock contention, not the cap.
    const shop = await startShop({ ...env, ORDER_MAX_UNPAID: '1000', ORDER_MAX_COD_PER_DAY: '1000' });
    try {
      for (const scenario of scenarios) {
        await measure(scenario.name, shop.baseUrl, scenario.paths, { durationSeconds: 2 }); // warm-up
        const result = await measure(scenario.name, shop.baseUrl, scenario.paths, { durationSeconds });
        report.api.push({
          ...result,
          database: kind,
          withinBudget: result.p99Ms < budgetP99Ms && result.errors === 0,
        });
      }
      if (kind === 'pglite') {
        const checkout = await import('./checkout.ts').catch(() => null);
        if (checkout) report.checkout = await checkout.runCheckoutBench(shop.baseUrl);
        const lighthouse = await import('./lighthouse.ts').catch(() => null);
        if (lighthouse) {
          report.lighthouse = await lighthouse.runLighthouse(shop.baseUrl, [
            '/',
            '/category/2/1/food',
            '/page/about-us',
          ]);
        }
      }
    } finally {
      await shop.stop();
    }
  }
  console.log('\nAPI at 100 connections (budget: p99 < 20 ms, 0 errors)');
  console.table(
    report.api.map((r) => ({
      database: r.database,
      scenario: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      errors: r.errors,
      non2xx: r.non2xx,
      budget: r.withinBudget ? 'ok' : 'OVER',
    })),
  );
  if (report.checkout) console.log('\nCheckout:', report.checkout);
  if (report.lighthouse) {
    console.log('\nLighthouse (mobile)');
    console.table(report.lighthouse);
  }
  mkdirSync(`${root}bench-results`, { recursive: true });
  const file = `${root}bench-results/bench-${report.date.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWritten ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
