import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { queryRows } from './seed/raw-rows.ts';
import { vacuumAnalyze } from './upkeep.ts';

/**
 * Rule: the embedded database is vacuumed by the shop itself (PGlite has no autovacuum), so rows
 * written in bulk — a day of orders, a seeding — become readable from covering indexes alone.
 */

let database: Database;
beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(
    sql`CREATE TABLE sales (id serial PRIMARY KEY, day date NOT NULL, total int NOT NULL)`,
  );
  await database.db.execute(sql`CREATE INDEX sales_day_total ON sales (day, total)`);
  await database.db.execute(
    sql`INSERT INTO sales (day, total) SELECT date '2026-01-01' + (g % 90), g FROM generate_series(1, 20000) g`,
  );
});
afterAll(() => database?.close());

/** The heap pages an index-only scan of one month of sales still had to read. */
async function heapFetches(): Promise<number> {
  await database.db.execute(sql`SET enable_seqscan = off`);
  await database.db.execute(sql`SET enable_bitmapscan = off`);
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    database.db,
    sql`EXPLAIN (ANALYZE, COSTS OFF) SELECT day, sum(total) FROM sales WHERE day >= date '2026-02-01' GROUP BY day`,
  );
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toContain('Index Only Scan using sales_day_total');
  return Number(/Heap Fetches: (\d+)/.exec(text)?.[1]);
}

it('makes bulk-written rows readable from a covering index alone after the upkeep vacuum', async () => {
  expect(await heapFetches()).toBeGreaterThan(1000);
  await vacuumAnalyze(database);
  expect(await heapFetches()).toBe(0);
});
