import { productListSorts } from '@shop/contract/admin/catalogue';
import { queryRows } from '@shop/db/seed/raw-rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { matchCount } from './catalogue-admin.repository.ts';

/**
 * Rule (back office, product list p95 < 50 ms, held at 100,000 products too): the list's pages and
 * counts are read from indexes, not from the whole table. Its sorts and filters are in
 * catalogue-admin.test.ts; here, the plans they rest on.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('has a btree index led by the column of each sort it offers (a page of 100,000 products is read from it, not sorted whole)', async () => {
  const columnOf: Record<string, string> = {
    id: 'id',
    name: 'name',
    selling_price: 'selling_price_paise',
    available_stock: 'available_stock',
    updated_at: 'updated_at',
  };
  const indexes = await queryRows<{ indexdef: string }>(
    t.ctx.db,
    sql`select indexdef from pg_indexes where tablename = 'products'`,
  );
  const leading = new Set(indexes.map((i) => /USING btree \("?([a-z_]+)/.exec(i.indexdef)?.[1]));
  for (const sort of productListSorts) expect(leading, sort).toContain(columnOf[sort.replace(/^-/, '')]);
});

it('counts the matches of its visibility and stock-state filters from an index alone (no read of the whole table)', async () => {
  // As a shop of 100,000 products plans it: its rows all visible (vacuumed), the table too large
  // to read whole; this test's few rows would otherwise be read whole, which costs nothing here.
  await t.ctx.db.execute(sql`VACUUM products`);
  // One transaction: the planner settings hold for its connection only (PostgreSQL's pool).
  const plan = await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select count(*) from products
           where is_active and available_stock > 0 and available_stock <= coalesce(low_stock_threshold, 10)`,
    );
  });
  expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(
    'Index Only Scan using products_list_filter_idx',
  );
});

it('counts the matches of a name search through the trigram index, not by testing every name of the name index', async () => {
  // As above, as a large shop plans it. With count(*), the count of a common word was answered
  // from the (name, id) index alone, every name tested with ILIKE: 90–160 ms at 100,000 products.
  await t.ctx.db.execute(sql`VACUUM products`);
  const plan = await t.ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql`explain select ${matchCount({ text: 'kaju' })} from products where name ilike '%kaju%'`,
    );
  });
  const text = plan.map((row) => row['QUERY PLAN']).join('\n');
  expect(text).toContain('Bitmap Index Scan on products_name_trgm_idx');
  expect(text).not.toContain('Index Only Scan using products_name_idx');
});
