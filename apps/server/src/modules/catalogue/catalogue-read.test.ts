import { products } from '@shop/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { findCatalogueRows } from './catalogue.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Performance rule (ADR 0012): the catalogue's memory reads every active product, a batch at a time. */
describe('reading the whole catalogue', () => {
  it('reads every active product once, in id order; its first batch is small and batches double up to 500', async () => {
    const [category] = await t.ctx.db.select({ id: products.categoryId }).from(products).limit(1);
    if (!category) throw new Error('no products');
    await t.ctx.db.insert(products).values(
      Array.from({ length: 2_000 }, (_, i) => ({
        categoryId: category.id,
        name: `Batch Test Chakli ${i}`,
        urlSlug: `batch-test-chakli-${i}`,
        sellingPricePaise: 1_000 + i,
        isActive: i % 10 !== 0,
      })),
    );
    const active = await t.ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id);

    const batches: number[] = [];
    const rows = await findCatalogueRows(t.ctx.db, null, (batch, read) => {
      batches.push(batch.length);
      expect(read).toBe(batches.reduce((a, b) => a + b, 0));
    });

    expect(rows.map((r) => r.id)).toEqual(active.map((r) => r.id));
    expect(batches.slice(0, 5)).toEqual([50, 100, 200, 400, 500]);
    expect(Math.max(...batches)).toBe(500);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(active.length);
  });
});
