import { productListSorts } from '@shop/contract/admin/catalogue';
import { queryRows } from '@shop/db/seed/raw-rows';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { matchCount, productPageQuery } from './product-admin.repository.ts';

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

/** Ids of products whose name has an `a`: a name search's matches, as product-names.ts gives them. */
async function namesWithA(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`select id from products where name ilike '%a%' order by id`,
  );
  return rows.map((r) => Number(r.id));
}

it("reads a name search's page of few matches from its matches and sorts them, in every sort (no walk of the sort column's index)", async () => {
  // A walk of the sort column's index tests each row it meets against the matches: 46–140 ms at
  // 100,000 products when they come last in that order, or never within a category. Here, as a
  // planner that would rather walk an index than sort (enable_sort off) plans it.
  const ids = await namesWithA();
  expect(ids.length).toBeGreaterThan(20);
  for (const sort of productListSorts) {
    const [read, walked] = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const planOf = async (readMatches: boolean) => {
        const page = productPageQuery(tx, { ids }, sort, { limit: 20, offset: 0 }, 10, readMatches);
        const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${page}`);
        return plan.map((row) => row['QUERY PLAN']).join('\n');
      };
      return [await planOf(true), await planOf(false)];
    });
    expect(read, sort).toMatch(/Sort\b/);
    expect(read, sort).toMatch(/products_pkey/);
    // The same query in the column's own order walks its index (what a common word is left to).
    expect(walked, sort).not.toMatch(/Sort Key/);
  }
});

it('gives the same page in the same order, read from the matches or walked, in every sort and page', async () => {
  const ids = await namesWithA();
  for (const sort of productListSorts)
    for (const offset of [0, 7]) {
      const paging = { limit: 10, offset };
      const read = await productPageQuery(t.ctx.db, { ids }, sort, paging, 10, true);
      const walked = await productPageQuery(t.ctx.db, { ids }, sort, paging, 10, false);
      expect(read.length, sort).toBe(10);
      expect(
        read.map((r) => r.id),
        `${sort} from ${offset}`,
      ).toEqual(walked.map((r) => r.id));
    }
});
