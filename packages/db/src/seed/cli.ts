/**
 * `npm run seed`: re-creates the demo shop in the configured database (DATABASE_URL, or PGlite in
 * DATA_DIR/db) and re-renders its media in DATA_DIR/media. Every table is emptied first.
 * `npm run seed:bench` (--bench) then grows the catalogue to 10,000 products, or to N with
 * `npm run seed:bench -- --products N`. `--orders N` adds N generated orders over the last 90 days
 * (bench-orders.ts) for the back office's budgets.
 */
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { seedBenchOrders } from './bench-orders.ts';
import { seedBenchProducts } from './bench-products.ts';
import { vacuumAnalyze } from '../upkeep.ts';
import { seedDemoRows } from './demo-shop.ts';
import { ensureDemoMedia } from './media/demo-media.ts';
import { queryRows } from './raw-rows.ts';

const BENCH_TOTAL = 10_000;

async function main(): Promise<void> {
  const bench = process.argv.includes('--bench');
  const productsArg = process.argv.indexOf('--products');
  const benchTotal = productsArg >= 0 ? Number(process.argv[productsArg + 1]) : BENCH_TOTAL;
  if (!Number.isInteger(benchTotal) || benchTotal < 1) throw new Error('--products takes a whole number');
  const ordersArg = process.argv.indexOf('--orders');
  const orderTotal = ordersArg >= 0 ? Number(process.argv[ordersArg + 1]) : 0;
  if (!Number.isInteger(orderTotal) || orderTotal < 0) throw new Error('--orders takes a whole number');
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const mediaDir = resolve(dataDir, 'media');
  const started = Date.now();
  const database = await openDatabase({ url, dataDir: url ? undefined : resolve(dataDir, 'db') });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const tables = await queryRows<{ tablename: string }>(
      db,
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    const names = tables.map((row) => `"${row.tablename}"`);
    await db.transaction(async (tx) => {
      if (names.length > 0)
        await tx.execute(sql.raw(`TRUNCATE ${names.join(', ')} RESTART IDENTITY CASCADE`));
      await seedDemoRows(tx);
    });
    const rowsDone = Date.now();
    const files = await ensureDemoMedia(mediaDir, { overwrite: true });
    const mediaDone = Date.now();
    const benchAdded = bench ? await seedBenchProducts(db, benchTotal) : 0;
    const ordersDone = orderTotal > 0 ? await seedBenchOrders(db, orderTotal) : 0;
    // A bulk load leaves every row unvisible to index-only scans and the planner without statistics.
    const vacuumMs = await vacuumAnalyze(database);

    const [counts] = await queryRows<Record<string, number | string>>(
      db,
      sql`SELECT (SELECT count(*) FROM categories) AS categories, (SELECT count(*) FROM products) AS products,
        (SELECT count(*) FROM banners) AS banners, (SELECT count(*) FROM pages) AS pages,
        (SELECT count(*) FROM settings) AS settings, (SELECT count(*) FROM coupons) AS coupons,
        (SELECT count(*) FROM payment_gateways) AS payment_gateways, (SELECT count(*) FROM customers) AS customers`,
    );
    console.log(`Seeded the demo shop into ${url ? 'PostgreSQL' : `PGlite at ${resolve(dataDir, 'db')}`}:`);
    for (const [table, n] of Object.entries(counts ?? {})) console.log(`  ${table.padEnd(18)} ${n}`);
    console.log(`  media files        ${files} written to ${mediaDir}`);
    if (bench) console.log(`  bench products     ${benchAdded} added`);
    if (orderTotal > 0) console.log(`  orders             ${ordersDone} (bench orders over 90 days)`);
    console.log(
      `Rows ${rowsDone - started} ms (with migrations), media ${mediaDone - rowsDone} ms, vacuum ${vacuumMs} ms, total ${Date.now() - started} ms.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
